import type { Queryable } from '../../db/database';
import type { CoverageRow, DeviceTestDeviceRow, DeviceTestMessageRow } from './power-readings.public';
import { dailyWithMissed } from './daily-with-missed';
import { IN_PERIOD, TRUE_SEQ, tenths } from './power-readings.repository';

/**
 * Reads of the link figures for the coverage module (the device coverage check and the device test), from the
 * daily rollup, the latest state and the readings; every query is scoped by the caller's tenant.
 */
export function createLinkQualityRepository(db: Queryable) {
  return {
    /**
     * Every device of the tenant with its link figures over the tenant's days fromDay..toDay, from the daily rollup
     * (messages, sequence span, link-quality counts; migration 0009): a week of 10,000 devices is 70,000 rows.
     */
    coverage(tenantId: string, fromDay: string, toDay: string): Promise<CoverageRow[]> {
      return db.query<CoverageRow>(
        `SELECT d.device_id, d.transformer_name, d.latitude, d.longitude, d.connection_type,
                coalesce(sum(r.message_count), 0)::int AS received,
                coalesce(sum(r.message_count + r.missed_messages), 0)::int AS expected,
                coalesce(sum(r.lqi_count), 0)::int AS lqi_count,
                (sum(r.lqi_sum)::float8 / nullif(sum(r.lqi_count), 0)) AS mean_lqi,
                min(r.lqi_min)::int AS min_lqi,
                coalesce(sum(r.lqi_below_good), 0)::int AS lqi_below_good,
                coalesce(sum(r.lqi_below_average), 0)::int AS lqi_below_average,
                latest.last_message_at
           FROM power_devices d
           LEFT JOIN ${dailyWithMissed('$2::date', '$3::date')} r ON r.device_id = d.device_id
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
        `WITH ${IN_PERIOD}
         SELECT ${TRUE_SEQ} AS seq, measured_at, lqi, ARRAY[max_a1, max_a2, max_a3] AS current_max_a,
                ${tenths('temperature_max_dc')} AS temperature_max_c, ${tenths('battery_dpct')} AS battery_pct
           FROM in_period
          ORDER BY seq DESC
          LIMIT $5`,
        [tenantId, deviceId, from.toISOString(), to.toISOString(), limit],
      );
    },
  };
}

export type LinkQualityRepository = ReturnType<typeof createLinkQualityRepository>;
