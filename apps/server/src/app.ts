import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerTenantAuth } from './auth/auth.plugin';
import type { TokenVerifier } from './auth/token-verifier';
import type { ServerConfig } from './config/env';
import type { Database } from './db/database';
import { createDevicePipeline } from './device-pipeline';
import { registerClientConfigRoute } from './http/client-config.routes';
import { registerErrorHandler } from './http/error-handler';
import { registerHealthRoutes, type StartupTasks } from './http/health.routes';
import { registerOpenApi } from './http/openapi';
import { isPotentiallyTrustworthy, registerPublicOriginRedirect } from './http/public-origin';
import { registerWebApp } from './http/web-app';
import { createConfigModule } from './modules/config/config.module';
import { createCoverageModule } from './modules/coverage/coverage.module';
import { createLoadAnalysisModule } from './modules/load-analysis/load-analysis.module';
import { createWeatherModule } from './modules/weather/weather.module';
import { createFeedbackModule } from './modules/feedback/feedback.module';
import { createLoadModelsModule } from './modules/load-models/load-models.module';
import { DEFAULT_MAP_VIEW } from '@gridlens/domain/map-view';
import { createLoadPlanningModule, fromWeather, storedModels } from './modules/load-planning/load-planning.module';
import { DEFAULT_EV_MODEL_NAME, DEFAULT_HP_MODEL_NAME } from '@gridlens/domain/load-models/model-defaults';
import type { AfterStoreHook, IngestService } from './modules/ingest/ingest.service';
import { createRetentionModule } from './modules/retention/retention.module';
import { createTenantsModule } from './modules/tenants/tenants.module';
import type { EmbeddedProvider } from './oidc/embedded-provider';
import { createScheduler, jobLockFor, type Scheduler } from './scheduler/scheduler';
import type { ServerModule } from './server-module';

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
    /** The tenant an ingest key belongs to, or null (the embedded MQTT broker's credentials). */
    tenantOfIngestKey: (secret: string) => Promise<string | null>;
    /** Whether a tenant exists, through the same short-lived cache as the API's tenant checks (MQTT topics). */
    tenantExists: (tenantId: string) => Promise<boolean>;
    /** Judges the tracking rules of time passing (no message, static) at a moment; the scheduler runs it every minute. */
    judgeTrackingTimers: (nowMs?: number) => Promise<void>;
    /** The modules' scheduled jobs; server.ts starts it (tests run jobs themselves). */
    scheduler: Scheduler;
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
  // A trial reached over plain http at the machine's address: browsers ignore Cross-Origin-Opener-Policy there and
  // log an error for it on every page, which an operator opening the console would take for a fault.
  // Removed as helmet set it, on the raw answer too: the identity provider's answers bypass Fastify's onSend.
  app.addHook('onRequest', async (request, reply) => {
    if (isPotentiallyTrustworthy(request)) return;
    reply.raw.removeHeader('cross-origin-opener-policy');
    void reply.removeHeader('cross-origin-opener-policy');
  });
  // Answers over 1 KB (the assets list is 3.5 MB for 10,000 devices; the web app's scripts) are gzipped for
  // clients that ask: level 3 compresses about 5.7 times in half the time of the default level 6. Request
  // bodies are not decompressed: device batches arrive plain, within the body limit. Ingest answers opt out.
  await app.register(fastifyCompress, {
    encodings: ['gzip', 'deflate'],
    threshold: 1024,
    zlibOptions: { level: 3 },
    globalDecompression: false,
  });
  if (config.publicUrlIsSet) registerPublicOriginRedirect(app, config.publicUrl);
  // Off by default; the routes that need a limit (sign-in form, device ingestion) set their own.
  await app.register(fastifyRateLimit, { global: false });
  await registerOpenApi(app);

  const tenants = createTenantsModule({ db });
  const { tenantExists } = tenants;
  app.decorate('tenantExists', tenantExists);
  registerHealthRoutes(app, db, startupTasks);
  const clientConfig = {
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
  };
  // The embedded provider's authority is at the address the browser used (PUBLIC_URL's when set), so the web app
  // talks to it on its own origin, as the Content-Security-Policy (connect-src 'self') wants.
  registerClientConfigRoute(app, (request) =>
    embeddedProvider ? { ...clientConfig, authority: embeddedProvider.issuerFor(request) ?? config.auth.issuer } : clientConfig,
  );
  embeddedProvider?.register(app);

  const emails = { smtp: config.smtp, publicUrl: config.publicUrl, log: app.log };
  const device = createDevicePipeline({ db, afterIngest, emails, log: app.log, deviceClock: config.deviceClock });
  app.decorate('ingest', device.ingest.ingest);
  app.decorate('tenantOfIngestKey', (secret: string) => device.ingest.keys.tenantOfKey(secret));
  app.decorate('judgeTrackingTimers', device.alerts.judgeTrackingTimers);

  const weather = createWeatherModule({
    service: config.weatherService,
    placeOf: (tenantId, deviceId) => device.assets.service.require(tenantId, deviceId),
    warn: (message) => app.log.warn(message),
    keepsPowerData: tenants.keepsPowerData,
  });
  // The analyses run the tenant's stored models (the EV modelling screen's) in the weather module's temperatures at
  // the centre of Ireland (the portal's default map centre).
  // An edited or deleted model's fleet analyses are forgotten (their keys hold the parameters, so none is ever
  // served stale; this frees them).
  const loadModels = createLoadModelsModule({
    db,
    findTenant: tenants.findTenant,
    changed: (tenantId) => loadPlanning.invalidate(tenantId),
  });
  const loadPlanning = createLoadPlanningModule({
    models: storedModels(loadModels.models, { ev: DEFAULT_EV_MODEL_NAME, hp: DEFAULT_HP_MODEL_NAME }),
    ambient: fromWeather(weather.hourlyTemperatures, DEFAULT_MAP_VIEW, tenants.timeZoneOf),
    devices: {
      require: device.assets.service.require,
      planningRegistry: device.assets.planningRegistry,
      registryVersion: device.assets.registryVersion,
    },
    modelDays: device.powerReadings.modelDays,
    isPowerDataTenant: tenants.keepsPowerData,
    timeZoneOf: tenants.timeZoneOf,
    historyDays: Math.max(1, Math.min(365, config.rawRetentionDays - 1)),
  });

  // The modules, in the order their routes appear in the API document.
  const modules: ServerModule[] = [
    tenants,
    createCoverageModule({ linkQuality: device.powerReadings.linkQuality }),
    device.alerts,
    device.tracking,
    createConfigModule({ db, findTenant: tenants.findTenant }),
    createFeedbackModule({ db }),
    device.ingest,
    device.assets,
    device.powerReadings,
    createLoadAnalysisModule({
      demand: device.powerReadings.halfHourDemand,
      thermalReadings: device.powerReadings.thermalReadings,
      hydrogenForHealth: device.powerQuality.hydrogenForHealth,
      temperatures: weather.hourlyTemperatures,
      findTenant: tenants.findTenant,
      timeZoneOf: tenants.timeZoneOf,
      addedLoadsByHour: loadPlanning.addedLoadsByHour,
    }),
    device.powerQuality,
    loadModels,
    loadPlanning,
    weather,
    createRetentionModule({ db, retentionDays: config.rawRetentionDays, log: app.log }),
  ];

  const scheduler = createScheduler({ lock: jobLockFor(db), log: app.log });
  for (const job of [...modules.flatMap((m) => m.jobs ?? []), ...(embeddedProvider?.jobs ?? [])]) scheduler.add(job);
  app.decorate('scheduler', scheduler);

  for (const module of modules) if (module.open) await app.register(module.open);
  await app.register(async (api) => {
    registerTenantAuth(api, { verifyToken, tenantExists });
    for (const module of modules) if (module.api) await api.register(module.api);
  });
  // The installer's device test is the one API Installer-only users may call (spec §2 /checkcoverage).
  await app.register(async (api) => {
    registerTenantAuth(api, { verifyToken, tenantExists, allowInstallers: true });
    for (const module of modules) if (module.installerApi) await api.register(module.installerApi);
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
