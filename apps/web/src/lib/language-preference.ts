import { normaliseLanguage, type Language } from '@gridlens/domain/language';
import { renderSession } from './render-session';

export const LANGUAGE_STORAGE_KEY = 'gridlens.language';

/** Spec §4 Language: kept in local storage; a value outside the five languages is reset to EN. */
export function readStoredLanguage(): Language {
  const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  const language = normaliseLanguage(stored);
  if (stored !== language) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  return language;
}

/**
 * The language of this page load: a render session's (the server's PDF renderer asks for the report's language),
 * which wins over the stored one and is not stored; otherwise the stored one.
 */
export function initialLanguage(): Language {
  return renderSession()?.language ?? readStoredLanguage();
}

/** A change is stored and the page reloads, so every screen and format picks it up at once. */
export function changeLanguage(language: Language): void {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  window.location.reload();
}

/** Each language is named in itself (an endonym), whatever the interface language. */
export const LANGUAGE_NAME_KEYS: Record<Language, string> = {
  EN: 'languages.EN',
  GA: 'languages.GA',
  FR: 'languages.FR',
  ES: 'languages.ES',
  PL: 'languages.PL',
};
