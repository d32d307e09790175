import { join } from 'node:path';
import type { ServerConfig } from '../config/env';
import { openPglite, openPostgres, type Database } from './database';

/** PostgreSQL when DATABASE_URL is set, else PGlite persisted under DATA_DIR/pglite. */
export async function openConfiguredDatabase(config: ServerConfig): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(join(config.dataDir, 'pglite'));
}
