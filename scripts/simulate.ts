// npm run simulate: fills the demo tenants with the simulated fleets and history, then keeps them reporting.
// Uses the same configuration as the server (DATABASE_URL or DATA_DIR, DEMO_HISTORY_DAYS). With PGlite the
// server must not be running on the same DATA_DIR (PGlite is single-process); with PostgreSQL both can run.
import { pino } from 'pino';
import { loadConfig } from '../apps/server/src/config/env';
import { migrate } from '../apps/server/src/db/migrate';
import { openConfiguredDatabase } from '../apps/server/src/db/open-database';
import { seedDemoData } from '../apps/server/src/db/seed-demo';
import { ingestServiceSender, seedDemoPowerData } from '../apps/server/src/demo/demo-power-seed';
import { startLiveSimulator } from '../apps/server/src/demo/live-simulator';
import { createIngestRepository } from '../apps/server/src/modules/ingest/ingest.repository';
import { createIngestService } from '../apps/server/src/modules/ingest/ingest.service';

const config = loadConfig();
const log = pino({ level: config.logLevel });
const db = await openConfiguredDatabase(config);
await migrate(db);
await seedDemoData(db);
const send = ingestServiceSender(createIngestService({ db, repository: createIngestRepository() }), log);

const startedMs = Date.now();
const { messages, fromMs } = await seedDemoPowerData(db, send, startedMs, config.demoHistoryDays);
log.info(
  { messages, from: new Date(fromMs).toISOString(), seconds: (Date.now() - startedMs) / 1000 },
  'history filled; now sending live readings every minute (Ctrl+C stops)',
);
const stop = startLiveSimulator(send, startedMs, log);
const keepAlive = setInterval(() => undefined, 60_000);
process.on('SIGINT', () => {
  stop();
  clearInterval(keepAlive);
  void db.close().then(() => process.exit(0));
});
