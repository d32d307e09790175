import type { Queryable } from '../../db/database';
import { STORED_SEQ_SHIFT } from '../ingest/reading-encoding';

export interface CoverageRow {
  device_id: string;
  transformer_name: string;
  latitude: number | null;
  longitude: number | null;
  connection_type: 'P.L.T.E' | 'Public Sim' | null;
  received: number;
  expected: number;
  lqi_count: number;
  mean_lqi: number | null;
  min_lqi: number | null;
  lqi_below_good: number;
  lqi_below_average: number;
  last_message_at: Date | string | null;
}

export interface DeviceTestDeviceRow {
  device_id: string;
  transformer_name: string;
  connection_type: 'P.L.T.E' | 'Public Sim' | null;
  last_message_at: Date | string | null;
}

export interface DeviceTestMessageRow {
  seq: number;
  measured_at: Date | string;
  lqi: number | null;
  current_max_a: number[];
  temperature_max_c: number | null;
  battery_pct: number | null;
}

/** The UTC days of [$2, $3) as a date range, for the daily rollup's per-day sequence spans. */
const DAYS_OF_PERIOD = `day BETWEEN ($2::timestamptz AT TIME ZONE 'UTC')::date AND ($3::timestamptz AT TIME ZONE 'UTC')::date`;

/** Reads for the device coverage check and the device test; every query is scoped by the caller's tenant. */
export function createCoverageRepository(db: Queryable) {
  return {
    /**
     * Every device of the tenant with its link figures over the UTC days fromDay..toDay, from the daily rollup
     * (messages, sequence span, link-quality counts; migration 0009): a week of 10,000 devices is 70,000 rows.
     */
    coverage(tenantId: string, fromDay: string, toDay: string): Promise<CoverageRow[]> {
      return db.query<CoverageRow>(
        `SELECT d.device_id, d.transformer_name, d.latitude, d.longitude, d.connection_type,
                coalesce(sum(r.message_count), 0)::int AS received,
                coalesce(max(r.max_seq) - min(r.min_seq) + 1, 0)::int AS expected,
                coalesce(sum(r.lqi_count), 0)::int AS lqi_count,
                (sum(r.lqi_sum)::float8 / nullif(sum(r.lqi_count), 0)) AS mean_lqi,
                min(r.lqi_min)::int AS min_lqi,
                coalesce(sum(r.lqi_below_good), 0)::int AS lqi_below_good,
                coalesce(sum(r.lqi_below_average), 0)::int AS lqi_below_average,
                latest.last_message_at
           FROM power_devices d
           LEFT JOIN power_device_daily r ON r.tenant_id = d.tenant_id AND r.device_id = d.device_id AND r.day BETWEEN $2::date AND $3::date
           LEFT JOIN power_device_latest latest ON latest.tenant_id = d.tenant_id AND latest.device_id = d.device_id
          WHERE d.tenant_id = $1
          GROUP BY d.device_id, d.transformer_name, d.latitude, d.longitude, d.connection_type, latest.last_message_at`,
        [tenantId, fromDay, toDay],
      );
    },

    /** The device under test, or null when the tenant has no such device. */
    async testDevice(tenantId: string, deviceId: string): Promise<DeviceTestDeviceRow | null> {
      const [row] = await db.query<DeviceTestDeviceRow>(
        `SELECT d.device_id, d.transformer_name, d.connection_type, latest.last_message_at
           FROM power_devices d
           LEFT JOIN power_device_latest latest ON latest.tenant_id = d.tenant_id AND latest.device_id = d.device_id
          WHERE d.tenant_id = $1 AND d.device_id = $2`,
        [tenantId, deviceId],
      );
      return row ?? null;
    },

    /** The device's newest readings (by sequence number) measured in [from, to), at most `limit`. */
    latestMessages(tenantId: string, deviceId: string, from: Date, to: Date, limit: number): Promise<DeviceTestMessageRow[]> {
      return db.query<DeviceTestMessageRow>(
        `WITH span AS (
           SELECT min(min_seq) - ${STORED_SEQ_SHIFT} AS lo, max(max_seq) - ${STORED_SEQ_SHIFT} AS hi
             FROM power_device_daily
            WHERE tenant_id = $1 AND device_id = $4 AND ${DAYS_OF_PERIOD})
         SELECT (r.seq::float8 + ${STORED_SEQ_SHIFT}) AS seq, r.measured_at, r.lqi, ARRAY[r.max_a1, r.max_a2, r.max_a3] AS current_max_a,
                (r.temperature_max_dc / 10.0)::float8 AS temperature_max_c, (r.battery_dpct / 10.0)::float8 AS battery_pct
           FROM power_devices d, span s, power_readings r
          WHERE d.tenant_id = $1 AND d.device_id = $4
            AND r.device_key = d.device_key AND r.seq BETWEEN s.lo AND s.hi AND r.measured_at >= $2 AND r.measured_at < $3
          ORDER BY r.seq DESC
          LIMIT $5`,
        [tenantId, from.toISOString(), to.toISOString(), deviceId, limit],
      );
    },
  };
}

export type CoverageRepository = ReturnType<typeof createCoverageRepository>;
