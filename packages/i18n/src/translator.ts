import i18next from 'i18next';
import { LANGUAGES, languageTag, type Language } from '@gridlens/domain/language';
import { CATALOGUES } from './catalogues';
import { I18NEXT_OPTIONS } from './i18next-options';

/** A text by key, with its {{placeholders}} filled. */
export type Translate = (key: string, values?: Readonly<Record<string, string>>) => string;

// One instance holding all five languages. initAsync: false makes init synchronous: the resources are given,
// nothing is fetched.
const allLanguages = i18next.createInstance();
void allLanguages.init({
  ...I18NEXT_OPTIONS,
  initAsync: false,
  lng: languageTag('EN'),
  resources: Object.fromEntries(LANGUAGES.map((language) => [languageTag(language), { translation: CATALOGUES[language] }])),
});

/**
 * Texts in one language from the shared catalogue, for what the server writes itself (alert emails, the sign-in
 * page, and next the PDF reports). Unlike `i18next.t`, a translator keeps its language whatever others ask for.
 */
export function translatorFor(language: Language): Translate {
  const t = allLanguages.getFixedT(languageTag(language));
  return (key, values) => t(key, values ?? {});
}
