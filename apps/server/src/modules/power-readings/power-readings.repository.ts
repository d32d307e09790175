import type { Queryable } from '../../db/database';
import { HOURLY_SERIES, type HourlySeries } from './hourly-rollup';
import { dailyWithMissed } from './daily-with-missed';
import { STORED_SEQ_SHIFT } from './reading-encoding';

export interface MessageRow {
  seq: number;
  measured_at: Date;
  missed: boolean | null;
  lqi: number | null;
  current_max_a: number[];
  current_med_a: number[];
  temperature_max_c: number | null;
  temperature_med_c: number | null;
  battery_pct: number | null;
}

/** A period's readings column by column: epoch ms, max and median current per phase, max and median temperature. */
export interface ChartColumns {
  t: number[];
  x1: number[];
  x2: number[];
  x3: number[];
  m1: number[];
  m2: number[];
  m3: number[];
  tx: (number | null)[];
  tm: (number | null)[];
}

/**
 * A period's hourly extremes column by column (see power_device_hourly), merged into buckets of whole hours:
 * `h` is each bucket's first hour in epoch ms, `hours` how many hours of data the period holds.
 */
export type HourlyColumns = { h: number[]; hours: number } & Record<`${HourlySeries}_${'min' | 'max'}`, (number | null)[]>;

export interface DailyRow {
  day: string;
  message_count: number;
  missed_messages: number;
  current_max_a: number[];
  current_med_sum_a: number[];
  apparent_max_kva: number;
  apparent_med_sum_kva: number;
  imbalance_max_percent: number;
  temperature_max_c: number | null;
  temperature_min_c: number | null;
}

export interface FleetPointRow {
  bucket: Date;
  mean_kva: number;
  max_kva: number;
  devices: number;
}

/**
 * A device's readings in [$3, $4) as the CTE `in_period` ($1 tenant, $2 device id). power_readings has no time
 * index (migration 0005): the period becomes a range of its (device_key, seq) index through the daily rollup's
 * min_seq/max_seq of the days the period touches (the tenant's days, which key the rollup: migration 0012). Every stored reading counts in its day's rollup (same
 * transaction), late and out-of-order ones included, so the range holds them all; the time filter drops the rest.
 */
export const IN_PERIOD = `
  period_device AS (SELECT device_key FROM power_devices WHERE tenant_id = $1 AND device_id = $2),
  period_seqs AS (
    SELECT min(min_seq) - ${STORED_SEQ_SHIFT} AS lo, max(max_seq) - ${STORED_SEQ_SHIFT} AS hi
      FROM power_device_daily
     WHERE tenant_id = $1 AND device_id = $2
       AND day BETWEEN ($3::timestamptz AT TIME ZONE (SELECT time_zone FROM tenants WHERE id = $1))::date
                   AND ($4::timestamptz AT TIME ZONE (SELECT time_zone FROM tenants WHERE id = $1))::date),
  in_period AS (
    SELECT r.* FROM period_device d, period_seqs s, power_readings r
     WHERE r.device_key = d.device_key AND r.seq BETWEEN s.lo AND s.hi AND r.measured_at >= $3 AND r.measured_at < $4)`;

/**
 * SQL (a WITH list, parameters $1 tenant, $2 from, $3 to, $4 device id or null): `ranges`, each device's
 * (device_key, seq) range over the days the period [from, to) touches in the tenant's calendar, from the daily
 * rollups, as IN_PERIOD reaches one device's readings. The fleet's load analyses (ADMD, loss of life) join it to
 * `power_readings` one device at a time and then filter by time.
 */
export const FLEET_SEQ_RANGES = `zone AS (SELECT time_zone FROM tenants WHERE id = $1),
              ranges AS MATERIALIZED (
                SELECT y.device_id, min(y.min_seq) - ${STORED_SEQ_SHIFT} AS lo, max(y.max_seq) - ${STORED_SEQ_SHIFT} AS hi
                  FROM power_device_daily y, zone z
                 WHERE y.tenant_id = $1 AND ($4::text IS NULL OR y.device_id = $4)
                   AND y.day BETWEEN ($2::timestamptz AT TIME ZONE z.time_zone)::date AND ($3::timestamptz AT TIME ZONE z.time_zone)::date
                 GROUP BY y.device_id)`;

