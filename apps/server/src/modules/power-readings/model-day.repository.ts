import type { ModelDayType } from '@gridlens/domain/load-models/model-parameters';
import type { Queryable } from '../../db/database';
import type { ModelDayLoadRow } from './power-readings.public';

/**
 * The base-load day of the load models (issue 20, spec §4 "model day types") for one device or every device of a
 * tenant that has reported, with its hourly loads. The daily rollup picks the day: the latest Monday-Friday with
 * messages, or the day of the highest apparent power (a tie: the most recent), which is the day whose hourly peak is
 * highest since both rollups keep the same readings' maximum. The hourly rollup then gives that day's hours in the tenant's zone.
 * The service hands the rows to the domain's `modelDay`, which applies the same rule to what it receives.
 */
export function createModelDayRepository(db: Queryable) {
  return {
    async modelDayLoads(
      tenantId: string,
      dayType: ModelDayType,
      fromDay: string,
      toDay: string,
      deviceId: string | null = null,
    ): Promise<ModelDayLoadRow[]> {
      // One short index scan per device (the primary key backwards, or power_device_daily_peak, migration 0022),
      // driven by the devices that have reported; then that day's hours from the hourly rollup's primary key.
      const dayOrder = dayType === 'max_annual_load_day' ? 'd.apparent_max_kva DESC, d.day DESC' : 'd.day DESC';
      const weekdaysOnly = dayType === 'max_annual_load_day' ? '' : 'AND extract(isodow FROM d.day) < 6';
      return db.query<ModelDayLoadRow>(
        `WITH zone AS MATERIALIZED (SELECT time_zone FROM tenants WHERE id = $1),
              chosen AS MATERIALIZED (
                SELECT l.device_id, c.day
                  FROM power_device_latest l
                 CROSS JOIN LATERAL (
                       SELECT d.day FROM power_device_daily d
                        WHERE d.tenant_id = $1 AND d.device_id = l.device_id AND d.message_count > 0
                          AND d.day >= $2::date AND d.day <= $3::date ${weekdaysOnly}
                        ORDER BY ${dayOrder} LIMIT 1) c
                 WHERE l.tenant_id = $1 AND ($4::text IS NULL OR l.device_id = $4))
         SELECT c.device_id, to_char(c.day, 'YYYY-MM-DD') AS day, hourly.hours, hourly.kva
           FROM chosen c CROSS JOIN zone z
          CROSS JOIN LATERAL (
                SELECT array_agg(extract(hour FROM h.hour AT TIME ZONE z.time_zone)::int ORDER BY h.hour) AS hours,
                       array_agg(h.apparent_max_kva_max::float8 ORDER BY h.hour) AS kva
                  FROM power_device_hourly h
                 WHERE h.tenant_id = $1 AND h.device_id = c.device_id
                   AND h.hour >= (c.day::timestamp AT TIME ZONE z.time_zone) AND h.hour < ((c.day + 1)::timestamp AT TIME ZONE z.time_zone)) hourly
          WHERE hourly.hours IS NOT NULL`,
        [tenantId, fromDay, toDay, deviceId],
      );
    },

    /** The tenant's newest day of data in its own calendar (the fleet analyses' "data day"), or null. */
    async newestDataDay(tenantId: string): Promise<string | null> {
      const rows = await db.query<{ day: string | null }>(
        `SELECT to_char(max(last_message_at) AT TIME ZONE (SELECT time_zone FROM tenants WHERE id = $1), 'YYYY-MM-DD') AS day
           FROM power_device_latest WHERE tenant_id = $1`,
        [tenantId],
      );
      return rows[0]?.day ?? null;
    },
  };
}
