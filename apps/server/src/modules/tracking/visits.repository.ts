import type { Journey, PlacedFix, Visit } from '@gridlens/domain/tracking/visits';
import { columnLiteral } from '../../db/array-literal';
import type { Queryable } from '../../db/database';
import { isoTimestamp } from '../../http/iso-timestamp';

const ms = (value: Date | string) => new Date(value).getTime();
const isoOrNull = (valueMs: number | null) => (valueMs === null ? null : isoTimestamp(valueMs));

/** Where a device's derivation starts again: null for its whole history. */
export interface DeviceWindow {
  deviceId: string;
  /** Visits arriving from here on, and journeys arriving after it, are replaced (null: all of them). */
  fromMs: number | null;
}

/** The stored fixes a window re-reads: from a moment (inclusive) or after one (exclusive). */
export interface FixRange {
  deviceId: string;
  boundMs: number;
  inclusive: boolean;
}

const visitOf = (r: VisitRow): Visit => ({
  locationId: r.location_id,
  arrivalMs: ms(r.arrived_at),
  departureMs: r.departed_at === null ? null : ms(r.departed_at),
  lastSeenMs: ms(r.last_seen_at),
  fixCount: r.fix_count,
});

interface VisitRow {
  device_id: string;
  location_id: string;
  arrived_at: Date | string;
  departed_at: Date | string | null;
  last_seen_at: Date | string;
  fix_count: number;
}

/**
 * SQL of the derived visits and journeys (tracking_visits, tracking_journeys) as ingest keeps them: each batch
 * reads the window its fresh fixes call for, and replaces what the window holds. Every statement takes the
 * tenant and a column of devices, so a batch costs the same few statements however many devices it holds.
 */
