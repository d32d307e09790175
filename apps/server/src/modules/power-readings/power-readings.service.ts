import type {
  ChartData,
  FleetStats,
  FleetTotals,
  IssueTimeline,
  PowerMessage,
  PowerReport,
  TimeRange,
} from '@gridlens/contract/power-readings';
import { BATTERY_STATUSES } from '@gridlens/domain/power/battery';
import { COMMUNICATION_STATES } from '@gridlens/domain/power/communication';
import { DEVICE_STATUS_CATEGORIES } from '@gridlens/domain/power/device-status';
import {
  apparentPowerKva,
  CAPACITY_STATES,
  capacityPercent,
  IMBALANCE_STATES,
  imbalancePercent,
  type PhaseCurrentsA,
} from '@gridlens/domain/power/electrical';
import { POWER_CHANGE_STATES } from '@gridlens/domain/power/power-change';
import { ISSUE_FLAG_NAMES } from '@gridlens/domain/power/issue-flags';
import { atAnswerPrecision as r2, atAnswerPrecisionOrNull as r2OrNull } from '@gridlens/domain/number-format';
import {
  DAY_MS,
  zonedDayBuckets,
  periodOfRange,
  zonedDay,
  zonedDayStartMs,
  zonedRangeWindow,
  zonedRollupDays,
} from '@gridlens/domain/time-range';
import { validationError } from '../../http/http-error';
import { resolvePeriod, type PeriodInput } from '../../http/period-input';
import type { PowerDevice } from '@gridlens/contract/assets';
import { windowOf, type AssetListService } from './asset-list.service';
import type { AssetFigures } from './power-readings.public';
import { chartSeries, hourlyChartSeries, hoursPerBucket } from './chart-series';
import type { PowerReadingsRepository } from './power-readings.repository';

const HOUR_MS = 3_600_000;

/** Points of the issues-over-time chart at most (Analytics overview). */
const ISSUE_BUCKETS = 14;

/** Charts of periods longer than this read the hourly rollup instead of raw readings. */
export const HOURLY_CHART_AFTER_DAYS = 31;
const count = <K extends string>(
  items: readonly AssetFigures[],
  keys: readonly K[],
  pick: (item: AssetFigures) => K | null,
  noData = false,
) => {
  const counts = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  let missing = 0;
  for (const item of items) {
    const key = pick(item);
    if (key === null) missing += 1;
    else counts[key] += 1;
  }
  return noData ? { ...counts, no_data: missing } : counts;
};

/** What the readings read of the registry (the assets module): a device, or a 404, and the fleet's size. */
export interface RegistryReads {
  require: (tenantId: string, deviceId: string) => Promise<PowerDevice>;
  fleetSize: (tenantId: string) => Promise<{ device_count: number; total_rating_kva: number }>;
}

interface Deps {
  repository: PowerReadingsRepository;
  devices: RegistryReads;
  /** The assets list's read model, whose figures the fleet statistics and the power report count. */
  assetList: AssetListService;
  now?: () => number;
  /** The tenant's time zone, whose days key the daily rollups and make the report's days. */
  timeZoneOf?: (tenantId: string) => Promise<string>;
}

/** The counts behind the assets screen's summary charts and the power report's fleet status. */
function countFleet(items: readonly AssetFigures[]): Omit<FleetStats, 'range' | 'window'> {
  return {
    device_count: items.length,
    capacity: count(items, CAPACITY_STATES, (i) => i.capacity_state, true) as FleetStats['capacity'],
    imbalance: count(items, IMBALANCE_STATES, (i) => i.imbalance_state, true) as FleetStats['imbalance'],
    power_change: count(items, POWER_CHANGE_STATES, (i) => i.power_change_state, true) as FleetStats['power_change'],
    battery: count(items, BATTERY_STATUSES, (i) => i.battery_status),
    communication: count(items, COMMUNICATION_STATES, (i) => i.communication_state),
    status: count(items, DEVICE_STATUS_CATEGORIES, (i) => i.status_category),
    issues: countIssues(items),
  };
}

const countIssues = (items: readonly AssetFigures[]) =>
  Object.fromEntries(ISSUE_FLAG_NAMES.map((flag) => [flag, items.filter((i) => i[flag]).length]));

