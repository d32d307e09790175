import type { Queryable } from '../../db/database';
import type { ThermalReadingsRow } from './power-readings.public';
import { FLEET_SEQ_RANGES } from './power-readings.repository';

/**
 * Reads for the thermal ageing (loss of life): each device's readings in a period as one columnar value, with the
 * transformer's rating, cooling and place, scoped by the caller's tenant. Readings are reached as IN_PERIOD reaches them: a
 * (device_key, seq) range from the daily rollups of the days the period touches, then the time filter.
 */
export function createThermalReadingsRepository(db: Queryable) {
  return {
    /**
     * Every device of the tenant (or the one asked for) with its readings in [from, to), in time order: `t` epoch
     * ms, `a1`…`a3` the median phase currents (A), `c` the monitor's median tank temperature (°C, null when none);
     * and each phase's highest current of the period (what "current over limit" judges).
     */
    async thermalReadings(tenantId: string, from: Date, to: Date, deviceId: string | null): Promise<ThermalReadingsRow[]> {
      const rows = await db.query<
        Omit<ThermalReadingsRow, 'series' | 'max_currents_a'> & { series: string | null; max_currents: string | null }
      >(
        `WITH ${FLEET_SEQ_RANGES}
         SELECT d.device_id, d.transformer_name, d.rating_kva::float8 AS rating_kva, d.cooling, d.latitude, d.longitude, s.series, s.max_currents
           FROM power_devices d
           LEFT JOIN ranges g ON g.device_id = d.device_id
           LEFT JOIN LATERAL (
             SELECT json_build_object(
                      't', array_agg(floor(date_part('epoch', r.measured_at) * 1000) ORDER BY r.measured_at, r.seq),
                      'a1', array_agg(r.med_a1 ORDER BY r.measured_at, r.seq),
                      'a2', array_agg(r.med_a2 ORDER BY r.measured_at, r.seq),
                      'a3', array_agg(r.med_a3 ORDER BY r.measured_at, r.seq),
                      'c', array_agg(r.temperature_med_dc / 10.0 ORDER BY r.measured_at, r.seq))::text AS series,
                    json_build_array(max(r.max_a1), max(r.max_a2), max(r.max_a3))::text AS max_currents
               FROM power_readings r
              WHERE r.device_key = d.device_key AND r.seq BETWEEN g.lo AND g.hi AND r.measured_at >= $2 AND r.measured_at < $3
             HAVING count(*) > 0) AS s ON true
          WHERE d.tenant_id = $1 AND ($4::text IS NULL OR d.device_id = $4)
          ORDER BY d.device_id`,
        [tenantId, from.toISOString(), to.toISOString(), deviceId],
      );
      return rows.map((row) => ({
        ...row,
        rating_kva: Number(row.rating_kva),
        series: row.series === null ? { t: [], a1: [], a2: [], a3: [], c: [] } : (JSON.parse(row.series) as ThermalReadingsRow['series']),
        max_currents_a: row.max_currents === null ? null : (JSON.parse(row.max_currents) as [number, number, number]),
      }));
    },
  };
}
export type ThermalReadingsRepository = ReturnType<typeof createThermalReadingsRepository>;
