// npm run simulate: fills the demo tenants with the simulated fleets, trackers and history, then keeps them reporting.
// Uses the same configuration as the server (DATABASE_URL or DATA_DIR, DEMO_HISTORY_DAYS, DEMO_TRACKING_HISTORY_DAYS). With PGlite the
// server must not be running on the same DATA_DIR (PGlite is single-process); with PostgreSQL both can run.
import { pino } from 'pino';
import { loadConfig } from '../apps/server/src/config/env';
import { migrate } from '../apps/server/src/db/migrate';
import { openConfiguredDatabase } from '../apps/server/src/db/open-database';
import { seedDemoData } from '../apps/server/src/demo/seed-demo';
import { ingestServiceSender, seedDemoPowerData } from '../apps/server/src/demo/demo-power-seed';
import { seedDemoTracking } from '../apps/server/src/demo/demo-tracking';
import { startLiveSimulator } from '../apps/server/src/demo/live-simulator';
import { buildModuleGraph } from '../apps/server/src/module-graph';

const config = loadConfig();
const log = pino({ level: config.logLevel });
const db = await openConfiguredDatabase(config);
await migrate(db);
await seedDemoData(db);
// The server's own ingest path, so simulated readings and positions raise alerts as a device's would.
const graph = buildModuleGraph({ config, db, log });
const send = ingestServiceSender(graph.ingest.service, log);

const startedMs = Date.now();
const { messages, fromMs } = await seedDemoPowerData(graph, send, startedMs, config.demoHistoryDays);
const trackingSeed = await seedDemoTracking(graph, send, startedMs, config.demoTrackingHistoryDays);
log.info(
  { messages, positions: trackingSeed.messages, from: new Date(fromMs).toISOString(), seconds: (Date.now() - startedMs) / 1000 },
  'history filled; now sending live readings and positions every minute (Ctrl+C stops)',
);
const stop = startLiveSimulator(send, startedMs, log);
const keepAlive = setInterval(() => undefined, 60_000);
process.on('SIGINT', () => {
  stop();
  clearInterval(keepAlive);
  void db.close().then(() => process.exit(0));
});
