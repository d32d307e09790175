import type { Language } from '@gridlens/domain/language';
import type { Catalogue } from './catalogues';

// One dynamic import per language, so that a bundler makes one chunk of each and a browser downloads only its own.
const loaders: Record<Language, () => Promise<{ default: Catalogue }>> = {
  EN: () => import('../locales/en.json'),
  GA: () => import('../locales/ga.json'),
  FR: () => import('../locales/fr.json'),
  ES: () => import('../locales/es.json'),
  PL: () => import('../locales/pl.json'),
};

/** One language's catalogue, fetched when asked for: the web app's way in. */
export async function loadCatalogue(language: Language): Promise<Catalogue> {
  return (await loaders[language]()).default;
}
