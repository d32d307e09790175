import type { CreatePowerDevice, PowerDevice, UpdatePowerDevice } from '@gridlens/contract/assets';
import { HttpError, notFound } from '../../http/http-error';
import type { AssetsRepository } from './assets.repository';

/** Another registry's devices on the device watchlist: add answers false when the id is not one of its devices. */
export interface OtherWatchlist {
  list(tenantId: string, userId: string): Promise<{ device_id: string; added_at: Date | string }[]>;
  add(tenantId: string, userId: string, deviceId: string): Promise<boolean>;
  remove(tenantId: string, userId: string, deviceId: string): Promise<boolean>;
}

/** The power-data device registry: register, edit and find devices, and each user's device watchlist. */
export function createAssetsService(
  repository: AssetsRepository,
  /** Trackers on the same watchlist (tracking mode's devices; the tracking module keeps them). */
  trackers: OtherWatchlist | null = null,
) {
  /** The tenant's device, or 404: how other modules check a device id before reading its data. */
  async function requireDevice(tenantId: string, deviceId: string): Promise<PowerDevice> {
    const device = await repository.find(tenantId, deviceId);
    if (!device) throw notFound('Device');
    return device;
  }

  return {
    require: requireDevice,
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
      const rows = [...(await repository.watchlist(tenantId, userId)), ...((await trackers?.list(tenantId, userId)) ?? [])];
      return rows
        .map((w) => ({ device_id: w.device_id, added_at: new Date(w.added_at).toISOString() }))
        .sort((a, b) => a.added_at.localeCompare(b.added_at));
    },
    async watch(tenantId: string, userId: string, deviceId: string): Promise<void> {
      if (trackers && (await trackers.add(tenantId, userId, deviceId))) return;
      await requireDevice(tenantId, deviceId);
      await repository.addToWatchlist(tenantId, userId, deviceId);
    },
    async unwatch(tenantId: string, userId: string, deviceId: string): Promise<void> {
      if (trackers && (await trackers.remove(tenantId, userId, deviceId))) return;
      if (!(await repository.removeFromWatchlist(tenantId, userId, deviceId))) throw notFound('Watchlist entry');
    },
  };
}
export type AssetsService = ReturnType<typeof createAssetsService>;
