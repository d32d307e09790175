import type { HydrogenSensorConfigBody } from '@gridlens/contract/power-quality';
import type { Queryable } from '../../db/database';
import { routesPlugin } from '../../server-module';
import { createDeviceImagesRepository } from './device-images.repository';
import { registerDeviceImageRoutes } from './device-images.routes';
import { createDeviceImagesService } from './device-images.service';
import { createDeviceMessagesRepository } from './device-messages.repository';
import { createPowerQualityRepository, type HydrogenRow } from './power-quality.repository';
import { registerDeviceTabRoutes } from './power-quality.routes';
import { createPowerQualityService } from './power-quality.service';

/**
 * A device page's other tabs: power-quality events and faults, hydrogen and metering readings, the hydrogen
 * sensor's settings and the device's images (power_quality_events, hydrogen_readings, metering_readings,
 * hydrogen_sensor_config, device_images). The ingest path stores the first three through `messageStore`.
 */
export function createPowerQualityModule({
  db,
  requireDevice,
}: {
  db: Queryable;
  requireDevice: (tenantId: string, deviceId: string) => Promise<unknown>;
}) {
  const repository = createPowerQualityRepository(db);
  const tabs = createPowerQualityService({ repository, requireDevice });
  const images = createDeviceImagesService({ repository: createDeviceImagesRepository(db), requireDevice });
  const messageStore = createDeviceMessagesRepository();
  return {
    name: 'power-quality',
    api: routesPlugin((api) => {
      registerDeviceTabRoutes(api, tabs);
      registerDeviceImageRoutes(api, images);
    }),
    messageStore,
    /** The raw device messages (events, hydrogen and metering readings) by age. */
    prune: (tx: Queryable, retentionDays: number) => messageStore.prune(tx, retentionDays),
    /** The hydrogen sensor's readings of a period and its configured location (null: never configured), for the loss of life. */
    hydrogenForHealth: async (tenantId: string, deviceId: string, from: Date, to: Date): Promise<HydrogenForHealth> => ({
      readings: await repository.hydrogenReadings(tenantId, deviceId, from, to),
      sensorLocation: (await repository.hydrogenConfig(tenantId, deviceId))?.sensor_location ?? null,
    }),
  };
}

export interface HydrogenForHealth {
  readings: HydrogenRow[];
  sensorLocation: HydrogenSensorConfigBody['sensor_location'] | null;
}
export type HydrogenForHealthReads = (tenantId: string, deviceId: string, from: Date, to: Date) => Promise<HydrogenForHealth>;
