import type { CreatePowerDevice } from '@gridlens/contract/power-devices';
import type { Database, Queryable } from '../../db/database';
import { routesPlugin } from '../../server-module';
import { createPowerDevicesRepository, listQueryParts } from './power-devices.repository';
import { registerPowerDeviceRoutes } from './power-devices.routes';
import { createPowerDevicesService } from './power-devices.service';

/**
 * The device registry of transformer monitors and the assets list (power_devices, device_watchlist). Other
 * modules check devices through it: the ingest path and alert evaluation with their transaction's connection.
 */
export function createPowerDevicesModule({ db }: { db: Database }) {
  const repository = createPowerDevicesRepository(db, { listParts: listQueryParts(db) });
  const service = createPowerDevicesService(repository);
  return {
    name: 'power-devices',
    api: routesPlugin((api) => registerPowerDeviceRoutes(api, service)),
    service,
    registeredDevices: (tx: Queryable, tenantId: string, deviceIds: readonly string[]) =>
      repository.registeredDevices(tx, tenantId, deviceIds),
    deviceTypes: (tx: Queryable, tenantId: string, deviceIds: readonly string[]) => repository.deviceTypes(tx, tenantId, deviceIds),
    exists: (tenantId: string, deviceId: string) => repository.exists(tenantId, deviceId),
    /** Registers a device unless the tenant has it already (the demo fleet); null when it had. */
    registerIfNew: (tenantId: string, device: CreatePowerDevice) => repository.insert(tenantId, device),
  };
}
export type PowerDevicesService = ReturnType<typeof createPowerDevicesService>;
export type PowerDevicesModule = ReturnType<typeof createPowerDevicesModule>;

/** Statistics for the planner, after retention or a large seed (the registry is read by the assets list). */
export const maintainDeviceRegistry = (db: Queryable) => createPowerDevicesRepository(db).maintain();
