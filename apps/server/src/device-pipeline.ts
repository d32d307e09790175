import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_DEVICE_CLOCK_WINDOW, type DeviceClockWindow } from '@gridlens/domain/device-clock';
import type { Database } from './db/database';
import { createAlertsModule } from './modules/alerts/alerts.module';
import { createAssetsModule } from './modules/assets/assets.module';
import { createPowerQualityModule } from './modules/power-quality/power-quality.module';
import { createIngestModule } from './modules/ingest/ingest.module';
import type { AfterStoreHook } from './modules/ingest/ingest.service';
import { createPowerReadingsModule } from './modules/power-readings/power-readings.module';
import { tenantMovementPeriod, tenantTimeZones } from './modules/tenants/tenants.module';
import { createTrackingModule } from './modules/tracking/tracking.module';

interface PipelineOptions {
  db: Database;
  /** Runs in every ingest transaction for the readings stored, after alert evaluation (tests and benchmarks). */
  afterIngest?: AfterStoreHook | undefined;
  /** Alert emails' settings; null: no email job (scripts, tests). */
  /** Where refused device messages are reported in aggregate (none: scripts). */
  log?: FastifyBaseLogger | undefined;
  emails?: { smtp: { url: string; from: string } | null; publicUrl: string; log: FastifyBaseLogger } | null;
  /** How far a device's clock may be off before its messages are refused (DEVICE_CLOCK_* settings). */
  deviceClock?: DeviceClockWindow;
}

/**
 * The modules device data flows through, composed above them: ingest validates a batch and stores it through
 * the owners of its tables (assets, power-readings, power-quality), then hands what it stored to its
 * subscribers, alert evaluation and tracking (which hands new positions to tracking alerts), all in the ingest
 * transaction. Every writer of device data uses it: the API's HTTP and MQTT routes, the demo and `npm run
 * simulate`, so no way in skips the alerts.
 */
export function createDevicePipeline({ db, afterIngest, emails = null, log, deviceClock = DEFAULT_DEVICE_CLOCK_WINDOW }: PipelineOptions) {
  const timeZoneOf = tenantTimeZones(db);
  const tracking = createTrackingModule({ db, movementPeriod: tenantMovementPeriod(db) });
  const assets = createAssetsModule({ db, timeZoneOf, trackerWatchlist: tracking.watchlist });
  const powerReadings = createPowerReadingsModule({ db, devices: assets.service, timeZoneOf });
  const powerQuality = createPowerQualityModule({ db, requireDevice: assets.service.require });
  const alerts = createAlertsModule({
    db,
    powerData: { previousLatest: powerReadings.previousLatest, deviceTypes: assets.deviceTypes },
    powerDeviceExists: assets.exists,
    tracking,
    emails,
  });
  const afterReadings: AfterStoreHook = async (tx, tenantId, stored) => {
    await alerts.evaluateReadings(tx, tenantId, stored);
    await afterIngest?.(tx, tenantId, stored);
  };
  const ingest = createIngestModule({
    db,
    deviceClock,
    stores: { devices: assets, readings: powerReadings.readingStore, deviceMessages: powerQuality.messageStore },
    subscribers: {
      afterReadings,
      positions: tracking.positionIngest(alerts.evaluatePositions),
      pendingDownlinks: tracking.pendingDownlinks,
    },
    log,
  });
  return { assets, powerReadings, powerQuality, tracking, alerts, ingest };
}
