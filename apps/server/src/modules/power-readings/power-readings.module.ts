import type { Database, Queryable } from '../../db/database';
import { routesPlugin } from '../../server-module';
import type { TimeZoneOf } from '../tenants/tenants.module';
import { createHalfHourDemandRepository, type HalfHourDemandRepository } from './half-hour-demand.repository';
import { createLinkQualityRepository, type LinkQualityRepository } from './link-quality.repository';
import { createModelDayRepository } from './model-day.repository';
import { createPowerReadingsRepository } from './power-readings.repository';
import { registerPowerReadingRoutes } from './power-readings.routes';
import { createPowerReadingsService, type RegistryReads } from './power-readings.service';
import { createAssetListRepository, listQueryParts } from './asset-list.repository';
import { registerAssetListRoutes } from './asset-list.routes';
import { createAssetListService } from './asset-list.service';
import { createReadingRetentionRepository } from './reading-retention.repository';
import { createReadingStoreRepository } from './reading-store.repository';
import { createReadingStore } from './reading-store.service';
import { createThermalReadingsRepository, type ThermalReadingsRepository } from './thermal-readings.repository';

/**
 * Stored power data: transformer readings, their daily and hourly rollups and each device's latest state
 * (power_readings, power_device_daily, power_device_hourly, power_device_latest), in the one stored form
 * this module alone knows (reading-encoding.ts); charts, messages, analytics and the power report.
 */
export function createPowerReadingsModule({
  db,
  devices,
  timeZoneOf,
}: {
  db: Database;
  /** The registry (the assets module): a device or a 404, and the fleet's size. */
  devices: RegistryReads;
  timeZoneOf: TimeZoneOf;
}) {
  const repository = createPowerReadingsRepository(db);
  const assetList = createAssetListService(createAssetListRepository(db, { listParts: listQueryParts(db) }), Date.now, (tenantId) =>
    timeZoneOf(tenantId),
  );
  const service = createPowerReadingsService({ repository, devices, assetList, timeZoneOf });
  const store = createReadingStoreRepository();
  const retention = createReadingRetentionRepository(db);
  return {
    name: 'power-readings',
    api: routesPlugin((api) => {
      registerAssetListRoutes(api, assetList);
      registerPowerReadingRoutes(api, service);
    }),
    /** How the ingest path stores readings, in its transaction. */
    readingStore: createReadingStore(store, (tenantId, tx) => timeZoneOf(tenantId, tx)),
    /** Each device's newest message from before an ingest batch (alert evaluation, in the ingest transaction). */
    previousLatest: (tx: Queryable, tenantId: string, deviceIds: readonly string[]) => store.previousLatest(tx, tenantId, deviceIds),
    /** Link figures for the coverage module, with the tenant's zone, whose days key the rollup they come from. */
    linkQuality: { ...createLinkQualityRepository(db), timeZoneOf: (tenantId: string) => timeZoneOf(tenantId) },
    newestReadingAt: (tenantId: string) => repository.newestReadingAt(tenantId),
    /** The power report of a day (the Power report screen's), for a delivery of it by email. */
    dayReport: (tenantId: string, userId: string, day: string) => service.dayReport(tenantId, userId, day),
    /** 30-minute demand currents and the first day of data, for the load-analysis module (ADMD). */
    halfHourDemand: createHalfHourDemandRepository(db),
    /** Base-load days and the newest data day for the load models (load planning, issue 20). */
    modelDays: createModelDayRepository(db),
    /** Each device's readings with its rating and place, for the load-analysis module (loss of life). */
    thermalReadings: createThermalReadingsRepository(db),
    /** Raw readings and the hourly rollup by age (the daily rollups are kept for ever, issue 3). */
    prune: async (tx: Queryable, retentionDays: number) => ({
      ...(await retention.pruneReadings(tx, retentionDays)),
      ...(await retention.pruneHourly(tx, retentionDays)),
    }),
    maintain: () => retention.maintain(),
  };
}

export type HalfHourDemandReads = HalfHourDemandRepository;
export type ThermalReadingsReads = ThermalReadingsRepository;
export type LinkQualityReads = LinkQualityRepository & { timeZoneOf: (tenantId: string) => Promise<string> };
