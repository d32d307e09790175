import type { Language } from '@gridlens/domain/language';
import en from '../locales/en.json' with { type: 'json' };
import es from '../locales/es.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };
import ga from '../locales/ga.json' with { type: 'json' };
import pl from '../locales/pl.json' with { type: 'json' };

/** A language's texts, namespaced by capability ("alerts.fields.imbalance"); every language has English's keys. */
export type Catalogue = typeof en;

/**
 * All five catalogues in memory, for a process that writes in any of them (the server: alert emails, the sign-in
 * page). A browser loads its one language through `load-catalogue` instead.
 */
export const CATALOGUES: Record<Language, Catalogue> = { EN: en, GA: ga, FR: fr, ES: es, PL: pl };
