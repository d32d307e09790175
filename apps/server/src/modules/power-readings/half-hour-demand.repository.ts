import type { Queryable } from '../../db/database';
import type { HalfHourDemandRow } from './power-readings.public';
import { FLEET_SEQ_RANGES } from './power-readings.repository';

const HALF_HOUR_S = 1800;

/**
 * Reads for the load analyses (ADMD): each device's 30-minute means of its readings' summed median currents,
 * scoped by the caller's tenant. The median current is the message's typical level over its interval (the max
 * is a momentary extreme), so its mean over a half hour is the half hour's demand current.
 */
export function createHalfHourDemandRepository(db: Queryable) {
  return {
    /**
     * Every device of the tenant (or the one asked for) with its half hours in [from, to) as one columnar JSON
     * value: `t` each half hour's start (epoch ms, aligned on :00 and :30 UTC), `a` the mean of I1 + I2 + I3 (A).
     * Readings are reached as IN_PERIOD reaches them: a (device_key, seq) range from the daily rollups of the days
     * the period touches (the tenant's days), then the time filter. The database averages each half hour, one
     * device at a time (LATERAL: each device's few thousand readings group in memory, where grouping the whole
     * fleet at once spilled a sort to disk), and sends the means as float4: a day is 48 short values a device.
     */
    async halfHourDemand(tenantId: string, from: Date, to: Date, deviceId: string | null): Promise<HalfHourDemandRow[]> {
      const rows = await db.query<Omit<HalfHourDemandRow, 'series'> & { series: string | null }>(
        `WITH ${FLEET_SEQ_RANGES}
         SELECT d.device_id, d.transformer_name, d.connected_mprns, s.series
           FROM power_devices d
           LEFT JOIN ranges g ON g.device_id = d.device_id
           LEFT JOIN LATERAL (
             SELECT json_build_object('t', array_agg(b * ${HALF_HOUR_S * 1000} ORDER BY b), 'a', array_agg(a ORDER BY b))::text AS series
               FROM (SELECT floor(date_part('epoch', r.measured_at) / ${HALF_HOUR_S}) AS b, avg(r.med_a1::float8 + r.med_a2 + r.med_a3)::real AS a
                       FROM power_readings r
                      WHERE r.device_key = d.device_key AND r.seq BETWEEN g.lo AND g.hi AND r.measured_at >= $2 AND r.measured_at < $3
                      GROUP BY 1) AS half_hours
              HAVING count(*) > 0) AS s ON true
          WHERE d.tenant_id = $1 AND ($4::text IS NULL OR d.device_id = $4)
          ORDER BY d.device_id`,
        [tenantId, from.toISOString(), to.toISOString(), deviceId],
      );
      return rows.map((row) => ({
        ...row,
        series: row.series === null ? { t: [], a: [] } : (JSON.parse(row.series) as HalfHourDemandRow['series']),
      }));
    },

    /** The first day of the tenant's calendar with a reading of any device, or null (which period ADMD defaults to). */
    async firstReadingDay(tenantId: string): Promise<string | null> {
      const rows = await db.query<{ day: string | null }>(
        `SELECT to_char(min(day), 'YYYY-MM-DD') AS day FROM power_device_daily WHERE tenant_id = $1 AND message_count > 0`,
        [tenantId],
      );
      return rows[0]?.day ?? null;
    },
  };
}
export type HalfHourDemandRepository = ReturnType<typeof createHalfHourDemandRepository>;
