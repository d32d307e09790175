/** Spec §1/§4: the five interface languages; EN is the default and the fallback for anything else. */
export const LANGUAGES = ['EN', 'GA', 'FR', 'ES', 'PL'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'EN';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A stored value outside the five languages resets to EN (spec §4 Language). */
export function normaliseLanguage(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** BCP 47 tag for Intl formatting and the html lang attribute. */
export function languageTag(language: Language): string {
  return language.toLowerCase();
}
