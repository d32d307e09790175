import type { CreatePowerDevice } from '@gridlens/contract/assets';
import type { DeviceStatus } from '@gridlens/domain/power/enumerations';
import type { Database, Queryable } from '../../db/database';
import { routesPlugin } from '../../server-module';
import { createAssetsRepository } from './assets.repository';
import { registerAssetRoutes } from './assets.routes';
import { createAssetsService, type OtherWatchlist } from './assets.service';
import type { DeviceStatusSetHook } from './device-status-set';

export type { DeviceStatusFact, DeviceStatusSetHook } from './device-status-set';

/**
 * The device registry of transformer monitors and the users' device watchlists (power_devices, device_watchlist).
 * Other modules check devices through it: the ingest path and alert evaluation with their transaction's connection.
 * The assets list, which joins the registry to the readings' figures, is the power-readings module's read model. A
 * status set by a user (at registration, by an edit) is told through `deviceStatusSet` for the rollout's history.
 */
export function createAssetsModule({
  db,
  trackerWatchlist = null,
  deviceStatusSet,
  now,
}: {
  db: Database;
  trackerWatchlist?: OtherWatchlist | null;
  deviceStatusSet?: DeviceStatusSetHook;
  now?: () => number;
}) {
  const repository = createAssetsRepository(db);
  const service = createAssetsService({ db, repository, trackers: trackerWatchlist, statusSet: deviceStatusSet, ...(now ? { now } : {}) });
  return {
    name: 'assets',
    api: routesPlugin((api) => registerAssetRoutes(api, service)),
    service,
    /** The tenant's device, or 404: how other modules check a device id before reading its data. */
    require: service.require,
    fleetSize: service.fleetSize,
    registeredDevices: (tx: Queryable, tenantId: string, deviceIds: readonly string[]) =>
      repository.registeredDevices(tx, tenantId, deviceIds),
    deviceTypes: (tx: Queryable, tenantId: string, deviceIds: readonly string[]) => repository.deviceTypes(tx, tenantId, deviceIds),
    /** Sets devices' status in the caller's transaction (the rollout's status rules): the devices changed, with their old status. */
    setDeviceStatus: (tx: Queryable, tenantId: string, deviceIds: readonly string[], status: DeviceStatus, onlyFrom?: DeviceStatus) =>
      repository.setDeviceStatus(tx, tenantId, deviceIds, status, onlyFrom ?? null),
    exists: (tenantId: string, deviceId: string) => repository.exists(tenantId, deviceId),
    /** Every device's rating, MPRNs and commuter flag with the registry version (load planning). */
    planningRegistry: (tenantId: string) => repository.planningRegistry(tenantId),
    registryVersion: (tenantId: string) => repository.registryVersion(tenantId),
    /**
     * Registers a device unless the tenant has it already (the demo fleet); null when it had. Tells no status: the
     * demo's rollout writes its own dated history.
     */
    registerIfNew: (tenantId: string, device: CreatePowerDevice) => repository.insert(tenantId, device),
    /** Statistics for the planner, after retention or a large seed (the registry is read by the assets list). */
    maintain: () => repository.maintain(),
  };
}
export type AssetsModule = ReturnType<typeof createAssetsModule>;
