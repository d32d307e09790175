import type { HydrogenReading, MeteringReading, PowerQualityEvent } from '@gridlens/contract/ingest';
import { columnLiteral } from '../../db/array-literal';
import { deleteOlderThan } from '../../db/aged-rows.repository';
import type { Queryable } from '../../db/database';
import { NONE_STORED, storedMessages, type StoredMessages } from '../../db/stored-messages';

/**
 * The ingest path's writes of the messages the device tabs show (power-quality events, hydrogen and metering
 * readings), in the ingest transaction; each statement scoped by the tenant.
 */
export function createDeviceMessagesRepository() {
  return {
    async insertPowerQualityEvents(tx: Queryable, tenantId: string, events: readonly PowerQualityEvent[]): Promise<StoredMessages> {
      if (events.length === 0) return NONE_STORED;
      const rows = await tx.query<{ device_id: string; seq: number }>(
        `INSERT INTO power_quality_events (tenant_id, device_id, seq, occurred_at, event_type, priority, phase, duration_ms, magnitude)
         SELECT $1, u.* FROM unnest($2::text[], $3::bigint[], $4::timestamptz[], $5::text[], $6::smallint[], $7::smallint[], $8::bigint[], $9::real[]) AS u
         ON CONFLICT (tenant_id, device_id, seq) DO NOTHING
         RETURNING device_id, seq`,
        [
          tenantId,
          columnLiteral(events, (e) => e.device_id),
          columnLiteral(events, (e) => e.seq),
          columnLiteral(events, (e) => e.time),
          columnLiteral(events, (e) => e.event_type),
          columnLiteral(events, (e) => e.priority),
          columnLiteral(events, (e) => e.phase ?? null),
          columnLiteral(events, (e) => e.duration_ms ?? null),
          columnLiteral(events, (e) => e.magnitude ?? null),
        ],
      );
      return storedMessages(rows, events.length);
    },

    async insertHydrogenReadings(tx: Queryable, tenantId: string, readings: readonly HydrogenReading[]): Promise<StoredMessages> {
      if (readings.length === 0) return NONE_STORED;
      const rows = await tx.query<{ device_id: string; seq: number }>(
        `INSERT INTO hydrogen_readings (tenant_id, device_id, seq, measured_at, h2_ppm, oil_temperature_c, status, operation)
         SELECT $1, u.* FROM unnest($2::text[], $3::bigint[], $4::timestamptz[], $5::real[], $6::real[], $7::smallint[], $8::smallint[]) AS u
         ON CONFLICT (tenant_id, device_id, seq) DO NOTHING
         RETURNING device_id, seq`,
        [
          tenantId,
          columnLiteral(readings, (r) => r.device_id),
          columnLiteral(readings, (r) => r.seq),
          columnLiteral(readings, (r) => r.time),
          columnLiteral(readings, (r) => r.h2_ppm),
          columnLiteral(readings, (r) => r.oil_temperature_c),
          columnLiteral(readings, (r) => r.status),
          columnLiteral(readings, (r) => r.operation),
        ],
      );
      return storedMessages(rows, readings.length);
    },

    async insertMeteringReadings(tx: Queryable, tenantId: string, readings: readonly MeteringReading[]): Promise<StoredMessages> {
      if (readings.length === 0) return NONE_STORED;
      const rows = await tx.query<{ device_id: string; seq: number }>(
        `INSERT INTO metering_readings (tenant_id, device_id, seq, measured_at, import_kwh, export_kwh, voltage_v, power_factor)
         SELECT $1, u.d, u.s, u.t, u.i, u.e, CASE WHEN u.v1 IS NULL THEN NULL ELSE ARRAY[u.v1, u.v2, u.v3] END, u.pf
           FROM unnest($2::text[], $3::bigint[], $4::timestamptz[], $5::float8[], $6::float8[], $7::real[], $8::real[], $9::real[], $10::real[])
             AS u(d, s, t, i, e, v1, v2, v3, pf)
         ON CONFLICT (tenant_id, device_id, seq) DO NOTHING
         RETURNING device_id, seq`,
        [
          tenantId,
          columnLiteral(readings, (r) => r.device_id),
          columnLiteral(readings, (r) => r.seq),
          columnLiteral(readings, (r) => r.time),
          columnLiteral(readings, (r) => r.import_kwh),
          columnLiteral(readings, (r) => r.export_kwh),
          columnLiteral(readings, (r) => r.voltage_v?.[0] ?? null),
          columnLiteral(readings, (r) => r.voltage_v?.[1] ?? null),
          columnLiteral(readings, (r) => r.voltage_v?.[2] ?? null),
          columnLiteral(readings, (r) => r.power_factor ?? null),
        ],
      );
      return storedMessages(rows, readings.length);
    },

    /** Retention: the raw messages older than `retentionDays` (see the retention module). */
    async prune(tx: Queryable, retentionDays: number): Promise<Record<string, number>> {
      return {
        power_quality_events: await deleteOlderThan(tx, 'power_quality_events', 'occurred_at', retentionDays),
        hydrogen_readings: await deleteOlderThan(tx, 'hydrogen_readings', 'measured_at', retentionDays),
        metering_readings: await deleteOlderThan(tx, 'metering_readings', 'measured_at', retentionDays),
      };
    },
  };
}
export type DeviceMessagesRepository = ReturnType<typeof createDeviceMessagesRepository>;
