import type { CreatePowerDevice } from '@gridlens/contract/assets';
import type { Database, Queryable } from '../../db/database';
import { routesPlugin } from '../../server-module';
import { tenantTimeZones, type TimeZoneOf } from '../tenants/tenants.module';
import { createAssetsRepository, listQueryParts } from './assets.repository';
import { registerAssetRoutes } from './assets.routes';
import { createAssetsService, type OtherWatchlist } from './assets.service';

export { windowOf } from './assets.service';

/**
 * The device registry of transformer monitors and the assets list (power_devices, device_watchlist). Other
 * modules check devices through it: the ingest path and alert evaluation with their transaction's connection.
 */
export function createAssetsModule({
  db,
  timeZoneOf = tenantTimeZones(db),
  trackerWatchlist = null,
}: {
  db: Database;
  timeZoneOf?: TimeZoneOf;
  trackerWatchlist?: OtherWatchlist | null;
}) {
  const repository = createAssetsRepository(db, { listParts: listQueryParts(db) });
  const service = createAssetsService(repository, Date.now, (tenantId) => timeZoneOf(tenantId), trackerWatchlist);
  return {
    name: 'assets',
    api: routesPlugin((api) => registerAssetRoutes(api, service)),
    service,
    registeredDevices: (tx: Queryable, tenantId: string, deviceIds: readonly string[]) =>
      repository.registeredDevices(tx, tenantId, deviceIds),
    deviceTypes: (tx: Queryable, tenantId: string, deviceIds: readonly string[]) => repository.deviceTypes(tx, tenantId, deviceIds),
    exists: (tenantId: string, deviceId: string) => repository.exists(tenantId, deviceId),
    /** Every device's rating, MPRNs and commuter flag with the registry version (load planning). */
    planningRegistry: (tenantId: string) => repository.planningRegistry(tenantId),
    registryVersion: (tenantId: string) => repository.registryVersion(tenantId),
    /** Registers a device unless the tenant has it already (the demo fleet); null when it had. */
    registerIfNew: (tenantId: string, device: CreatePowerDevice) => repository.insert(tenantId, device),
  };
}
export type AssetsService = ReturnType<typeof createAssetsService>;
export type AssetsModule = ReturnType<typeof createAssetsModule>;

/** Statistics for the planner, after retention or a large seed (the registry is read by the assets list). */
export const maintainDeviceRegistry = (db: Queryable) => createAssetsRepository(db).maintain();
