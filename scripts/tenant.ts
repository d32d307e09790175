// npm run tenant -- list|show|add|set ...: adds and changes tenants and their tabs (issue 28, docs/operations.md).
// Opens the database the server would (DATABASE_URL, else the embedded PGlite under DATA_DIR) and applies pending
// migrations as the server does at start-up. PGlite is single-process: while the server holds DATA_DIR the command
// refuses, naming the process (PgliteInUseError); with PostgreSQL both run at once.
import { join } from 'node:path';
import { loadConfig } from '../apps/server/src/config/env';
import type { Database } from '../apps/server/src/db/database';
import { PgliteInUseError } from '../apps/server/src/db/pglite-lock';
import { migrate } from '../apps/server/src/db/migrate';
import { openConfiguredDatabase } from '../apps/server/src/db/open-database';
import { runTenantCommand, TENANT_COMMAND_USAGE } from '../apps/server/src/modules/tenants/tenant-command';

const args = process.argv.slice(2);
if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
  console.log(TENANT_COMMAND_USAGE);
  process.exit(args.length === 0 ? 2 : 0);
}

const config = loadConfig();
const where = config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : `the embedded database in ${join(config.dataDir, 'pglite')}`;
let db: Database;
try {
  db = await openConfiguredDatabase(config);
  await migrate(db);
} catch (error) {
  // PgliteInUseError says which process holds the embedded database and what to do.
  console.error(error instanceof PgliteInUseError ? error.message : `Could not open ${where}: ${(error as Error).message}`);
  process.exit(1);
}
const code = await runTenantCommand(args, db, { out: (line) => console.log(line), err: (line) => console.error(line) });
await db.close();
if (code === 0) console.error(`(${where})`);
process.exit(code);
