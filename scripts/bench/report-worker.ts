// The report runner's own process for the report-runner bench, as a deployment runs it (docs/configuration.md "A
// process for the reports"): the same server on the same database, sending the scheduled reports with its own
// browser, answering its browser's pages on loopback, in the lower CPU share the bench gives it.
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet } from 'jose';
import { buildApp } from '../../apps/server/src/app';
import { createTokenVerifier } from '../../apps/server/src/auth/token-verifier';
import { loadConfig } from '../../apps/server/src/config/env';
import { openPostgres } from '../../apps/server/src/db/database';
import { buildModuleGraph } from '../../apps/server/src/module-graph';

const config = loadConfig({ ...process.env, OIDC_ISSUER: 'https://bench.invalid/', LOG_LEVEL: 'silent' });
const db = openPostgres(process.env['DATABASE_URL'] ?? '', 8);
const graph = buildModuleGraph({ config, db });
// No user signs in here: only its own browser's pages, with this process's render tickets.
const app = await buildApp({
  config,
  graph,
  verifyToken: createTokenVerifier(config.auth, createLocalJWKSet({ keys: [] })),
  embeddedProvider: null,
});
await app.listen({ port: 0, host: '127.0.0.1' });
graph.reportDelivery.listeningAt(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
graph.scheduler.start();
process.send?.('ready');
process.on('message', (message) => {
  if (message !== 'stop') return;
  void graph.scheduler
    .stop()
    .then(() => graph.reportDelivery.close())
    .then(() => app.close())
    .then(() => db.close())
    .then(() => process.exit(0));
});
