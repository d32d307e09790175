import type { CreatePowerDevice, PowerDevice, UpdatePowerDevice } from '@gridlens/contract/assets';
import type { Database } from '../../db/database';
import { HttpError, notFound } from '../../http/http-error';
import type { AssetsRepository } from './assets.repository';
import type { DeviceStatusSetHook } from './device-status-set';

/** Another registry's devices on the device watchlist: add answers false when the id is not one of its devices. */
export interface OtherWatchlist {
  list(tenantId: string, userId: string): Promise<{ device_id: string; added_at: Date | string }[]>;
  add(tenantId: string, userId: string, deviceId: string): Promise<boolean>;
  remove(tenantId: string, userId: string, deviceId: string): Promise<boolean>;
}

/**
 * The power-data device registry: register, edit and find devices, and each user's device watchlist. A status given
 * at registration or changed by an edit is told through `statusSet`, in the same transaction.
 */
export function createAssetsService({
  db,
  repository,
  trackers = null,
  statusSet,
  now = Date.now,
}: {
  db: Database;
  repository: AssetsRepository;
  /** Trackers on the same watchlist (tracking mode's devices; the tracking module keeps them). */
  trackers?: OtherWatchlist | null;
  statusSet?: DeviceStatusSetHook | undefined;
  now?: () => number;
}) {
  /** The tenant's device, or 404: how other modules check a device id before reading its data. */
  async function requireDevice(tenantId: string, deviceId: string): Promise<PowerDevice> {
    const device = await repository.find(tenantId, deviceId);
    if (!device) throw notFound('Device');
    return device;
  }

  return {
    require: requireDevice,
    fleetSize: (tenantId: string) => repository.fleetSize(tenantId),

    async register(tenantId: string, device: CreatePowerDevice, by: string): Promise<PowerDevice> {
      return db.transaction(async (tx) => {
        const created = await repository.insert(tenantId, device, tx);
        if (!created) throw new HttpError(409, 'conflict', `A device with device_id '${device.device_id}' is already registered`);
        const at = new Date(now()).toISOString();
        await statusSet?.(tx, tenantId, {
          device_id: created.device_id,
          from: null,
          to: created.device_status,
          event: 'registration',
          at,
          by,
        });
        return created;
      });
    },

    async update(tenantId: string, deviceId: string, changes: UpdatePowerDevice, by: string): Promise<PowerDevice> {
      if (Object.keys(changes).length === 0) {
        const found = await repository.find(tenantId, deviceId);
        if (!found) throw notFound('Device');
        return found;
      }
      return db.transaction(async (tx) => {
        const before = changes.device_status === undefined ? null : await repository.lockStatus(tx, tenantId, deviceId);
        const updated = await repository.update(tenantId, deviceId, changes, tx);
        if (!updated) throw notFound('Device');
        if (before !== null && before !== updated.device_status) {
          const at = new Date(now()).toISOString();
          await statusSet?.(tx, tenantId, { device_id: deviceId, from: before, to: updated.device_status, event: 'operator_edit', at, by });
        }
        return updated;
      });
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
