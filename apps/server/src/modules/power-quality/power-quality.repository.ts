import type { HydrogenSensorConfigBody } from '@gridlens/contract/power-quality';
import type { PqEventType } from '@gridlens/domain/power/enumerations';
import type { Queryable } from '../../db/database';

export interface PqEventRow {
  seq: number;
  occurred_at: Date;
  event_type: PqEventType; // ingestion validated it against the same list
  priority: number;
  phase: number | null;
  duration_ms: number | null;
  magnitude: number | null;
}

export interface PqEventFilter {
  from: Date;
  to: Date;
  /** Types to include (the Events tab: every non-fault type; the Fault Records tab: the fault types). */
  types: readonly PqEventType[];
  priority?: number | undefined;
}

export interface HydrogenRow {
  seq: number;
  measured_at: Date;
  h2_ppm: number | null;
  oil_temperature_c: number | null;
  status: number;
  operation: number;
}

export interface MeteringRow {
  seq: number;
  measured_at: Date;
  import_kwh: number;
  export_kwh: number;
  voltage_v: number[] | null;
  power_factor: number | null;
}

/** The table's CHECK constraints hold the stored values to the contract's enumerations. */
export interface HydrogenConfigRow extends HydrogenSensorConfigBody {
  updated_at: Date;
  updated_by: string;
}

const iso = (d: Date) => d.toISOString();

/** Reads of the device tabs' data (filled by ingestion) and the hydrogen sensor configuration; scoped by tenant. */
export function createPowerQualityRepository(db: Queryable) {
  return {
    /** A page of power-quality events of the given types, newest first, with the total matching the filter. */
    async pqEvents(
      tenantId: string,
      deviceId: string,
      filter: PqEventFilter,
      { limit, offset }: { limit: number; offset: number },
    ): Promise<{ rows: PqEventRow[]; total: number }> {
      const where = `tenant_id = $1 AND device_id = $2 AND occurred_at >= $3 AND occurred_at < $4
                     AND event_type = ANY($5::text[]) AND ($6::smallint IS NULL OR priority = $6::smallint)`;
      const params = [tenantId, deviceId, iso(filter.from), iso(filter.to), [...filter.types], filter.priority ?? null];
      const rows = await db.query<PqEventRow>(
        `SELECT seq, occurred_at, event_type, priority, phase, duration_ms, magnitude
           FROM power_quality_events
          WHERE ${where}
          ORDER BY occurred_at DESC, seq DESC
          LIMIT $7 OFFSET $8`,
        [...params, limit, offset],
      );
      const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM power_quality_events WHERE ${where}`, params);
      return { rows, total: count?.total ?? 0 };
    },

    hydrogenReadings(tenantId: string, deviceId: string, from: Date, to: Date): Promise<HydrogenRow[]> {
      return db.query<HydrogenRow>(
        `SELECT seq, measured_at, h2_ppm, oil_temperature_c, status, operation
           FROM hydrogen_readings
          WHERE tenant_id = $1 AND device_id = $2 AND measured_at >= $3 AND measured_at < $4
          ORDER BY measured_at, seq`,
        [tenantId, deviceId, iso(from), iso(to)],
      );
    },

    meteringReadings(tenantId: string, deviceId: string, from: Date, to: Date): Promise<MeteringRow[]> {
      return db.query<MeteringRow>(
        `SELECT seq, measured_at, import_kwh, export_kwh, voltage_v, power_factor
           FROM metering_readings
          WHERE tenant_id = $1 AND device_id = $2 AND measured_at >= $3 AND measured_at < $4
          ORDER BY measured_at, seq`,
        [tenantId, deviceId, iso(from), iso(to)],
      );
    },

    async hydrogenConfig(tenantId: string, deviceId: string): Promise<HydrogenConfigRow | null> {
      const rows = await db.query<HydrogenConfigRow>(
        `SELECT oil_type, operating_mode, sensor_type, sensor_location, updated_at, updated_by
           FROM hydrogen_sensor_config WHERE tenant_id = $1 AND device_id = $2`,
        [tenantId, deviceId],
      );
      return rows[0] ?? null;
    },

    /** Insert or replace; the device must exist (the foreign key refuses another tenant's or an unknown device). */
    async saveHydrogenConfig(
      tenantId: string,
      deviceId: string,
      config: HydrogenSensorConfigBody,
      userId: string,
    ): Promise<HydrogenConfigRow> {
      const [row] = await db.query<HydrogenConfigRow>(
        `INSERT INTO hydrogen_sensor_config (tenant_id, device_id, oil_type, operating_mode, sensor_type, sensor_location, updated_at, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, now(), $7)
         ON CONFLICT (tenant_id, device_id) DO UPDATE
            SET oil_type = EXCLUDED.oil_type, operating_mode = EXCLUDED.operating_mode, sensor_type = EXCLUDED.sensor_type,
                sensor_location = EXCLUDED.sensor_location, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by
         RETURNING oil_type, operating_mode, sensor_type, sensor_location, updated_at, updated_by`,
        [tenantId, deviceId, config.oil_type, config.operating_mode, config.sensor_type, config.sensor_location, userId],
      );
      if (!row) throw new Error('upsert returned no row');
      return row;
    },
  };
}
export type PowerQualityRepository = ReturnType<typeof createPowerQualityRepository>;
