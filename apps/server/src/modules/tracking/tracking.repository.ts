import type { LocationType, TrackerType } from '@gridlens/domain/tracking/enumerations';
import { arrayLiteral, columnLiteral } from '../../db/array-literal';
import type { Queryable } from '../../db/database';
import { NONE_STORED, storedMessages, type StoredMessages } from '../../db/stored-messages';

/** A position as stored: the message with the POI it fell in. */
export interface LocatedPosition {
  device_id: string;
  seq: number;
  time: string;
  latitude: number;
  longitude: number;
  message_type: string;
  battery_pct: number | null;
  accuracy_m?: number | null | undefined;
  temperature_c?: number | null | undefined;
  locationId: string | null;
}

/** A tracked device with its newest position (all position columns null when it never reported). */
export interface TrackerStateRow {
  device_id: string;
  name: string;
  device_type: TrackerType;
  last_seq: number | null;
  /** When its newest position was taken. */
  last_message_at: Date | string | null;
  /** When its newest message of either kind (a position, or one without: None, NoPositionData, an acknowledgement) came. */
  newest_message_at: Date | string | null;
  latitude: number | null;
  longitude: number | null;
  message_type: string | null;
  battery_pct: number | null;
  location_id: string | null;
  location_type: LocationType | null;
  still_since: Date | string | null;
  still_latitude: number | null;
  still_longitude: number | null;
}

/** A device's state before an ingest batch, as the position store reads it: times in ms since the epoch. */
export interface IngestStateRow {
  device_id: string;
  device_type: TrackerType;
  /** When its newest position was taken (null: it never reported one); the other position columns are null likewise. */
  last_ms: number | null;
  latitude: number | null;
  longitude: number | null;
  battery_pct: number | null;
  location_id: string | null;
  still_since_ms: number | null;
  still_latitude: number | null;
  still_longitude: number | null;
}

export interface LatestUpdate {
  deviceId: string;
  seq: number;
  time: string;
  latitude: number;
  longitude: number;
  messageType: string;
  batteryPct: number | null;
  locationId: string | null;
  stillSince: string;
  stillLatitude: number;
  stillLongitude: number;
}

const STATE_COLUMNS = `d.device_id, d.name, d.device_type, l.last_seq::float8 AS last_seq, l.last_message_at, l.latitude, l.longitude,
  l.message_type, l.battery_pct, l.location_id, p.location_type, l.still_since, l.still_latitude, l.still_longitude,
  s.last_message_at AS newest_message_at`;
const STATE_FROM = `tracking_devices d
  LEFT JOIN tracking_latest l ON l.tenant_id = d.tenant_id AND l.device_id = d.device_id
  LEFT JOIN tracker_status s ON s.tenant_id = d.tenant_id AND s.device_id = d.device_id
  LEFT JOIN locations p ON p.tenant_id = l.tenant_id AND p.location_id = l.location_id`;

