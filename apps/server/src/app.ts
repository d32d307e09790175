import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerTenantAuth } from './auth/auth.plugin';
import type { TokenVerifier } from './auth/token-verifier';
import type { ServerConfig } from './config/env';
import type { Database } from './db/database';
import { registerClientConfigRoute } from './http/client-config.routes';
import { registerErrorHandler } from './http/error-handler';
import { registerHealthRoutes, type StartupTasks } from './http/health.routes';
import { registerOpenApi } from './http/openapi';
import { registerWebApp } from './http/web-app';
import { registerConfigRoutes } from './modules/config/config.routes';
import { createConfigService } from './modules/config/config.service';
import { createUserSettingsRepository } from './modules/config/user-settings.repository';
import { createFeedbackRepository } from './modules/feedback/feedback.repository';
import { registerFeedbackRoutes } from './modules/feedback/feedback.routes';
import { createTenantLookup } from './modules/tenants/tenant-cache';
import { createTenantsRepository } from './modules/tenants/tenants.repository';
import { createIngestKeysRepository } from './modules/ingest/ingest-keys.repository';
import { registerIngestKeyRoutes } from './modules/ingest/ingest-keys.routes';
import { createIngestKeysService } from './modules/ingest/ingest-keys.service';
import { registerIngestRoutes } from './modules/ingest/ingest.routes';
import { createIngestPath } from './modules/ingest/ingest-path';
import type { AfterStoreHook, IngestService } from './modules/ingest/ingest.service';
import { createPowerDevicesRepository, listQueryParts } from './modules/power-devices/power-devices.repository';
import { registerPowerDeviceRoutes } from './modules/power-devices/power-devices.routes';
import { createPowerDevicesService } from './modules/power-devices/power-devices.service';
import { createPowerReadingsRepository } from './modules/power-readings/power-readings.repository';
import { registerPowerReadingRoutes } from './modules/power-readings/power-readings.routes';
import { createPowerReadingsService } from './modules/power-readings/power-readings.service';
import { createAlertRulesRepository } from './modules/alerts/alert-rules.repository';
import { registerAlertRoutes } from './modules/alerts/alerts.routes';
import { powerAlertsApi } from '@gridlens/contract/alerts';
import { trackingAlertsApi } from '@gridlens/contract/tracking-alerts';
import { createAlertsService } from './modules/alerts/alerts.service';
import { powerAlertKind } from './modules/alerts/power-alert-kind';
import { trackingAlertKind } from './modules/alerts/tracking-alert-kind';
import { registerTrackingRoutes } from './modules/tracking/tracking.routes';
import { createCoverageRepository } from './modules/coverage/coverage.repository';
import { registerCoverageRoutes, registerDeviceTestRoutes } from './modules/coverage/coverage.routes';
import { createCoverageService } from './modules/coverage/coverage.service';
import { createDeviceImagesRepository } from './modules/device-tabs/device-images.repository';
import { registerDeviceImageRoutes } from './modules/device-tabs/device-images.routes';
import { createDeviceImagesService } from './modules/device-tabs/device-images.service';
import { createDeviceTabsRepository } from './modules/device-tabs/device-tabs.repository';
import { registerDeviceTabRoutes } from './modules/device-tabs/device-tabs.routes';
import { createDeviceTabsService } from './modules/device-tabs/device-tabs.service';
import type { EmbeddedProvider } from './oidc/embedded-provider';

export interface AppDependencies {
  config: ServerConfig;
  db: Database;
  verifyToken: TokenVerifier;
  embeddedProvider: EmbeddedProvider | null;
  logger?: FastifyServerOptions['logger'];
  startupTasks?: StartupTasks;
  /** Runs in every ingest transaction for the readings stored, after alert evaluation (tests and benchmarks). */
  afterIngest?: AfterStoreHook;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The ingestion path, shared by HTTP, MQTT and the simulator. */
    ingest: IngestService;
    /** Whether a tenant exists, through the same short-lived cache as the API's tenant checks (MQTT topics). */
    tenantExists: (tenantId: string) => Promise<boolean>;
    /** Judges the tracking rules of time passing (no message, static) at a moment; server.ts runs it every minute. */
    judgeTrackingTimers: (nowMs?: number) => Promise<void>;
  }
}

