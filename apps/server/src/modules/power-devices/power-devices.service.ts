import type { AssetList, AssetListItem, CreatePowerDevice, PowerDevice, UpdatePowerDevice } from '@gridlens/contract/power-devices';
import { assetListDays } from '@gridlens/domain/time-range';
import { HttpError, notFound } from '../../http/http-error';
import { toAssetListColumns, toAssetListItem } from './asset-list-item';
import type { DevicePeriodRow, PowerDevicesRepository } from './power-devices.repository';

export function createPowerDevicesService(repository: PowerDevicesRepository, now: () => number = Date.now) {
  /** The rollup rows of the assets list over `numDays` (see assetListDays for the days it covers). */
  async function periodRows(tenantId: string, userId: string, numDays: number) {
    const nowMs = now();
    const { fromDay, previousFromDay } = assetListDays(numDays, nowMs);
    return { nowMs, rows: await repository.listWithPeriod(tenantId, userId, fromDay, previousFromDay) };
  }

  /** The assets list over `numDays`, one item per device (what the fleet statistics count). */
  async function list(tenantId: string, userId: string, numDays: number): Promise<AssetListItem[]> {
    const { nowMs, rows } = await periodRows(tenantId, userId, numDays);
    return rows.map((row) => toAssetListItem(row, nowMs));
  }

  return {
    list,
    /** The same list, columnar, as GET /api/powerdata/device answers it. */
    async listColumns(tenantId: string, userId: string, numDays: number): Promise<AssetList> {
      const { nowMs, rows } = await periodRows(tenantId, userId, numDays);
      return toAssetListColumns(rows.length, (i) => toAssetListItem(rows[i] as DevicePeriodRow, nowMs));
    },

    /** The tenant's device, or 404: how other modules check a device id before reading its data. */
    async require(tenantId: string, deviceId: string): Promise<PowerDevice> {
      const device = await repository.find(tenantId, deviceId);
      if (!device) throw notFound('Device');
      return device;
    },
    async exists(tenantId: string, deviceId: string): Promise<boolean> {
      return (await repository.find(tenantId, deviceId)) !== null;
    },
    fleetSize: (tenantId: string) => repository.fleetSize(tenantId),

    async register(tenantId: string, device: CreatePowerDevice): Promise<PowerDevice> {
      const created = await repository.insert(tenantId, device);
      if (!created) throw new HttpError(409, 'conflict', `A device with device_id '${device.device_id}' is already registered`);
      return created;
    },

    async update(tenantId: string, deviceId: string, changes: UpdatePowerDevice): Promise<PowerDevice> {
      const updated =
        Object.keys(changes).length === 0
          ? await repository.find(tenantId, deviceId)
          : await repository.update(tenantId, deviceId, changes);
      if (!updated) throw notFound('Device');
      return updated;
    },

    async watchlist(tenantId: string, userId: string) {
      return (await repository.watchlist(tenantId, userId)).map((w) => ({
        device_id: w.device_id,
        added_at: new Date(w.added_at).toISOString(),
      }));
    },
    async watch(tenantId: string, userId: string, deviceId: string): Promise<void> {
      if (!(await repository.find(tenantId, deviceId))) throw notFound('Device');
      await repository.addToWatchlist(tenantId, userId, deviceId);
    },
    async unwatch(tenantId: string, userId: string, deviceId: string): Promise<void> {
      if (!(await repository.removeFromWatchlist(tenantId, userId, deviceId))) throw notFound('Watchlist entry');
    },
  };
}
export type PowerDevicesService = ReturnType<typeof createPowerDevicesService>;
