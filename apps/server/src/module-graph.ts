import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_MAP_VIEW } from '@gridlens/domain/map-view';
import { DEFAULT_EV_MODEL_NAME, DEFAULT_HP_MODEL_NAME } from '@gridlens/domain/load-models/model-defaults';
import type { ServerConfig } from './config/env';
import type { Database } from './db/database';
import { createHookBus } from './module-hooks';
import { createAlertsModule } from './modules/alerts/alerts.module';
import { createAssetsModule, type DeviceStatusSetHook } from './modules/assets/assets.module';
import { createConfigModule } from './modules/config/config.module';
import { createCoverageModule, type DeviceTestedHook } from './modules/coverage/coverage.module';
import { createFeedbackModule } from './modules/feedback/feedback.module';
import { createFleetReportsModule } from './modules/fleet-reports/fleet-reports.module';
import { createIngestModule } from './modules/ingest/ingest.module';
import type { AfterStoreHook } from './modules/ingest/ingest.service';
import { createLoadAnalysisModule } from './modules/load-analysis/load-analysis.module';
import { createLoadModelsModule } from './modules/load-models/load-models.module';
import { createLoadPlanningModule, fromWeather, storedModels } from './modules/load-planning/load-planning.module';
import { createPowerQualityModule } from './modules/power-quality/power-quality.module';
import { createPowerReadingsModule } from './modules/power-readings/power-readings.module';
import { createReportDeliveryModule } from './modules/report-delivery/report-delivery.module';
import type { PdfRenderer } from './modules/report-delivery/pdf-renderer';
import { createReportSchedulesModule } from './modules/report-schedules/report-schedules.module';
import { createRolloutModule } from './modules/rollout/rollout.module';
import { createRetentionModule } from './modules/retention/retention.module';
import { createTenantsModule } from './modules/tenants/tenants.module';
import { createTrackingModule } from './modules/tracking/tracking.module';
import type { PositionsHook } from './modules/tracking/tracking.public';
import { createWeatherModule } from './modules/weather/weather.module';
import { createScheduler, jobLockFor, type ScheduledJob } from './scheduler/scheduler';
import type { ServerModule } from './server-module';
import { createRenderTickets } from './auth/render-tickets';
import type { MailTransport } from './mail/mail-transport';

/**
 * The named moments at which a module tells the others what happened: the emitter takes `hooks.emit.<name>` below,
 * a listener contributes `hooks: { <name> }` in its ServerModule, and the graph connects them in module order.
 */
export interface ModuleHooks {
  /**
   * Transformer readings just stored, duplicates left out, inside the ingest transaction. It runs before the latest
   * state is updated, so power_device_latest still holds each device's newest message from before the batch.
   */
  afterReadings: AfterStoreHook;
  /** Tracked devices' new steps, per device in time order, inside the ingest transaction. */
  afterPositions: PositionsHook;
  /** One of the tenant's EV or heat-pump models was saved or deleted. */
  modelChanged: (tenantId: string) => Promise<void>;
  /** A POI is about to be deleted: a listener that still needs it refuses by throwing (an HttpError 409). */
  locationRemoving: (tenantId: string, locationId: string) => Promise<void>;
  /** The installer recorded a device test (the monitor is fitted), inside the transaction that stored it. */
  deviceTested: DeviceTestedHook;
  /** A user registered a device or changed its status by editing it, inside the transaction that stored it. */
  deviceStatusSet: DeviceStatusSetHook;
}
/** Every hook once: a hook added to ModuleHooks and not here fails to compile. */
const HOOK_NAMES = Object.keys({
  afterReadings: true,
  afterPositions: true,
  modelChanged: true,
  locationRemoving: true,
  deviceTested: true,
  deviceStatusSet: true,
} satisfies Record<keyof ModuleHooks, true>) as (keyof ModuleHooks)[];

