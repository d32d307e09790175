import type { Queryable } from '../../db/database';
import { HOURLY_SERIES, type HourlySeries } from '../ingest/hourly-rollup';

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

/** A period's hourly extremes column by column (see power_device_hourly); `h` is the hour's start in epoch ms. */
export type HourlyColumns = { h: number[] } & Record<`${HourlySeries}_${'min' | 'max'}`, (number | null)[]>;

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

const APPARENT_KVA = '((current_med_a[1] + current_med_a[2] + current_med_a[3]) * 230 / 1000)';
const APPARENT_MAX_KVA = '((current_max_a[1] + current_max_a[2] + current_max_a[3]) * 230 / 1000)';

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
      const rows = await db.query<MessageRow>(
        `SELECT seq, measured_at, lqi, current_max_a, current_med_a, temperature_max_c, temperature_med_c, battery_pct,
                (seq - lag(seq) OVER (ORDER BY seq)) > 1 AS missed
           FROM power_messages
          WHERE tenant_id = $1 AND device_id = $2 AND measured_at >= $3 AND measured_at < $4
          ORDER BY measured_at DESC, seq DESC
          LIMIT $5 OFFSET $6`,
        [tenantId, deviceId, from.toISOString(), to.toISOString(), limit, offset],
      );
      const [count] = await db.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM power_messages WHERE tenant_id = $1 AND device_id = $2 AND measured_at >= $3 AND measured_at < $4',
        [tenantId, deviceId, from.toISOString(), to.toISOString()],
      );
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
           FROM (SELECT (extract(epoch FROM measured_at) * 1000)::float8 AS t, current_max_a[1] AS x1, current_max_a[2] AS x2, current_max_a[3] AS x3,
                        current_med_a[1] AS m1, current_med_a[2] AS m2, current_med_a[3] AS m3, temperature_max_c AS tx, temperature_med_c AS tm
                   FROM power_messages
                  WHERE tenant_id = $1 AND device_id = $2 AND measured_at >= $3 AND measured_at < $4
                  ORDER BY measured_at) AS ordered`,
        [tenantId, deviceId, from.toISOString(), to.toISOString()],
      );
      const value = rows[0]?.columns;
      return (typeof value === 'string' ? JSON.parse(value) : value) as ChartColumns;
    },

    /** The hourly rollup over a period, as one columnar JSON value (for charts of more than a month). */
    async chartHourly(tenantId: string, deviceId: string, from: Date, to: Date): Promise<HourlyColumns> {
      const extremes = HOURLY_SERIES.flatMap((series) => [`${series}_min`, `${series}_max`]);
      const rows = await db.query<{ columns: string }>(
        `SELECT json_build_object('h', coalesce(array_agg(h), '{}'), ${extremes.map((c) => `'${c}', coalesce(array_agg(${c}), '{}')`).join(', ')})::text AS columns
           FROM (SELECT (extract(epoch FROM hour) * 1000)::float8 AS h, ${extremes.join(', ')}
                   FROM power_device_hourly
                  WHERE tenant_id = $1 AND device_id = $2 AND hour >= date_trunc('hour', $3::timestamptz) AND hour < $4
                  ORDER BY hour) AS ordered`,
        [tenantId, deviceId, from.toISOString(), to.toISOString()],
      );
      return JSON.parse(rows[0]?.columns ?? '{"h":[]}') as HourlyColumns;
    },

    daily(tenantId: string, deviceId: string, fromDay: string, toDay: string): Promise<DailyRow[]> {
      return db.query<DailyRow>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, message_count, (max_seq - min_seq + 1 - message_count)::int AS missed_messages,
                current_max_a, current_med_sum_a, apparent_max_kva, apparent_med_sum_kva, imbalance_max_percent, temperature_max_c, temperature_min_c
           FROM power_device_daily
          WHERE tenant_id = $1 AND device_id = $2 AND day >= $3::date AND day <= $4::date
          ORDER BY day`,
        [tenantId, deviceId, fromDay, toDay],
      );
    },

    /** Fleet total apparent power per hour from raw readings: the sum over devices of each device's hourly mean. */
    fleetHourly(tenantId: string, from: Date, to: Date): Promise<FleetPointRow[]> {
      return db.query<FleetPointRow>(
        `SELECT bucket, sum(mean_kva)::float8 AS mean_kva, sum(max_kva)::float8 AS max_kva, count(*)::int AS devices
           FROM (SELECT device_id, date_trunc('hour', measured_at) AS bucket, avg(${APPARENT_KVA}) AS mean_kva, max(${APPARENT_MAX_KVA}) AS max_kva
                   FROM power_messages
                  WHERE tenant_id = $1 AND measured_at >= $2 AND measured_at < $3
                  GROUP BY device_id, bucket) per_device
          GROUP BY bucket ORDER BY bucket`,
        [tenantId, from.toISOString(), to.toISOString()],
      );
    },

    /** Fleet total apparent power per day from the daily rollups. */
    fleetDaily(tenantId: string, fromDay: string, toDay: string): Promise<FleetPointRow[]> {
      return db.query<FleetPointRow>(
        `SELECT day::timestamptz AS bucket, sum(apparent_med_sum_kva / message_count)::float8 AS mean_kva, sum(apparent_max_kva)::float8 AS max_kva,
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
