import type { Journey, PlacedFix, Visit } from '@gridlens/domain/tracking/visits';
import { columnLiteral } from '../../db/array-literal';
import type { Queryable } from '../../db/database';
import { isoTimestamp } from '../../http/iso-timestamp';

const ms = (value: Date | string) => new Date(value).getTime();
const isoOrNull = (valueMs: number | null) => (valueMs === null ? null : isoTimestamp(valueMs));

/** Where a device's derivation starts again: null for its whole history. */
export interface DeviceWindow {
  deviceId: string;
  fromMs: number | null;
}

/**
 * SQL of the derived visits and journeys (tracking_visits, tracking_journeys) as ingest keeps them: each batch
 * reads the window its fresh fixes call for, and replaces what the window holds. Every statement takes the
 * tenant and a column of devices, so a batch costs the same few statements however many devices it holds.
 */
export function createVisitsRepository() {
  return {
    /** Per device: its latest stored visit arriving strictly before `beforeMs` (null when none). */
    async arrivalsBefore(tx: Queryable, tenantId: string, earliest: readonly { deviceId: string; beforeMs: number }[]) {
      const rows = await tx.query<{ device_id: string; arrived_at: Date | string | null }>(
        `SELECT u.d AS device_id,
                (SELECT max(v.arrived_at) FROM tracking_visits v
                  WHERE v.tenant_id = $1 AND v.device_id = u.d AND v.arrived_at < u.t) AS arrived_at
           FROM unnest($2::text[], $3::timestamptz[]) AS u(d, t)`,
        [tenantId, columnLiteral(earliest, (e) => e.deviceId), columnLiteral(earliest, (e) => isoTimestamp(e.beforeMs))],
      );
      return rows.map((r): DeviceWindow => ({ deviceId: r.device_id, fromMs: r.arrived_at === null ? null : ms(r.arrived_at) }));
    },

    /** The stored fixes of each device's window, with the POI each was placed in. */
    async fixesIn(tx: Queryable, tenantId: string, windows: readonly DeviceWindow[]): Promise<Map<string, PlacedFix[]>> {
      const rows = await tx.query<{ device_id: string; seq: number; measured_at: Date | string; location_id: string | null }>(
        `SELECT p.device_id, p.seq::float8 AS seq, p.measured_at, p.location_id
           FROM unnest($2::text[], $3::timestamptz[]) AS u(d, f)
           JOIN tracking_positions p ON p.tenant_id = $1 AND p.device_id = u.d AND (u.f IS NULL OR p.measured_at >= u.f)`,
        [tenantId, columnLiteral(windows, (w) => w.deviceId), columnLiteral(windows, (w) => isoOrNull(w.fromMs))],
      );
      const byDevice = new Map<string, PlacedFix[]>(windows.map((w) => [w.deviceId, []]));
      for (const r of rows) byDevice.get(r.device_id)?.push({ seq: r.seq, atMs: ms(r.measured_at), locationId: r.location_id });
      return byDevice;
    },

    /**
     * Replaces each window's visits (arriving from its start on) and journeys (arriving after it: the journey
     * into the window's first visit is older than the window and stays).
     */
    async replace(
      tx: Queryable,
      tenantId: string,
      windows: readonly DeviceWindow[],
      visits: readonly (Visit & { deviceId: string })[],
      journeys: readonly (Journey & { deviceId: string })[],
    ): Promise<void> {
      const devices = columnLiteral(windows, (w) => w.deviceId);
      const starts = columnLiteral(windows, (w) => isoOrNull(w.fromMs));
      await tx.query(
        `DELETE FROM tracking_visits v USING unnest($2::text[], $3::timestamptz[]) AS u(d, f)
          WHERE v.tenant_id = $1 AND v.device_id = u.d AND (u.f IS NULL OR v.arrived_at >= u.f)`,
        [tenantId, devices, starts],
      );
      await tx.query(
        `DELETE FROM tracking_journeys j USING unnest($2::text[], $3::timestamptz[]) AS u(d, f)
          WHERE j.tenant_id = $1 AND j.device_id = u.d AND (u.f IS NULL OR j.arrived_at > u.f)`,
        [tenantId, devices, starts],
      );
      if (visits.length > 0) {
        await tx.query(
          `INSERT INTO tracking_visits (tenant_id, device_id, arrived_at, location_id, departed_at, last_seen_at, fix_count)
           SELECT $1, u.d, u.a, u.l, u.dep, u.s, u.n
             FROM unnest($2::text[], $3::timestamptz[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::int[]) AS u(d, a, l, dep, s, n)`,
          [
            tenantId,
            columnLiteral(visits, (v) => v.deviceId),
            columnLiteral(visits, (v) => isoTimestamp(v.arrivalMs)),
            columnLiteral(visits, (v) => v.locationId),
            columnLiteral(visits, (v) => isoOrNull(v.departureMs)),
            columnLiteral(visits, (v) => isoTimestamp(v.lastSeenMs)),
            columnLiteral(visits, (v) => v.fixCount),
          ],
        );
      }
      if (journeys.length > 0) {
        await tx.query(
          `INSERT INTO tracking_journeys (tenant_id, device_id, arrived_at, departed_at, origin_id, destination_id)
           SELECT $1, u.d, u.a, u.dep, u.o, u.t
             FROM unnest($2::text[], $3::timestamptz[], $4::timestamptz[], $5::text[], $6::text[]) AS u(d, a, dep, o, t)`,
          [
            tenantId,
            columnLiteral(journeys, (j) => j.deviceId),
            columnLiteral(journeys, (j) => isoTimestamp(j.arrivalMs)),
            columnLiteral(journeys, (j) => isoTimestamp(j.departureMs)),
            columnLiteral(journeys, (j) => j.originId),
            columnLiteral(journeys, (j) => j.destinationId),
          ],
        );
      }
    },
  };
}
export type VisitsRepository = ReturnType<typeof createVisitsRepository>;
