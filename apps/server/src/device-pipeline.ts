import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/database';
import { createAlertsModule } from './modules/alerts/alerts.module';
import { createDeviceTabsModule } from './modules/device-tabs/device-tabs.module';
import { createIngestModule } from './modules/ingest/ingest.module';
import type { AfterStoreHook } from './modules/ingest/ingest.service';
import { createPowerDevicesModule } from './modules/power-devices/power-devices.module';
import { createPowerReadingsModule } from './modules/power-readings/power-readings.module';
import { createTrackingModule } from './modules/tracking/tracking.module';

interface PipelineOptions {
  db: Database;
  /** Runs in every ingest transaction for the readings stored, after alert evaluation (tests and benchmarks). */
  afterIngest?: AfterStoreHook | undefined;
  /** Alert emails' settings; null: no email job (scripts, tests). */
  emails?: { smtp: { url: string; from: string } | null; publicUrl: string; log: FastifyBaseLogger } | null;
}

/**
 * The modules device data flows through, composed above them: ingest validates a batch and stores it through
 * the owners of its tables (power-devices, power-readings, device-tabs), then hands what it stored to its
 * subscribers, alert evaluation and tracking (which hands new positions to tracking alerts), all in the ingest
 * transaction. Every writer of device data uses it: the API's HTTP and MQTT routes, the demo and `npm run
 * simulate`, so no way in skips the alerts.
 */
export function createDevicePipeline({ db, afterIngest, emails = null }: PipelineOptions) {
  const powerDevices = createPowerDevicesModule({ db });
  const powerReadings = createPowerReadingsModule({ db, devices: powerDevices.service });
  const deviceTabs = createDeviceTabsModule({ db, requireDevice: powerDevices.service.require });
  const tracking = createTrackingModule({ db });
  const alerts = createAlertsModule({
    db,
    powerData: { previousLatest: powerReadings.previousLatest, deviceTypes: powerDevices.deviceTypes },
    powerDeviceExists: powerDevices.exists,
    tracking,
    emails,
  });
  const afterReadings: AfterStoreHook = async (tx, tenantId, stored) => {
    await alerts.evaluateReadings(tx, tenantId, stored);
    await afterIngest?.(tx, tenantId, stored);
  };
  const ingest = createIngestModule({
    db,
    stores: { devices: powerDevices, readings: powerReadings.readingStore, deviceMessages: deviceTabs.messageStore },
    subscribers: { afterReadings, positions: tracking.positionIngest(alerts.evaluatePositions) },
  });
  return { powerDevices, powerReadings, deviceTabs, tracking, alerts, ingest };
}
