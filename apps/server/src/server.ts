import type { Server } from 'node:http';
import { pino } from 'pino';
import { buildApp } from './app';
import { configuredTokenVerifier } from './auth/configured-verifier';
import { createIssuerKeys } from './auth/issuer-keys';
import { checkIssuerAtStartUp } from './auth/issuer-readiness';
import { ConfigurationError, loadConfig, type ServerConfig } from './config/env';
import { migrate } from './db/migrate';
import { noChangeFeed, postgresChangeFeed } from './db/change-feed';
import { postgresLeadership, soleLeadership } from './db/leadership';
import { openConfiguredDatabase } from './db/open-database';
import { DEMO_USERS, demoAccountsBanner } from './oidc/demo-users';
import { startDemo } from './demo/start-demo';
import type { StartupTasks } from './http/health.routes';
import { rateLimitCleanupJob } from './http/rate-limit-store';
import { buildModuleGraph } from './module-graph';
import { startMqttSubscriber, type MqttSubscriber } from './modules/ingest/mqtt-subscriber';
import { inProcessSessionLeases, postgresSessionLeases } from './modules/ingest/mqtt-session-leases';
import { createConfiguredEmbeddedProvider } from './oidc/embedded-provider';
import { BrokerPortInUseError, startEmbeddedBroker, type EmbeddedBroker } from './modules/ingest/mqtt-broker';

const SHUTDOWN_GRACE_MS = 10_000;

async function start(config: ServerConfig): Promise<void> {
  const db = await openConfiguredDatabase(config);
  const applied = await migrate(db);

  const embeddedProvider = config.auth.embedded ? await createConfiguredEmbeddedProvider(config, db, config.dataDir) : null;
  // An external issuer's keys, fetched through its discovery document; the embedded provider signs with its own.
  const issuerKeys = embeddedProvider ? null : createIssuerKeys(config.auth.issuer);
  const startupTasks: StartupTasks = new Map();
  const jobs = [...(embeddedProvider?.jobs ?? []), ...rateLimitCleanupJob(db)];
  const graph = buildModuleGraph({ config, db, log: pino({ level: config.logLevel }), jobs });
  if (config.demoData) await graph.tenants.seedDemoTenants();
  const app = await buildApp({
    config,
    graph,
    startupTasks,
    embeddedProvider,
    verifyToken: configuredTokenVerifier(config, embeddedProvider, issuerKeys),
  });
  const { scheduler } = graph;
  // Every process on one PostgreSQL forgets what it kept of a table another process changed (NOTIFY on commit).
  const changes = config.databaseUrl ? postgresChangeFeed(config.databaseUrl, app.log) : noChangeFeed();
  for (const module of graph.modules) for (const [table, forget] of Object.entries(module.cachedTables ?? {})) changes.on(table, forget);
  app.log.info({ database: db.kind, migrationsApplied: applied }, 'database ready');

  if (!config.smtp) app.log.warn('SMTP_URL is not set: alert emails are kept in the outbox (alert_notifications) and none are sent');
  scheduler.start();
  app.log.info({ jobs: scheduler.names() }, 'scheduled jobs started');
  let mqttSubscriber: MqttSubscriber | null = null;
  let mqttBroker: EmbeddedBroker | null = null;
  let stopDemo: () => Promise<void> = () => Promise.resolve();
  // An external issuer is checked now, not at the first sign-in: /readyz says why while it cannot be reached.
  const stopIssuerCheck = issuerKeys ? checkIssuerAtStartUp(config.auth.issuer, issuerKeys, startupTasks, app.log) : () => undefined;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    void scheduler.stop();
    stopIssuerCheck();
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    void Promise.all([stopDemo(), changes.close(), mqttSubscriber?.close(), mqttBroker?.close(), graph.reportDelivery.close()])
      .then(() => app.close())
      .then(() => db.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  graph.reportDelivery.listeningAt(config.reportDelivery.renderUrl ?? ownAddress(app.server.address(), config.host));
  if (config.demoData) {
    // Listening first: the portal answers (and /readyz says "seeding") while the history fills. One process of all
    // those on the database seeds and simulates; another takes over if it stops.
    const leadership = config.databaseUrl ? postgresLeadership(config.databaseUrl, 'demo-data', app.log) : soleLeadership();
    stopDemo = leadership.lead(async () => {
      startupTasks.set('demo_data', 'running');
      try {
        const stop = await startDemo(app, graph, { powerDays: config.demoHistoryDays, trackingDays: config.demoTrackingHistoryDays });
        startupTasks.delete('demo_data');
        await graph.retention.maintainTables(); // statistics for the freshly filled tables (PGlite has no autovacuum)
        return stop;
      } catch (error) {
        startupTasks.set('demo_data', 'failed');
        app.log.error({ err: error }, 'seeding the demo data failed');
        return () => undefined;
      }
    });
  }
  if (config.mqtt) {
    // Processes share the broker sessions through the database; PGlite is one process's, which holds them all.
    const leases = config.databaseUrl ? postgresSessionLeases(config.databaseUrl, config.mqtt.clientId, app.log) : inProcessSessionLeases();
    mqttSubscriber = startMqttSubscriber(config.mqtt, graph.ingest.service, graph.tenants.tenantExists, app.log, leases);
  } else if (config.mqttBroker) {
    mqttBroker = await startEmbeddedBroker(
      config.mqttBroker,
      graph.ingest.service,
      (secret) => graph.ingest.keys.tenantOfKey(secret),
      app.log,
    ).catch((error: unknown) => {
      throw error instanceof BrokerPortInUseError ? new ConfigurationError(error.message) : error;
    });
  } else {
    app.log.warn('MQTT_PORT=off and no MQTT_URL: devices can send only over HTTP');
  }
  const url = config.publicUrlIsSet ? config.publicUrl : `http://localhost:${config.port}`;
  // Without PUBLIC_URL the embedded provider's issuer is the address each request came to (any of this machine's).
  const issuer = embeddedProvider && !config.publicUrlIsSet ? '<the address the browser used>/oidc' : config.auth.issuer;
  app.log.info({ url, issuer, environment: config.environment, demoMode: config.demoMode }, 'Gridlens portal is running');
  if (embeddedProvider && config.demoMode) {
    process.stdout.write(demoAccountsBanner(DEMO_USERS, url));
  } else if (embeddedProvider) {
    app.log.warn('Demo mode is off and OIDC_ISSUER is unset: the embedded identity provider has no accounts, so nobody can sign in');
  }
}

/** This process's own HTTP address: loopback when it listens on every address, else the one it listens on. */
function ownAddress(address: ReturnType<Server['address']>, host: string): string {
  const port = typeof address === 'object' && address ? address.port : 0;
  const everywhere = host === '0.0.0.0' || host === '::' || host === '';
  const name = everywhere ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

try {
  await start(loadConfig());
} catch (error) {
  const message =
    error instanceof ConfigurationError
      ? error.message
      : `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