export interface ModuleGraphOptions {
  config: ServerConfig;
  db: Database;
  /** The process's logger (the HTTP server logs through it too); silent when not given. */
  log?: FastifyBaseLogger;
  /** Runs in every ingest transaction for the readings stored, after alert evaluation (tests and benchmarks). */
  afterIngest?: ModuleHooks['afterReadings'];
  /** Scheduled jobs from outside the modules (the embedded identity provider's clean-up). */
  jobs?: readonly ScheduledJob[];
  /** The clock of what is computed from now (the report schedules' next due times and runs); tests fix it. */
  now?: () => number;
  /** The report runner's mail transport and PDF renderer, when not SMTP_URL's and CHROMIUM_PATH's (tests). */
  reportDelivery?: { transport?: MailTransport; renderer?: PdfRenderer };
}

/**
 * The composition root: builds every module of the server once, in dependency order, and connects what each brings
 * (routes, jobs, hook listeners, retention) in this one place. app.ts registers the graph's routes; server.ts, the
 * demo, the simulator, the benchmarks and the tests take their services from it. A new module is made here and
 * listed in `modules`; nothing else outside its own folder changes.
 */
export function buildModuleGraph({
  config,
  db,
  log = pino({ level: 'silent' }),
  afterIngest,
  jobs = [],
  now = Date.now,
  reportDelivery: deliveryParts = {},
}: ModuleGraphOptions) {
  const hooks = createHookBus<ModuleHooks>(HOOK_NAMES);

  const tenants = createTenantsModule({ db });
  const tracking = createTrackingModule({
    db,
    movementPeriod: tenants.movementPeriod,
    timeZoneOf: tenants.timeZoneOf,
    afterPositions: hooks.emit.afterPositions,
    locationRemoving: hooks.emit.locationRemoving,
  });
  const assets = createAssetsModule({ db, trackerWatchlist: tracking.watchlist, deviceStatusSet: hooks.emit.deviceStatusSet, now });
  const powerReadings = createPowerReadingsModule({ db, devices: assets, timeZoneOf: tenants.timeZoneOf });
  const powerQuality = createPowerQualityModule({ db, requireDevice: assets.require });
  const alerts = createAlertsModule({
    db,
    powerData: { previousLatest: powerReadings.previousLatest, deviceTypes: assets.deviceTypes },
    powerDeviceExists: assets.exists,
    tracking,
    emails: { smtp: config.smtp, publicUrl: config.publicUrl, log },
  });
  const ingest = createIngestModule({
    db,
    deviceClock: config.deviceClock,
    stores: { devices: assets, readings: powerReadings.readingStore, deviceMessages: powerQuality.messageStore },
    subscribers: { afterReadings: hooks.emit.afterReadings, positions: tracking.positions, pendingDownlinks: tracking.pendingDownlinks },
    log,
  });
  const weather = createWeatherModule({
    service: config.weatherService,
    placeOf: assets.require,
    warn: (message) => log.warn(message),
    keepsPowerData: tenants.keepsPowerData,
  });
  const loadModels = createLoadModelsModule({ db, keepsPowerData: tenants.keepsPowerData, modelChanged: hooks.emit.modelChanged });
  // The analyses run the tenant's stored models (the EV modelling screen's) in the weather module's temperatures at
  // the centre of Ireland (the portal's default map centre).
  const loadPlanning = createLoadPlanningModule({
    models: storedModels(loadModels.models, { ev: DEFAULT_EV_MODEL_NAME, hp: DEFAULT_HP_MODEL_NAME }),
    ambient: fromWeather(weather.hourlyTemperatures, DEFAULT_MAP_VIEW, tenants.timeZoneOf),
    devices: { require: assets.require, planningRegistry: assets.planningRegistry, registryVersion: assets.registryVersion },
    modelDays: powerReadings.modelDays,
    isPowerDataTenant: tenants.keepsPowerData,
    timeZoneOf: tenants.timeZoneOf,
    historyDays: Math.max(1, Math.min(365, config.rawRetentionDays - 1)),
  });
  const loadAnalysis = createLoadAnalysisModule({
    demand: powerReadings.halfHourDemand,
    thermalReadings: powerReadings.thermalReadings,
    hydrogenForHealth: powerQuality.hydrogenForHealth,
    temperatures: weather.hourlyTemperatures,
    keepsPowerData: tenants.keepsPowerData,
    timeZoneOf: tenants.timeZoneOf,
    addedLoadsByHour: loadPlanning.addedLoadsByHour,
  });
  const coverage = createCoverageModule({ db, linkQuality: powerReadings.linkQuality, deviceTested: hooks.emit.deviceTested, now });
  const rollout = createRolloutModule({
    db,
    devices: assets,
    keepsPowerData: tenants.keepsPowerData,
    timeZoneOf: (tenantId) => tenants.timeZoneOf(tenantId),
    now,
  });
  const settings = createConfigModule({
    db,
    findTenant: tenants.findTenant,
    changeTenant: (tenantId, change) => tenants.changeTenant(tenantId, change),
  });
  const feedback = createFeedbackModule({ db });
  const reportSchedules = createReportSchedulesModule({
    db,
    findTenant: tenants.findTenant,
    customerExists: (tenantId, customerId) => tracking.reportFigures.customerExists(tenantId, customerId),
    now,
  });

  const fleetReports = createFleetReportsModule({
    figures: tracking.reportFigures,
    findTenant: tenants.findTenant,
    timeZoneOf: tenants.timeZoneOf,
    now,
  });
  const renderTickets = createRenderTickets();
  const reportDelivery = createReportDeliveryModule({
    runs: reportSchedules.runs,
    storedReports: reportSchedules.storedReports,
    sources: { fleet: fleetReports.fleet, kpi: fleetReports.kpi, power: powerReadings.dayReport },
    tenantName: async (tenantId) => (await tenants.findTenant(tenantId))?.name ?? tenantId,
    smtp: config.smtp,
    chromiumPath: config.reportDelivery.chromiumPath,
    runsSchedules: config.reportDelivery.runsSchedules,
    tickets: renderTickets,
    publicUrl: config.publicUrl,
    attachmentLimitBytes: config.reportDelivery.attachmentLimitBytes,
    now,
    log,
    ...deliveryParts,
  });

  // Every module, in the order their routes appear in the API document; retention asks the others to prune.
  const owners: ServerModule<Partial<ModuleHooks>>[] = [
    tenants,
    coverage,
    alerts,
    tracking,
    fleetReports,
    settings,
    feedback,
    ingest,
    assets,
    powerReadings,
    loadAnalysis,
    powerQuality,
    loadModels,
    loadPlanning,
    weather,
    reportSchedules,
    reportDelivery,
    rollout,
  ];
  const retention = createRetentionModule({ db, retentionDays: config.rawRetentionDays, log, owners });
  const modules: readonly ServerModule<Partial<ModuleHooks>>[] = [...owners, retention];

  for (const module of modules) hooks.listen(module.hooks);
  if (afterIngest) hooks.listen({ afterReadings: afterIngest });

  const scheduler = createScheduler({ lock: jobLockFor(db), log });
  for (const job of [...modules.flatMap((module) => module.jobs ?? []), ...jobs]) scheduler.add(job);

  return {
    db,
    log,
    modules,
    scheduler,
    tenants,
    tracking,
    fleetReports,
    assets,
    powerReadings,
    powerQuality,
    alerts,
    ingest,
    weather,
    loadModels,
    loadPlanning,
    loadAnalysis,
    retention,
    reportSchedules,
    reportDelivery,
    rollout,
    coverage,
    /** The report runner's read-only tickets, which the API accepts beside users' tokens (app.ts). */
    renderTickets,
  };
}
export type ModuleGraph = ReturnType<typeof buildModuleGraph>;
