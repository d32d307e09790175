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
  median_lqi: number | null;
  min_lqi: number | null;
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
     * Every device of the tenant with its link figures over [from, to): messages received, the sequence span they
     * cover, and the median and lowest LQI. Readings are found through the daily rollup's sequence spans, as every
     * read of power_readings is (it has no time index, migration 0005).
     */
    coverage(tenantId: string, from: Date, to: Date): Promise<CoverageRow[]> {
      return db.query<CoverageRow>(
        `WITH span AS (
           SELECT device_id, min(min_seq) - ${STORED_SEQ_SHIFT} AS lo, max(max_seq) - ${STORED_SEQ_SHIFT} AS hi
             FROM power_device_daily
            WHERE tenant_id = $1 AND ${DAYS_OF_PERIOD}
            GROUP BY device_id),
         link AS (
           SELECT d.device_id, count(*)::int AS received, (max(r.seq)::int8 - min(r.seq) + 1)::int AS expected,
                  (percentile_disc(0.5) WITHIN GROUP (ORDER BY r.lqi))::int AS median_lqi, min(r.lqi)::int AS min_lqi
             FROM power_devices d
             JOIN span s ON s.device_id = d.device_id
             JOIN power_readings r ON r.device_key = d.device_key AND r.seq BETWEEN s.lo AND s.hi
                                  AND r.measured_at >= $2 AND r.measured_at < $3
            WHERE d.tenant_id = $1
            GROUP BY d.device_id)
         SELECT d.device_id, d.transformer_name, d.latitude, d.longitude, d.connection_type,
                coalesce(l.received, 0) AS received, coalesce(l.expected, 0) AS expected, l.median_lqi, l.min_lqi,
                latest.last_message_at
           FROM power_devices d
           LEFT JOIN link l ON l.device_id = d.device_id
           LEFT JOIN power_device_latest latest ON latest.tenant_id = d.tenant_id AND latest.device_id = d.device_id
          WHERE d.tenant_id = $1
          ORDER BY d.device_id`,
        [tenantId, from.toISOString(), to.toISOString()],
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
