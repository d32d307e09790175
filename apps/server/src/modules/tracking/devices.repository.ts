import type { LocationType, TrackerType } from '@gridlens/domain/tracking/enumerations';
import type { Queryable } from '../../db/database';
import { arrayLiteral } from '../../db/array-literal';

/** A tracker as the devices screens read it: its registry row, newest message, newest position and POI. */
export interface DeviceRow {
  device_id: string;
  name: string;
  device_type: TrackerType;
  tags: string[];
  /** Times are ISO 8601 text (UTC, milliseconds), as the API answers them. */
  created_at: string;
  last_message_at: string | null;
  message_type: string | null;
  battery_pct: number | null;
  temperature_c: number | null;
  accuracy_m: number | null;
  position_at: string | null;
  latitude: number | null;
  longitude: number | null;
  location_id: string | null;
  location_name: string | null;
  location_type: LocationType | null;
  still_since: string | null;
  watchlisted: boolean;
}

// tracker_status holds the newest message of either kind; a device stored before it existed falls back to its
// newest position (migration 0017 copied them, so this matters only for rows written by an older process).
/** A time as ISO 8601 text from the database itself: parsing 40,000 timestamps into Dates cost the list most of its time. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const DEVICE_COLUMNS = `d.device_id, d.name, d.device_type, d.tags, ${iso('d.created_at')} AS created_at,
  ${iso('COALESCE(s.last_message_at, l.last_message_at)')} AS last_message_at, COALESCE(s.message_type, l.message_type) AS message_type,
  COALESCE(s.battery_pct, l.battery_pct) AS battery_pct, s.temperature_c, s.accuracy_m,
  ${iso('l.last_message_at')} AS position_at, l.latitude, l.longitude, l.location_id, p.full_name AS location_name, p.location_type,
  ${iso('l.still_since')} AS still_since, w.device_id IS NOT NULL AS watchlisted`;
const DEVICE_FROM = `tracking_devices d
  LEFT JOIN tracker_status s ON s.tenant_id = d.tenant_id AND s.device_id = d.device_id
  LEFT JOIN tracking_latest l ON l.tenant_id = d.tenant_id AND l.device_id = d.device_id
  LEFT JOIN locations p ON p.tenant_id = l.tenant_id AND p.location_id = l.location_id
  LEFT JOIN tracker_watchlist w ON w.tenant_id = d.tenant_id AND w.user_id = $2 AND w.device_id = d.device_id`;

/**
 * A customer's devices (issue 19): those in one of its sites now, or, outside every POI now, whose last POI was
 * one of its sites (the newest placed fix, read backwards along tracking_positions_by_time). Over
 * tracking_devices `d`, its tracking_latest `l` and the POI `p` it is in now; `customer` names the parameter.
 */
export const atCustomer = (customer: string) => `(p.customer_id = ${customer} OR (l.location_id IS NULL AND (
  SELECT c.customer_id FROM tracking_positions tp JOIN locations c ON c.tenant_id = tp.tenant_id AND c.location_id = tp.location_id
   WHERE tp.tenant_id = d.tenant_id AND tp.device_id = d.device_id AND tp.location_id IS NOT NULL
   ORDER BY tp.measured_at DESC LIMIT 1) = ${customer}))`;
const AT_CUSTOMER = atCustomer('$3');

/** SQL of the devices screens; every statement scoped by tenant. */
export function createDevicesRepository(db: Queryable) {
  return {
    list(tenantId: string, userId: string, customerId: string | null): Promise<DeviceRow[]> {
      // Two statements rather than one with "$3 IS NULL OR …": the whole fleet's plan never carries the customer's test.
      if (customerId === null)
        return db.query<DeviceRow>(`SELECT ${DEVICE_COLUMNS} FROM ${DEVICE_FROM} WHERE d.tenant_id = $1 ORDER BY d.name, d.device_id`, [
          tenantId,
          userId,
        ]);
      return db.query<DeviceRow>(
        `SELECT ${DEVICE_COLUMNS} FROM ${DEVICE_FROM} WHERE d.tenant_id = $1 AND ${AT_CUSTOMER} ORDER BY d.name, d.device_id`,
        [tenantId, userId, customerId],
      );
    },

    async find(tenantId: string, userId: string, deviceId: string): Promise<DeviceRow | null> {
      const [row] = await db.query<DeviceRow>(`SELECT ${DEVICE_COLUMNS} FROM ${DEVICE_FROM} WHERE d.tenant_id = $1 AND d.device_id = $3`, [
        tenantId,
        userId,
        deviceId,
      ]);
      return row ?? null;
    },

    /** Changes the fields given; false when the tenant has no such tracker. */
    async update(
      tenantId: string,
      deviceId: string,
      changes: { name?: string; device_type?: TrackerType; tags?: string[] },
    ): Promise<boolean> {
      const rows = await db.query(
        `UPDATE tracking_devices SET name = COALESCE($3, name), device_type = COALESCE($4, device_type),
                tags = COALESCE($5::text[], tags)
          WHERE tenant_id = $1 AND device_id = $2 RETURNING device_id`,
        [tenantId, deviceId, changes.name ?? null, changes.device_type ?? null, changes.tags ? arrayLiteral(changes.tags) : null],
      );
      return rows.length > 0;
    },

    /** Deletes a tracker; its positions, messages, state, downlinks and watchlist entries go with it (ON DELETE CASCADE). */
    async remove(tenantId: string, deviceId: string): Promise<boolean> {
      const rows = await db.query('DELETE FROM tracking_devices WHERE tenant_id = $1 AND device_id = $2 RETURNING device_id', [
        tenantId,
        deviceId,
      ]);
      return rows.length > 0;
    },
  };
}
export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