/** SQL of tracking mode: devices, POIs, positions and each device's latest state; every statement scoped by tenant. */
export function createTrackingRepository(db: Queryable) {
  return {
    /** The batch's device ids the tenant has registered as trackers. */
    async registeredTrackers(tx: Queryable, tenantId: string, deviceIds: readonly string[]): Promise<Set<string>> {
      if (deviceIds.length === 0) return new Set();
      const rows = await tx.query<{ device_id: string }>(
        'SELECT device_id FROM tracking_devices WHERE tenant_id = $1 AND device_id = ANY($2::text[])',
        [tenantId, arrayLiteral([...new Set(deviceIds)])],
      );
      return new Set(rows.map((r) => r.device_id));
    },

    async locationExists(tenantId: string, locationId: string): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM locations WHERE tenant_id = $1 AND location_id = $2', [tenantId, locationId]);
      return rows.length > 0;
    },

    async deviceExists(tenantId: string, deviceId: string): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM tracking_devices WHERE tenant_id = $1 AND device_id = $2', [tenantId, deviceId]);
      return rows.length > 0;
    },

    /** Every tracked device of the tenant with its newest position, or only those named. */
    states(tenantId: string, deviceIds: readonly string[] | null = null, q: Queryable = db): Promise<TrackerStateRow[]> {
      return q.query<TrackerStateRow>(
        `SELECT ${STATE_COLUMNS} FROM ${STATE_FROM}
          WHERE d.tenant_id = $1 AND ($2::text[] IS NULL OR d.device_id = ANY($2::text[]))
          ORDER BY d.name, d.device_id`,
        [tenantId, deviceIds === null ? null : arrayLiteral(deviceIds)],
      );
    },

    /**
     * The named devices' states before an ingest batch: one primary-key lookup per device (`= ANY` over a
     * 2,000-id array tested every id against every element, most of a batch's time), and the times as numbers
     * rather than parsed dates.
     */
    ingestStates(tx: Queryable, tenantId: string, deviceIds: readonly string[]): Promise<IngestStateRow[]> {
      return tx.query<IngestStateRow>(
        `SELECT u.d AS device_id, d.device_type, floor(extract(epoch FROM l.last_message_at) * 1000)::float8 AS last_ms, l.latitude, l.longitude,
                l.battery_pct, l.location_id, floor(extract(epoch FROM l.still_since) * 1000)::float8 AS still_since_ms, l.still_latitude,
                l.still_longitude
           FROM unnest($2::text[]) AS u(d)
           JOIN tracking_devices d ON d.tenant_id = $1 AND d.device_id = u.d
           LEFT JOIN tracking_latest l ON l.tenant_id = $1 AND l.device_id = u.d`,
        [tenantId, arrayLiteral(deviceIds)],
      );
    },

    async insertPositions(tx: Queryable, tenantId: string, positions: readonly LocatedPosition[]): Promise<StoredMessages> {
      if (positions.length === 0) return NONE_STORED;
      const rows = await tx.query<{ device_id: string; seq: number }>(
        `INSERT INTO tracking_positions (tenant_id, device_id, seq, measured_at, latitude, longitude, message_type, battery_pct, location_id,
                                         accuracy_m, temperature_c)
         SELECT $1, u.d, u.s, u.t, u.la, u.lo, u.m, u.b, u.l, u.a, u.c
           FROM unnest($2::text[], $3::bigint[], $4::timestamptz[], $5::float8[], $6::float8[], $7::text[], $8::real[], $9::text[],
                       $10::real[], $11::real[])
             AS u(d, s, t, la, lo, m, b, l, a, c)
         ON CONFLICT (tenant_id, device_id, seq) DO NOTHING
         RETURNING device_id, seq::float8 AS seq`,
        [
          tenantId,
          columnLiteral(positions, (p) => p.device_id),
          columnLiteral(positions, (p) => p.seq),
          columnLiteral(positions, (p) => p.time),
          columnLiteral(positions, (p) => p.latitude),
          columnLiteral(positions, (p) => p.longitude),
          columnLiteral(positions, (p) => p.message_type),
          columnLiteral(positions, (p) => p.battery_pct),
          columnLiteral(positions, (p) => p.locationId),
          columnLiteral(positions, (p) => p.accuracy_m),
          columnLiteral(positions, (p) => p.temperature_c),
        ],
      );
      return storedMessages(rows, positions.length);
    },

    /** Sets each device's newest position; a concurrent batch's newer one is kept (the time decides). */
    async upsertLatest(tx: Queryable, tenantId: string, updates: readonly LatestUpdate[]): Promise<void> {
      if (updates.length === 0) return;
      await tx.query(
        `INSERT INTO tracking_latest AS l (tenant_id, device_id, last_seq, last_message_at, latitude, longitude, message_type, battery_pct,
                                          location_id, still_since, still_latitude, still_longitude)
         SELECT $1, u.d, u.s, u.t, u.la, u.lo, u.m, u.b, u.l, u.ss, u.sla, u.slo
           FROM unnest($2::text[], $3::bigint[], $4::timestamptz[], $5::float8[], $6::float8[], $7::text[], $8::real[], $9::text[],
                       $10::timestamptz[], $11::float8[], $12::float8[]) AS u(d, s, t, la, lo, m, b, l, ss, sla, slo)
         ON CONFLICT (tenant_id, device_id) DO UPDATE SET
           last_seq = excluded.last_seq, last_message_at = excluded.last_message_at, latitude = excluded.latitude,
           longitude = excluded.longitude, message_type = excluded.message_type, battery_pct = excluded.battery_pct,
           location_id = excluded.location_id, still_since = excluded.still_since, still_latitude = excluded.still_latitude,
           still_longitude = excluded.still_longitude
         WHERE excluded.last_message_at >= l.last_message_at
            -- A position dated further ahead than any device clock may be (at most a day) never pins the state.
            OR l.last_message_at > now() + interval '1 day'`,
        [
          tenantId,
          columnLiteral(updates, (u) => u.deviceId),
          columnLiteral(updates, (u) => u.seq),
          columnLiteral(updates, (u) => u.time),
          columnLiteral(updates, (u) => u.latitude),
          columnLiteral(updates, (u) => u.longitude),
          columnLiteral(updates, (u) => u.messageType),
          columnLiteral(updates, (u) => u.batteryPct),
          columnLiteral(updates, (u) => u.locationId),
          columnLiteral(updates, (u) => u.stillSince),
          columnLiteral(updates, (u) => u.stillLatitude),
          columnLiteral(updates, (u) => u.stillLongitude),
        ],
      );
    },

    /** Registers a tracker; false when the tenant has one with this id already. */
    async insertDevice(tenantId: string, device: { device_id: string; name: string; device_type: TrackerType }): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO tracking_devices (tenant_id, device_id, name, device_type) VALUES ($1, $2, $3, $4)
         ON CONFLICT (tenant_id, device_id) DO NOTHING RETURNING device_id`,
        [tenantId, device.device_id, device.name, device.device_type],
      );
      return rows.length > 0;
    },
  };
}

export type TrackingRepository = ReturnType<typeof createTrackingRepository>;
