import { assetListRowAt, type AssetList, type AssetListItem, type DayWindow as DayWindowAnswer } from '@gridlens/contract/assets';
import {
  comparedWindowDays,
  lastZonedDays,
  zonedComparedRollupDays,
  zonedDayWindow,
  type DayWindow,
  type Period,
} from '@gridlens/domain/time-range';
import { notFound } from '../../http/http-error';
import { assetFiguresOf, toAssetListColumns } from './asset-list-columns';
import type { AssetListRepository } from './asset-list.repository';
import { asOfPast } from './past-day';
import type { PeriodTable } from './period-table';
import type { AssetFigures } from './power-readings.public';

/** A day window as answers state it (the contract's DayWindow). */
export const windowOf = (window: DayWindow): DayWindowAnswer => ({
  from: new Date(window.fromMs).toISOString(),
  to: new Date(window.toMs).toISOString(),
  from_day: window.fromDay,
  to_day: window.toDay,
  time_zone: window.timeZone,
  partial: window.partial,
});

/**
 * The assets list and every figure counted from it (the fleet statistics, the issues timeline, the power report):
 * one read model over the registry and this module's rollups, so that the list, the asset header and the counts
 * always agree.
 */
export function createAssetListService(
  repository: AssetListRepository,
  now: () => number,
  timeZoneOf: (tenantId: string) => Promise<string>,
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

  return {
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
  };
}
export type AssetListService = ReturnType<typeof createAssetListService>;