/** Builds the whole application as one Fastify instance; server.ts only listens, tests call inject(). */
export async function buildApp({
  config,
  db,
  verifyToken,
  embeddedProvider,
  logger = false,
  startupTasks = new Map(),
  afterIngest,
}: AppDependencies): Promise<FastifyInstance> {
  // X-Forwarded-For is believed only from the configured proxies' addresses (false: from nobody).
  const trustProxy = config.trustedProxies.length > 0 ? config.trustedProxies.join(',') : false;
  const app = Fastify({ logger, trustProxy, bodyLimit: 1_048_576 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(fastifyHelmet, { contentSecurityPolicy: { directives: contentSecurityPolicy(config) } });
  // Answers over 1 KB (the assets list is 3.5 MB for 10,000 devices; the web app's scripts) are gzipped for
  // clients that ask: level 3 compresses about 5.7 times in half the time of the default level 6. Request
  // bodies are not decompressed: device batches arrive plain, within the body limit. Ingest answers opt out.
  await app.register(fastifyCompress, {
    encodings: ['gzip', 'deflate'],
    threshold: 1024,
    zlibOptions: { level: 3 },
    globalDecompression: false,
  });
  // Off by default; the routes that need a limit (sign-in form, device ingestion) set their own.
  await app.register(fastifyRateLimit, { global: false });
  await registerOpenApi(app);

  const findTenant = createTenantLookup(createTenantsRepository(db));
  const tenantExists = async (tenantId: string) => (await findTenant(tenantId)) !== null;
  app.decorate('tenantExists', tenantExists);
  registerHealthRoutes(app, db, startupTasks);
  registerClientConfigRoute(app, {
    authority: config.auth.issuer,
    clientId: config.auth.clientId,
    audience: config.auth.embedded ? null : config.auth.audience,
    scope: config.auth.scope,
    rolesClaim: config.auth.rolesClaim,
    appMetadataClaim: config.auth.appMetadataClaim,
    tenantKey: config.auth.tenantKey,
    environment: config.environment,
    signInMode: config.auth.signInMode,
    mapTiles: config.mapTiles,
  });
  embeddedProvider?.register(app);

  const ingestKeys = createIngestKeysService(createIngestKeysRepository(db));
  // Every stored reading and position is judged by the tenant's alert rules in the ingest transaction.
  const {
    ingest,
    judgeTrackingTimers,
    powerRules: ruleCache,
    trackingRules: trackingRuleCache,
    occurrences: alertOccurrences,
    tracking,
  } = createIngestPath(db, afterIngest);
  app.decorate('judgeTrackingTimers', judgeTrackingTimers);
  app.decorate('ingest', ingest);
  registerIngestRoutes(app, ingestKeys, ingest);

  const coverage = createCoverageService({ repository: createCoverageRepository(db) });
  await app.register((api, _options, done) => {
    registerTenantAuth(api, { verifyToken, tenantExists });
    registerCoverageRoutes(api, coverage);
    const alertRules = createAlertRulesRepository(db);
    registerAlertRoutes(
      api,
      powerAlertsApi,
      createAlertsService({ adapter: powerAlertKind(alertRules), rules: alertRules, occurrences: alertOccurrences, cache: ruleCache }),
    );
    registerAlertRoutes(
      api,
      trackingAlertsApi,
      createAlertsService({
        adapter: trackingAlertKind(tracking),
        rules: alertRules,
        occurrences: alertOccurrences,
        cache: trackingRuleCache,
      }),
    );
    registerTrackingRoutes(api, tracking);
    registerConfigRoutes(api, createConfigService({ findTenant, userSettings: createUserSettingsRepository(db) }));
    registerFeedbackRoutes(api, createFeedbackRepository(db));
    registerIngestKeyRoutes(api, ingestKeys);
    const powerDevices = createPowerDevicesService(createPowerDevicesRepository(db, { listParts: listQueryParts(db) }));
    registerPowerDeviceRoutes(api, powerDevices);
    registerPowerReadingRoutes(api, createPowerReadingsService({ repository: createPowerReadingsRepository(db), devices: powerDevices }));
    const requireDevice = powerDevices.require;
    registerDeviceTabRoutes(api, createDeviceTabsService({ repository: createDeviceTabsRepository(db), requireDevice }));
    registerDeviceImageRoutes(api, createDeviceImagesService({ repository: createDeviceImagesRepository(db), requireDevice }));
    done();
  });
  // The installer's device test is the one API Installer-only users may call (spec §2 /checkcoverage).
  await app.register((api, _options, done) => {
    registerTenantAuth(api, { verifyToken, tenantExists, allowInstallers: true });
    registerDeviceTestRoutes(api, coverage);
    done();
  });

  await registerWebApp(app, config.webDistDir);
  return app;
}

/** The tile server's origin when it is plain http (https: is allowed already); {s} subdomains become a wildcard. */
function tileSource(config: ServerConfig): string[] {
  if (!config.mapTiles?.url.startsWith('http:')) return [];
  return [new URL(config.mapTiles.url.replace('{s}', 'tile-subdomain')).origin.replace('tile-subdomain', '*')];
}

/** Same-origin everything; the external issuer (if any) is allowed for token calls and the silent-renew frame. */
function contentSecurityPolicy(config: ServerConfig) {
  const issuerOrigin = config.auth.embedded ? null : new URL(config.auth.issuer).origin;
  const withIssuer = (...sources: string[]) => (issuerOrigin ? [...sources, issuerOrigin] : sources);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: withIssuer("'self'", 'data:', 'blob:', 'https:', ...tileSource(config)),
    connectSrc: withIssuer("'self'"),
    frameSrc: withIssuer("'self'"),
    formAction: withIssuer("'self'"),
    upgradeInsecureRequests: null,
  };
}
