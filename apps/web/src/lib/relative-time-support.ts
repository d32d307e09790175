import { languageTag, type Language } from '@gridlens/domain/language';
import { loadChunk } from './chunk-load';

/** Each language's relative-time texts from CLDR, one chunk each, fetched only where the browser lacks them. */
const LOCALE_DATA: Record<Language, () => Promise<unknown>> = {
  EN: () => loadChunk(() => import('@formatjs/intl-relativetimeformat/locale-data/en.js')),
  GA: () => loadChunk(() => import('@formatjs/intl-relativetimeformat/locale-data/ga.js')),
  FR: () => loadChunk(() => import('@formatjs/intl-relativetimeformat/locale-data/fr.js')),
  ES: () => loadChunk(() => import('@formatjs/intl-relativetimeformat/locale-data/es.js')),
  PL: () => loadChunk(() => import('@formatjs/intl-relativetimeformat/locale-data/pl.js')),
};

/**
 * "2 lá ó shin", not "2 days ago": Chromium's ICU carries relative-time texts only for the languages of its own
 * interface, which Irish is not, and `Intl.RelativeTimeFormat('ga')` quietly formats in English there. Where the
 * browser does not support the user's language, this puts the CLDR implementation of @formatjs in its place with
 * that language's texts (a language change reloads the page, so one language is enough). True when it did.
 */
export async function provideRelativeTimeFormat(language: Language): Promise<boolean> {
  const tag = languageTag(language);
  if (typeof Intl.RelativeTimeFormat === 'function' && Intl.RelativeTimeFormat.supportedLocalesOf([tag]).length > 0) return false;
  await loadChunk(() => import('@formatjs/intl-relativetimeformat/polyfill-force.js'));
  await LOCALE_DATA[language]();
  return true;
}