export function createVisitsRepository() {
  return {
    /** Per device: its latest stored visit arriving strictly before `beforeMs` (absent when none). */
    async visitsBefore(tx: Queryable, tenantId: string, earliest: readonly { deviceId: string; beforeMs: number }[]) {
      const rows = await tx.query<VisitRow>(
        `SELECT u.d AS device_id, v.location_id, v.arrived_at, v.departed_at, v.last_seen_at, v.fix_count
           FROM unnest($2::text[], $3::timestamptz[]) AS u(d, t)
           CROSS JOIN LATERAL (
             SELECT location_id, arrived_at, departed_at, last_seen_at, fix_count FROM tracking_visits v
              WHERE v.tenant_id = $1 AND v.device_id = u.d AND v.arrived_at < u.t
              ORDER BY v.arrived_at DESC LIMIT 1) v`,
        [tenantId, columnLiteral(earliest, (e) => e.deviceId), columnLiteral(earliest, (e) => isoTimestamp(e.beforeMs))],
      );
      return new Map(rows.map((r) => [r.device_id, visitOf(r)]));
    },

    /**
     * The stored fixes of each device's range, with the POI each was placed in: one index range read per device
     * (LATERAL; OFFSET 0 keeps the planner from flattening it into a join with a scan of the tenant's positions,
     * which grows with the history). The
     * times come as ms numbers (no date parsed per fix).
     */
    async fixesIn(tx: Queryable, tenantId: string, ranges: readonly FixRange[]): Promise<Map<string, PlacedFix[]>> {
      const rows = await tx.query<{ device_id: string; seq: number; at_ms: number; location_id: string | null }>(
        `SELECT u.d AS device_id, p.seq::float8 AS seq, floor(extract(epoch FROM p.measured_at) * 1000)::float8 AS at_ms, p.location_id
           FROM unnest($2::text[], $3::timestamptz[], $4::timestamptz[]) AS u(d, after_t, from_t)
           CROSS JOIN LATERAL (
             SELECT seq, measured_at, location_id FROM tracking_positions p
              WHERE p.tenant_id = $1 AND p.device_id = u.d AND p.measured_at >= COALESCE(u.from_t, u.after_t)
                AND (u.after_t IS NULL OR p.measured_at > u.after_t) OFFSET 0) p`,
        [
          tenantId,
          columnLiteral(ranges, (r) => r.deviceId),
          columnLiteral(ranges, (r) => (r.inclusive ? null : isoTimestamp(r.boundMs))),
          columnLiteral(ranges, (r) => (r.inclusive ? isoTimestamp(r.boundMs) : null)),
        ],
      );
      const byDevice = new Map<string, PlacedFix[]>(ranges.map((r) => [r.deviceId, []]));
      for (const r of rows) byDevice.get(r.device_id)?.push({ seq: r.seq, atMs: r.at_ms, locationId: r.location_id });
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
      // One statement: the window's rows that are derived again are updated in place (most batches only move the
      // visit under way on), the others inserted, and those no longer derived deleted. The window's stored rows are
      // found by one index range read per device (LATERAL, OFFSET 0 as in fixesIn) and deleted by their row id: a join of the window with
      // the tenant's table was planned as a scan of all its visits and journeys, which grows with the history.
      await tx.query(
        `WITH w AS (SELECT * FROM unnest($2::text[], $3::timestamptz[]) AS w(d, f)),
              nv AS (SELECT * FROM unnest($4::text[], $5::timestamptz[], $6::text[], $7::timestamptz[], $8::timestamptz[], $9::int[])
                       AS nv(d, a, l, dep, s, n)),
              nj AS (SELECT * FROM unnest($10::text[], $11::timestamptz[], $12::timestamptz[], $13::text[], $14::text[])
                       AS nj(d, a, dep, o, t)),
              dv AS (DELETE FROM tracking_visits v
                      USING (SELECT x.ctid AS row_id FROM w CROSS JOIN LATERAL (
                               SELECT ctid, device_id, arrived_at FROM tracking_visits x
                                WHERE x.tenant_id = $1 AND x.device_id = w.d AND x.arrived_at >= COALESCE(w.f, '-infinity') OFFSET 0) x
                              WHERE NOT EXISTS (SELECT 1 FROM nv WHERE nv.d = x.device_id AND nv.a = x.arrived_at)) gone
                      WHERE v.tenant_id = $1 AND v.ctid = gone.row_id),
              dj AS (DELETE FROM tracking_journeys j
                      USING (SELECT x.ctid AS row_id FROM w CROSS JOIN LATERAL (
                               SELECT ctid, device_id, arrived_at FROM tracking_journeys x
                                WHERE x.tenant_id = $1 AND x.device_id = w.d AND x.arrived_at > COALESCE(w.f, '-infinity') OFFSET 0) x
                              WHERE NOT EXISTS (SELECT 1 FROM nj WHERE nj.d = x.device_id AND nj.a = x.arrived_at)) gone
                      WHERE j.tenant_id = $1 AND j.ctid = gone.row_id),
              iv AS (INSERT INTO tracking_visits AS v (tenant_id, device_id, arrived_at, location_id, departed_at, last_seen_at, fix_count)
                     SELECT $1, d, a, l, dep, s, n FROM nv
                     ON CONFLICT (tenant_id, device_id, arrived_at) DO UPDATE SET location_id = excluded.location_id,
                       departed_at = excluded.departed_at, last_seen_at = excluded.last_seen_at, fix_count = excluded.fix_count
                     WHERE (v.location_id, v.departed_at, v.last_seen_at, v.fix_count)
                           IS DISTINCT FROM (excluded.location_id, excluded.departed_at, excluded.last_seen_at, excluded.fix_count))
         INSERT INTO tracking_journeys AS j (tenant_id, device_id, arrived_at, departed_at, origin_id, destination_id)
         SELECT $1, d, a, dep, o, t FROM nj
         ON CONFLICT (tenant_id, device_id, arrived_at) DO UPDATE SET departed_at = excluded.departed_at,
           origin_id = excluded.origin_id, destination_id = excluded.destination_id
         WHERE (j.departed_at, j.origin_id, j.destination_id) IS DISTINCT FROM (excluded.departed_at, excluded.origin_id, excluded.destination_id)`,
        [
          tenantId,
          columnLiteral(windows, (w) => w.deviceId),
          columnLiteral(windows, (w) => isoOrNull(w.fromMs)),
          columnLiteral(visits, (v) => v.deviceId),
          columnLiteral(visits, (v) => isoTimestamp(v.arrivalMs)),
          columnLiteral(visits, (v) => v.locationId),
          columnLiteral(visits, (v) => isoOrNull(v.departureMs)),
          columnLiteral(visits, (v) => isoTimestamp(v.lastSeenMs)),
          columnLiteral(visits, (v) => v.fixCount),
          columnLiteral(journeys, (j) => j.deviceId),
          columnLiteral(journeys, (j) => isoTimestamp(j.arrivalMs)),
          columnLiteral(journeys, (j) => isoTimestamp(j.departureMs)),
          columnLiteral(journeys, (j) => j.originId),
          columnLiteral(journeys, (j) => j.destinationId),
        ],
      );
    },
  };
}
export type VisitsRepository = ReturnType<typeof createVisitsRepository>;
