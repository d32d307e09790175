import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageTag, type Language } from '@gridlens/domain/language';

type Resources = Record<string, unknown>;
// One chunk per language: a user downloads only their own.
const loaders: Record<Language, () => Promise<{ default: Resources }>> = {
  EN: () => import('../i18n/locales/en.json'),
  GA: () => import('../i18n/locales/ga.json'),
  FR: () => import('../i18n/locales/fr.json'),
  ES: () => import('../i18n/locales/es.json'),
  PL: () => import('../i18n/locales/pl.json'),
};

export async function initI18n(language: Language): Promise<void> {
  const { default: translation } = await loaders[language]();
  const tag = languageTag(language);
  await i18next.use(initReactI18next).init({
    lng: tag,
    resources: { [tag]: { translation } },
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = tag;
}