/** Decoded columns of power_readings (see reading-encoding.ts). */
export const TRUE_SEQ = `(seq::float8 + ${STORED_SEQ_SHIFT})`;
export const tenths = (column: string) => `(${column} / 10.0)::float8`;

/** Reads of stored power data; every query is scoped by tenant and device. */
export function createPowerReadingsRepository(db: Queryable) {
  return {
    /** A page of messages, newest first; `missed` marks a sequence gap right before the message. */
    async messages(
      tenantId: string,
      deviceId: string,
      from: Date,
      to: Date,
      limit: number,
      offset: number,
    ): Promise<{ rows: MessageRow[]; total: number }> {
      const params = [tenantId, deviceId, from.toISOString(), to.toISOString()];
      // The period's total rides along as a window count: the rows query reads every reading of the period
      // anyway (for lag), so a second query would only read them all again.
      const rows = await db.query<MessageRow & { total: number }>(
        `WITH ${IN_PERIOD}
         SELECT ${TRUE_SEQ} AS seq, measured_at, lqi, ARRAY[max_a1, max_a2, max_a3] AS current_max_a, ARRAY[med_a1, med_a2, med_a3] AS current_med_a,
                ${tenths('temperature_max_dc')} AS temperature_max_c, ${tenths('temperature_med_dc')} AS temperature_med_c,
                ${tenths('battery_dpct')} AS battery_pct, (seq::bigint - lag(seq::bigint) OVER (ORDER BY seq)) > 1 AS missed, count(*) OVER ()::int AS total
           FROM in_period
          ORDER BY measured_at DESC, seq DESC
          LIMIT $5 OFFSET $6`,
        [...params, limit, offset],
      );
      if (rows.length > 0 || offset === 0) return { rows, total: rows[0]?.total ?? 0 };
      // A page past the end has no row to carry the total.
      const [count] = await db.query<{ total: number }>(`WITH ${IN_PERIOD} SELECT count(*)::int AS total FROM in_period`, params);
      return { rows, total: count?.total ?? 0 };
    },

    /**
     * Readings in time order for charts, as columns (one JSON value from the database): a year is 35,000
     * rows, and one JSON.parse of columns is far cheaper than the drivers materialising row objects.
     */
    async chart(tenantId: string, deviceId: string, from: Date, to: Date): Promise<ChartColumns> {
      const rows = await db.query<{ columns: ChartColumns | string | null }>(
        `SELECT json_build_object('t', coalesce(array_agg(t), '{}'), 'x1', coalesce(array_agg(x1), '{}'), 'x2', coalesce(array_agg(x2), '{}'),
                  'x3', coalesce(array_agg(x3), '{}'), 'm1', coalesce(array_agg(m1), '{}'), 'm2', coalesce(array_agg(m2), '{}'),
                  'm3', coalesce(array_agg(m3), '{}'), 'tx', coalesce(array_agg(tx), '{}'), 'tm', coalesce(array_agg(tm), '{}'))::text AS columns
           FROM (WITH ${IN_PERIOD}
                 SELECT date_part('epoch', measured_at) * 1000 AS t, max_a1 AS x1, max_a2 AS x2, max_a3 AS x3,
                        med_a1 AS m1, med_a2 AS m2, med_a3 AS m3, ${tenths('temperature_max_dc')} AS tx, ${tenths('temperature_med_dc')} AS tm
                   FROM in_period
                  ORDER BY measured_at) AS ordered`,
        [tenantId, deviceId, from.toISOString(), to.toISOString()],
      );
      const value = rows[0]?.columns;
      return (typeof value === 'string' ? JSON.parse(value) : value) as ChartColumns;
    },

    /**
     * The hourly rollup over a period merged into buckets of `bucketHours` whole hours (each bucket keeps the
     * minimum of its minima and the maximum of its maxima, so every peak survives), as one columnar JSON value.
     * Merging in the database sends a year as ~1,000 buckets instead of 8,760 hours of 22 series.
     */
    async chartHourly(tenantId: string, deviceId: string, from: Date, to: Date, bucketHours = 1): Promise<HourlyColumns> {
      const merged = HOURLY_SERIES.flatMap((series) => [`min(${series}_min) AS ${series}_min`, `max(${series}_max) AS ${series}_max`]);
      const extremes = HOURLY_SERIES.flatMap((series) => [`${series}_min`, `${series}_max`]);
      const rows = await db.query<{ columns: string }>(
        `SELECT json_build_object('h', coalesce(array_agg(h ORDER BY h), '{}'), 'hours', coalesce(sum(hours), 0),
                  ${extremes.map((c) => `'${c}', coalesce(array_agg(${c} ORDER BY h), '{}')`).join(', ')})::text AS columns
           FROM (SELECT date_part('epoch', min(hour)) * 1000 AS h, count(*) AS hours, ${merged.join(', ')}
                   FROM power_device_hourly
                  WHERE tenant_id = $1 AND device_id = $2 AND hour >= date_trunc('hour', $3::timestamptz) AND hour < $4
                  GROUP BY floor(date_part('epoch', hour) / (3600 * $5::int))) AS buckets`,
        [tenantId, deviceId, from.toISOString(), to.toISOString(), bucketHours],
      );
      return JSON.parse(rows[0]?.columns ?? '{"h":[],"hours":0}') as HourlyColumns;
    },

    /** When the tenant's newest reading was measured (the demo tops its history up from there). */
    async newestReadingAt(tenantId: string): Promise<Date | null> {
      const rows = await db.query<{ newest: Date | null }>(
        'SELECT max(last_message_at) AS newest FROM power_device_latest WHERE tenant_id = $1',
        [tenantId],
      );
      return rows[0]?.newest ?? null;
    },

    daily(tenantId: string, deviceId: string, fromDay: string, toDay: string): Promise<DailyRow[]> {
      return db.query<DailyRow>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, message_count, missed_messages::int AS missed_messages,
                current_max_a, current_med_sum_a, apparent_max_kva, apparent_med_sum_kva, imbalance_max_percent, temperature_max_c, temperature_min_c
           FROM ${dailyWithMissed('$3::date', '$4::date', ' AND r.device_id = $2')} AS daily
          ORDER BY day`,
        [tenantId, deviceId, fromDay, toDay],
      );
    },

    /** Fleet total apparent power per hour from the hourly rollup: the sum over devices of each device's hourly mean and peak. */
    fleetHourly(tenantId: string, from: Date, to: Date): Promise<FleetPointRow[]> {
      return db.query<FleetPointRow>(
        `SELECT hour AS bucket, sum(apparent_med_kva_sum / message_count)::float8 AS mean_kva, sum(apparent_max_kva_max)::float8 AS max_kva,
                count(*)::int AS devices
           FROM power_device_hourly
          WHERE tenant_id = $1 AND hour >= date_trunc('hour', $2::timestamptz) AND hour < $3
          GROUP BY hour ORDER BY hour`,
        [tenantId, from.toISOString(), to.toISOString()],
      );
    },

    /** Fleet total apparent power per day from the daily rollups (days of the tenant's calendar). */
    fleetDaily(tenantId: string, fromDay: string, toDay: string): Promise<(FleetPointRow & { day: string })[]> {
      return db.query<FleetPointRow & { day: string }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, day::timestamptz AS bucket, sum(apparent_med_sum_kva / message_count)::float8 AS mean_kva, sum(apparent_max_kva)::float8 AS max_kva,
                count(*)::int AS devices
           FROM power_device_daily
          WHERE tenant_id = $1 AND day >= $2::date AND day <= $3::date AND message_count > 0
          GROUP BY day ORDER BY day`,
        [tenantId, fromDay, toDay],
      );
    },
  };
}
export type PowerReadingsRepository = ReturnType<typeof createPowerReadingsRepository>;