export function createPowerReadingsService({
  repository,
  devices,
  assetList,
  now = Date.now,
  timeZoneOf = () => Promise.resolve('UTC'),
}: Deps) {
  const ratingOrThrow = async (tenantId: string, deviceId: string): Promise<number> =>
    (await devices.require(tenantId, deviceId)).rating_kva;

  return {
    async messages(tenantId: string, deviceId: string, period: PeriodInput, page: number, pageSize: number) {
      const ratingKva = await ratingOrThrow(tenantId, deviceId);
      const { from, to } = resolvePeriod(period, now());
      const { rows, total } = await repository.messages(tenantId, deviceId, from, to, pageSize, (page - 1) * pageSize);
      const items: PowerMessage[] = rows.map((row) => {
        const max = row.current_max_a as unknown as PhaseCurrentsA;
        return {
          seq: row.seq,
          time: new Date(row.measured_at).toISOString(),
          missed: row.missed === true,
          lqi: row.lqi,
          current_max_a: row.current_max_a,
          current_med_a: row.current_med_a,
          temperature_max_c: row.temperature_max_c,
          temperature_med_c: row.temperature_med_c,
          battery_pct: row.battery_pct,
          total_kva: r2(apparentPowerKva(row.current_med_a as unknown as PhaseCurrentsA)),
          capacity_percent: r2(capacityPercent(apparentPowerKva(max), ratingKva)),
          imbalance_percent: r2(imbalancePercent(max)),
        };
      });
      return { items, page, page_size: pageSize, total };
    },

    async chart(tenantId: string, deviceId: string, period: PeriodInput): Promise<ChartData> {
      const ratingKva = await ratingOrThrow(tenantId, deviceId);
      const { from, to } = resolvePeriod(period, now());
      const range = { device_id: deviceId, from: from.toISOString(), to: to.toISOString() };
      if (to.getTime() - from.getTime() > HOURLY_CHART_AFTER_DAYS * DAY_MS) {
        const bucketHours = hoursPerBucket(to.getTime() - from.getTime());
        const hourly = await repository.chartHourly(tenantId, deviceId, from, to, bucketHours);
        return { ...range, points_in_period: hourly.hours, resolution: 'hour', series: hourlyChartSeries(hourly, ratingKva, bucketHours) };
      }
      const columns = await repository.chart(tenantId, deviceId, from, to);
      return { ...range, points_in_period: columns.t.length, resolution: 'reading', series: chartSeries(columns, ratingKva) };
    },

    async dailyTrends(tenantId: string, deviceId: string, period: PeriodInput) {
      const ratingKva = await ratingOrThrow(tenantId, deviceId);
      const { from, to } = resolvePeriod(period, now());
      const { fromDay, toDay } = zonedRollupDays({ fromMs: from.getTime(), toMs: to.getTime() }, await timeZoneOf(tenantId));
      const rows = await repository.daily(tenantId, deviceId, fromDay, toDay);
      const today = zonedDay(now(), await timeZoneOf(tenantId));
      return {
        device_id: deviceId,
        rating_kva: ratingKva,
        days: rows.map((d) => {
          const n = Math.max(1, d.message_count);
          const meanKva = d.apparent_med_sum_kva / n;
          return {
            day: d.day,
            partial: d.day === today,
            message_count: d.message_count,
            missed_messages: d.missed_messages,
            current_max_a: d.current_max_a,
            current_mean_of_medians_a: d.current_med_sum_a.map((sum) => r2(sum / n)),
            apparent_max_kva: r2(d.apparent_max_kva),
            apparent_mean_kva: r2(meanKva),
            capacity_max_percent: r2(capacityPercent(d.apparent_max_kva, ratingKva)),
            utilisation_percent: r2(capacityPercent(meanKva, ratingKva)),
            imbalance_max_percent: r2(d.imbalance_max_percent),
            temperature_max_c: r2OrNull(d.temperature_max_c),
            temperature_min_c: r2OrNull(d.temperature_min_c),
          };
        }),
      };
    },

    /**
     * The assets screen's summary charts for a range: the assets list over that many days of the tenant's calendar
     * (today so far included, as the list reads them), counted.
     */
    async fleetStats(tenantId: string, userId: string, range: TimeRange): Promise<FleetStats> {
      const window = zonedRangeWindow(range, now(), await timeZoneOf(tenantId));
      return { range, window: windowOf(window), ...countFleet(await assetList.figuresOver(tenantId, userId, window)) };
    },

    /** The power report of a day of the tenant's calendar (today when none is given): the fleet's status and every device's figures. */
    async dayReport(tenantId: string, userId: string, day: string | undefined): Promise<PowerReport> {
      const nowMs = now();
      const timeZone = await timeZoneOf(tenantId);
      const reportDay = day ?? zonedDay(nowMs, timeZone);
      // The report compares the day with the one before, which must be a date PostgreSQL reads (and no
      // reading is older than the epoch).
      if (Date.parse(`${reportDay}T00:00:00Z`) < DAY_MS)
        throw validationError([{ field: 'day', message: 'The day of a report must be after 1970-01-01' }]);
      if (zonedDayStartMs(reportDay, timeZone) > nowMs)
        throw validationError([{ field: 'day', message: 'The day of a report cannot be in the future' }]);
      const { list, figures, window } = await assetList.dayOver(tenantId, userId, reportDay);
      return {
        day: reportDay,
        generated_at: new Date(nowMs).toISOString(),
        window: windowOf(window),
        fleet: countFleet(figures),
        devices: list,
      };
    },

    /**
     * Devices with each issue flag over time: the range cut into at most ISSUE_BUCKETS buckets of whole days of
     * the tenant's calendar, each read as the assets list reads a period and judged by the same domain rules. The
     * buckets are read in one statement: one list read per bucket made this the slowest of the portal's reads under load.
     */
    async issueTimeline(tenantId: string, userId: string, range: TimeRange): Promise<IssueTimeline> {
      const cut = zonedDayBuckets(periodOfRange(range, now()), ISSUE_BUCKETS, await timeZoneOf(tenantId));
      const fullMs = Math.max(...cut.map((b) => b.toMs - b.fromMs));
      const figures = await assetList.figuresOverEach(tenantId, userId, cut);
      const buckets: IssueTimeline['buckets'] = cut.map((bucket, i) => {
        const items = figures[i] ?? [];
        return {
          from: new Date(bucket.fromMs).toISOString(),
          to: new Date(bucket.toMs).toISOString(),
          // Shorter than the others (the range's first part-day, or today so far): its counts are not like with like.
          partial: cut.length > 1 && bucket.toMs - bucket.fromMs < fullMs,
          device_count: items.length,
          reporting_devices: items.filter((item) => item.message_count > 0).length,
          issues: countIssues(items),
        };
      });
      return { range, buckets };
    },

    /** Fleet total power over a range: from the hourly rollup for 24h, from the daily rollup beyond. */
    async fleetTotals(tenantId: string, range: TimeRange): Promise<FleetTotals> {
      const nowMs = now();
      const period = periodOfRange(range, nowMs);
      const hourly = range === '24h';
      const timeZone = await timeZoneOf(tenantId);
      const { fromDay, toDay } = zonedRollupDays(period, timeZone);
      const points = hourly
        ? await repository.fleetHourly(tenantId, new Date(period.fromMs), new Date(period.toMs))
        : (await repository.fleetDaily(tenantId, fromDay, toDay)).map((p) => ({
            ...p,
            bucket: new Date(zonedDayStartMs(p.day, timeZone)),
          }));
      const size = await devices.fleetSize(tenantId);
      return {
        range,
        resolution: hourly ? 'hour' : 'day',
        device_count: size.device_count,
        reporting_devices: Math.max(0, ...points.map((p) => p.devices)),
        total_rating_kva: r2(size.total_rating_kva),
        points: points.map((p) => ({
          time: new Date(p.bucket).toISOString(),
          partial: hourly ? new Date(p.bucket).getTime() + HOUR_MS > nowMs : 'day' in p && p.day === zonedDay(nowMs, timeZone),
          mean_kva: r2(p.mean_kva),
          max_kva: r2(p.max_kva),
          devices: p.devices,
        })),
      };
    },
  };
}
export type PowerReadingsService = ReturnType<typeof createPowerReadingsService>;
