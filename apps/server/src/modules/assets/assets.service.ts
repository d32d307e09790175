import {
  assetListRowAt,
  type AssetList,
  type AssetListItem,
  type CreatePowerDevice,
  type PowerDevice,
  type UpdatePowerDevice,
} from '@gridlens/contract/assets';
import { comparedRollupDays, DAY_MS, lastDays, type Period } from '@gridlens/domain/time-range';
import { HttpError, notFound } from '../../http/http-error';
import { assetFiguresOf, toAssetListColumns } from './asset-list-columns';
import type { AssetFigures } from './assets.public';
import { asOfPast } from './past-day';
import type { AssetsRepository } from './assets.repository';
import type { PeriodTable } from './period-table';

export function createAssetsService(repository: AssetsRepository, now: () => number = Date.now) {
  /** The rollup rows of the assets list over a period (comparedRollupDays says which days it reads). */
  /**
   * Every device's figures over a period. A period that ended before now is read as it saw itself
   * (past-day.ts): the latest state is now's, not that period's.
   */
  const periodRows = async (tenantId: string, userId: string, period: Period, nowMs: number) => {
    const table = await repository.listWithPeriod(tenantId, userId, comparedRollupDays(period));
    return period.toMs < nowMs ? asOfPast(table, period.toMs) : table;
  };

  /** The tenant's device, or 404: how other modules check a device id before reading its data. */
  async function requireDevice(tenantId: string, deviceId: string): Promise<PowerDevice> {
    const device = await repository.find(tenantId, deviceId);
    if (!device) throw notFound('Device');
    return device;
  }

  return {
    /** Every device's assets-list figures over a period (what the fleet statistics count). */
    async figuresOver(tenantId: string, userId: string, period: Period): Promise<AssetFigures[]> {
      const nowMs = now();
      return assetFiguresOf(await periodRows(tenantId, userId, period, nowMs), Math.min(period.toMs, nowMs));
    },
    /** figuresOver for each of several periods (the issues timeline's buckets), the fleet read once for them all. */
    async figuresOverEach(tenantId: string, userId: string, periods: readonly Period[]): Promise<AssetFigures[][]> {
      const nowMs = now();
      const tables = await repository.listWithPeriods(tenantId, userId, periods.map(comparedRollupDays));
      return periods.map((period, i) => {
        const table = tables[i] as PeriodTable;
        return assetFiguresOf(period.toMs < nowMs ? asOfPast(table, period.toMs) : table, Math.min(period.toMs, nowMs));
      });
    },
    /**
     * The assets list over the last `numDays` × 24 h, columnar, as GET /api/powerdata/device answers it. Rollups
     * are per UTC day, so that is every UTC day it overlaps (for 1: yesterday and today so far).
     */
    async listColumns(tenantId: string, userId: string, numDays: number): Promise<AssetList> {
      const nowMs = now();
      return toAssetListColumns(await periodRows(tenantId, userId, lastDays(numDays, nowMs), nowMs), nowMs);
    },

    /**
     * Every device over one UTC day (the power report): the assets list's figures for that day, with its
     * figures for counting. Today is read as the list reads it; a past day without today's latest state
     * (past-day.ts), and without the last-message times and total power only that state knows.
     */
    async dayOver(tenantId: string, userId: string, dayStartMs: number) {
      const nowMs = now();
      const period = { fromMs: dayStartMs, toMs: Math.min(dayStartMs + DAY_MS, nowMs) };
      const table = await periodRows(tenantId, userId, period, nowMs);
      const list = toAssetListColumns(table, period.toMs);
      // A past day's last-message time is not known (past-day.ts stands one in, to judge communication).
      if (period.toMs < nowMs) list.columns.last_message_at = list.columns.last_message_at.map(() => null);
      return { list, figures: assetFiguresOf(table, period.toMs) };
    },

    /**
     * One device as the assets list shows it over the last `numDays` × 24 h (the asset detail header): made
     * by the very code that makes the list, so the two always agree to the last decimal.
     */
    async itemOver(tenantId: string, userId: string, deviceId: string, numDays: number): Promise<AssetListItem> {
      const nowMs = now();
      const table = await repository.deviceWithPeriod(tenantId, userId, deviceId, comparedRollupDays(lastDays(numDays, nowMs)));
      if (!table) throw notFound('Device');
      return assetListRowAt(toAssetListColumns(table, nowMs).columns, 0);
    },

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
      return (await repository.watchlist(tenantId, userId)).map((w) => ({
        device_id: w.device_id,
        added_at: new Date(w.added_at).toISOString(),
      }));
    },
    async watch(tenantId: string, userId: string, deviceId: string): Promise<void> {
      await requireDevice(tenantId, deviceId);
      await repository.addToWatchlist(tenantId, userId, deviceId);
    },
    async unwatch(tenantId: string, userId: string, deviceId: string): Promise<void> {
      if (!(await repository.removeFromWatchlist(tenantId, userId, deviceId))) throw notFound('Watchlist entry');
    },
  };
}
export type AssetsService = ReturnType<typeof createAssetsService>;
