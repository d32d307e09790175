import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageTag, type Language } from '@gridlens/domain/language';
import { I18NEXT_OPTIONS } from '@gridlens/i18n/i18next-options';
import { loadCatalogue } from '@gridlens/i18n/load-catalogue';
import { provideRelativeTimeFormat } from './relative-time-support';

export async function initI18n(language: Language): Promise<void> {
  const [translation] = await Promise.all([loadCatalogue(language), provideRelativeTimeFormat(language)]);
  const tag = languageTag(language);
  await i18next.use(initReactI18next).init({ ...I18NEXT_OPTIONS, lng: tag, resources: { [tag]: { translation } } });
  document.documentElement.lang = tag;
}
