import {
  assetListRowAt,
  type AssetList,
  type AssetListItem,
  type CreatePowerDevice,
  type DayWindow as DayWindowAnswer,
  type PowerDevice,
  type UpdatePowerDevice,
} from '@gridlens/contract/assets';
import {
  comparedWindowDays,
  lastZonedDays,
  zonedComparedRollupDays,
  zonedDayWindow,
  type DayWindow,
  type Period,
} from '@gridlens/domain/time-range';
import { HttpError, notFound } from '../../http/http-error';
import { assetFiguresOf, toAssetListColumns } from './asset-list-columns';
import type { AssetFigures } from './assets.public';
import { asOfPast } from './past-day';
import type { AssetsRepository } from './assets.repository';
import type { PeriodTable } from './period-table';

/** A day window as answers state it (the contract's DayWindow). */
export const windowOf = (window: DayWindow): DayWindowAnswer => ({
  from: new Date(window.fromMs).toISOString(),
  to: new Date(window.toMs).toISOString(),
  from_day: window.fromDay,
  to_day: window.toDay,
  time_zone: window.timeZone,
  partial: window.partial,
});

/** Another registry's devices on the device watchlist: add answers false when the id is not one of its devices. */
export interface OtherWatchlist {
  list(tenantId: string, userId: string): Promise<{ device_id: string; added_at: Date | string }[]>;
  add(tenantId: string, userId: string, deviceId: string): Promise<boolean>;
  remove(tenantId: string, userId: string, deviceId: string): Promise<boolean>;
}

export function createAssetsService(
  repository: AssetsRepository,
  now: () => number = Date.now,
  timeZoneOf: (tenantId: string) => Promise<string> = () => Promise.resolve('UTC'),
  /** Trackers on the same watchlist (tracking mode's devices; the tracking module keeps them). */
  trackers: OtherWatchlist | null = null,
) {
  /**
   * Every device's figures over a period, read from the daily rollups of the tenant's days it touches (and of the
   * equally long run of days before it, for power change). A period that ended before now is read as it saw
   * itself (past-day.ts): the latest state is now's, not that period's.
   */
  const periodRows = async (tenantId: string, userId: string, period: Period, nowMs: number) => {
    const table = await repository.listWithPeriod(tenantId, userId, zonedComparedRollupDays(period, await timeZoneOf(tenantId)));
    return period.toMs < nowMs ? asOfPast(table, period.toMs) : table;
  };

  /** The tenant's device, or 404: how other modules check a device id before reading its data. */
  async function requireDevice(tenantId: string, deviceId: string): Promise<PowerDevice> {
    const device = await repository.find(tenantId, deviceId);
    if (!device) throw notFound('Device');
    return device;
  }

  return {
    timeZoneOf,

    /** Every device's assets-list figures over a period (what the fleet statistics count). */
    async figuresOver(tenantId: string, userId: string, period: Period): Promise<AssetFigures[]> {
      const nowMs = now();
      return assetFiguresOf(await periodRows(tenantId, userId, period, nowMs), Math.min(period.toMs, nowMs));
    },
    /** figuresOver for each of several periods (the issues timeline's buckets), the fleet read once for them all. */
    async figuresOverEach(tenantId: string, userId: string, periods: readonly Period[]): Promise<AssetFigures[][]> {
      const nowMs = now();
      const timeZone = await timeZoneOf(tenantId);
      const tables = await repository.listWithPeriods(
        tenantId,
        userId,
        periods.map((period) => zonedComparedRollupDays(period, timeZone)),
      );
      return periods.map((period, i) => {
        const table = tables[i] as PeriodTable;
        return assetFiguresOf(period.toMs < nowMs ? asOfPast(table, period.toMs) : table, Math.min(period.toMs, nowMs));
      });
    },
    /**
     * The assets list over the last `numDays` days of the tenant's calendar, today so far included (1: today since
     * midnight, the power report's today), columnar, as GET /api/powerdata/device answers it, with its window.
     */
    async listColumns(tenantId: string, userId: string, numDays: number): Promise<AssetList> {
      const nowMs = now();
      const window = lastZonedDays(numDays, nowMs, await timeZoneOf(tenantId));
      return { ...toAssetListColumns(await periodRows(tenantId, userId, window, nowMs), nowMs), window: windowOf(window) };
    },

    /**
     * Every device over one day of the tenant's calendar (the power report): the assets list's figures for that
     * day, with its figures for counting. Today is read as the list reads it; a past day without today's latest
     * state (past-day.ts), and without the last-message times and total power only that state knows.
     */
    async dayOver(tenantId: string, userId: string, day: string) {
      const nowMs = now();
      const window = zonedDayWindow(day, nowMs, await timeZoneOf(tenantId));
      const table = await periodRows(tenantId, userId, window, nowMs);
      const list: AssetList = { ...toAssetListColumns(table, window.toMs), window: windowOf(window) };
      // A past day's last-message time is not known (past-day.ts stands one in, to judge communication).
      if (window.toMs < nowMs) list.columns.last_message_at = list.columns.last_message_at.map(() => null);
      return { list, figures: assetFiguresOf(table, window.toMs), window };
    },

    /**
     * One device as the assets list shows it over the last `numDays` days (the asset detail header): made by the
     * very code that makes the list, so the two always agree to the last decimal.
     */
    async itemOver(tenantId: string, userId: string, deviceId: string, numDays: number): Promise<AssetListItem> {
      const nowMs = now();
      const window = lastZonedDays(numDays, nowMs, await timeZoneOf(tenantId));
      const days = comparedWindowDays(window);
      const table = await repository.deviceWithPeriod(tenantId, userId, deviceId, days);
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
