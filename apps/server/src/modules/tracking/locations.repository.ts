import type { LocationType } from '@gridlens/domain/tracking/enumerations';
import type { PolygonRings } from '@gridlens/domain/tracking/place-geometry';
import { columnLiteral } from '../../db/array-literal';
import type { Queryable } from '../../db/database';

/** A POI as the locations screens read it. */
export interface LocationDetailRow {
  location_id: string;
  full_name: string;
  location_type: LocationType;
  latitude: number;
  longitude: number;
  radius_m: number;
  shape: 'circle' | 'polygon';
  polygon: PolygonRings | string | null;
  customer_id: string | null;
  customer_name: string | null;
  device_count: number;
  watchlisted: boolean;
}

/** A POI as it is written: every column the caller chose. */
export interface LocationWrite {
  id: string;
  name: string;
  type: LocationType;
  latitude: number;
  longitude: number;
  radiusM: number;
  polygon: PolygonRings | null;
  customerId: string | null;
}

/** A POI as positions are placed in it. */
export interface PlaceableRow {
  location_id: string;
  location_type: LocationType;
  latitude: number;
  longitude: number;
  radius_m: number;
  polygon: PolygonRings | string | null;
}

const DETAIL_SQL = `
  SELECT p.location_id, p.full_name, p.location_type, p.latitude, p.longitude, p.radius_m, p.shape, p.polygon, p.customer_id,
         c.name AS customer_name, coalesce(n.devices, 0)::int AS device_count, (w.location_id IS NOT NULL) AS watchlisted
    FROM locations p
    LEFT JOIN customers c ON c.tenant_id = p.tenant_id AND c.customer_id = p.customer_id
    LEFT JOIN (SELECT location_id, count(*) AS devices FROM tracking_latest
                WHERE tenant_id = $1 AND location_id IS NOT NULL GROUP BY location_id) n ON n.location_id = p.location_id
    LEFT JOIN location_watchlist w ON w.tenant_id = p.tenant_id AND w.user_id = $2 AND w.location_id = p.location_id
   WHERE p.tenant_id = $1 AND ($3::text IS NULL OR p.location_id = $3)
     AND ($4::text IS NULL OR p.location_type = 'Friendly' OR p.customer_id = $4)
   ORDER BY p.full_name, p.location_id`;

const writeParams = (tenantId: string, l: LocationWrite) => [
  tenantId,
  l.id,
  l.name,
  l.type,
  l.latitude,
  l.longitude,
  l.radiusM,
  l.polygon === null ? 'circle' : 'polygon',
  l.polygon === null ? null : JSON.stringify(l.polygon),
  l.customerId,
];

/** What placement reads, in the caller's transaction (ingest's): the POIs' version and the POIs. */
export const placementSql = {
  /** The version of the tenant's POIs, raised by triggers on every change (migration 0016). */
  async poiVersion(tx: Queryable, tenantId: string): Promise<number> {
    const [row] = await tx.query<{ version: number }>('SELECT poi_version::float8 AS version FROM tenants WHERE id = $1', [tenantId]);
    return row?.version ?? 0;
  },

  placeable(tx: Queryable, tenantId: string): Promise<PlaceableRow[]> {
    return tx.query<PlaceableRow>(
      'SELECT location_id, location_type, latitude, longitude, radius_m, polygon FROM locations WHERE tenant_id = $1 ORDER BY location_id',
      [tenantId],
    );
  },
};

/** SQL of tracking places: POIs with their customers and devices now, the location watchlist, customers; scoped by tenant. */
export function createLocationsRepository(db: Queryable) {
  return {
    /** The tenant's POIs (or the one named), narrowed to a customer's sites and every Friendly one when a customer is given. */
    locations(tenantId: string, userId: string, options: { locationId?: string; customerId?: string } = {}): Promise<LocationDetailRow[]> {
      return db.query<LocationDetailRow>(DETAIL_SQL, [tenantId, userId, options.locationId ?? null, options.customerId ?? null]);
    },

    /** Adds a POI; false when the id is taken. */
    async insert(tenantId: string, location: LocationWrite): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO locations (tenant_id, location_id, full_name, location_type, latitude, longitude, radius_m, shape, polygon, customer_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10) ON CONFLICT (tenant_id, location_id) DO NOTHING RETURNING location_id`,
        writeParams(tenantId, location),
      );
      return rows.length > 0;
    },

    async update(tenantId: string, location: LocationWrite): Promise<boolean> {
      const rows = await db.query(
        `UPDATE locations SET full_name = $3, location_type = $4, latitude = $5, longitude = $6, radius_m = $7, shape = $8,
                polygon = $9::jsonb, customer_id = $10
          WHERE tenant_id = $1 AND location_id = $2 RETURNING location_id`,
        writeParams(tenantId, location),
      );
      return rows.length > 0;
    },

    /** The alert rules that name the POI (a POI they watch may not go away under them). */

    /** Deletes a POI; the devices in it now are outside every POI until their next position is placed. */
    async remove(tenantId: string, locationId: string): Promise<boolean> {
      const rows = await db.query(
        `WITH cleared AS (UPDATE tracking_latest SET location_id = NULL WHERE tenant_id = $1 AND location_id = $2)
         DELETE FROM locations WHERE tenant_id = $1 AND location_id = $2 RETURNING location_id`,
        [tenantId, locationId],
      );
      return rows.length > 0;
    },

    /** Each device's newest position, to place again after the POIs changed. */
    latestPositions(tenantId: string): Promise<{ device_id: string; latitude: number; longitude: number; location_id: string | null }[]> {
      return db.query('SELECT device_id, latitude, longitude, location_id FROM tracking_latest WHERE tenant_id = $1', [tenantId]);
    },

    async setLatestLocations(tenantId: string, changes: readonly { deviceId: string; locationId: string | null }[]): Promise<void> {
      if (changes.length === 0) return;
      await db.query(
        `UPDATE tracking_latest l SET location_id = u.loc FROM unnest($2::text[], $3::text[]) AS u(d, loc)
          WHERE l.tenant_id = $1 AND l.device_id = u.d`,
        [tenantId, columnLiteral(changes, (c) => c.deviceId), columnLiteral(changes, (c) => c.locationId)],
      );
    },

    devicesAt(tenantId: string, locationId: string) {
      return db.query<{
        device_id: string;
        name: string;
        device_type: string;
        last_message_at: Date | string;
        still_since: Date | string;
        battery_pct: number | null;
      }>(
        `SELECT d.device_id, d.name, d.device_type, l.last_message_at, l.still_since, l.battery_pct
           FROM tracking_latest l JOIN tracking_devices d ON d.tenant_id = l.tenant_id AND d.device_id = l.device_id
          WHERE l.tenant_id = $1 AND l.location_id = $2 ORDER BY d.name, d.device_id`,
        [tenantId, locationId],
      );
    },

    /**
     * Each device's category now (spec §4): the type of the POI it is in, outside POIs, or no location data; with a
     * customer, only the devices now in (or, outside every POI, last in) one of its sites or a Friendly POI.
     */
    categories(tenantId: string, customerId: string | null) {
      return db.query<{ category: string; devices: number }>(
        `SELECT CASE WHEN l.device_id IS NULL THEN 'No location data' ELSE coalesce(p.location_type, 'Outside POIs') END AS category,
                count(*)::int AS devices
           FROM tracking_devices d
           LEFT JOIN tracking_latest l ON l.tenant_id = d.tenant_id AND l.device_id = d.device_id
           LEFT JOIN locations p ON p.tenant_id = l.tenant_id AND p.location_id = l.location_id
           LEFT JOIN LATERAL (
             SELECT t.location_id FROM tracking_positions t
              WHERE $2::text IS NOT NULL AND l.location_id IS NULL AND t.tenant_id = d.tenant_id AND t.device_id = d.device_id
                AND t.location_id IS NOT NULL
              ORDER BY t.measured_at DESC LIMIT 1) last ON true
           LEFT JOIN locations lp ON lp.tenant_id = d.tenant_id AND lp.location_id = coalesce(l.location_id, last.location_id)
          WHERE d.tenant_id = $1 AND ($2::text IS NULL OR lp.location_type = 'Friendly' OR lp.customer_id = $2)
          GROUP BY 1`,
        [tenantId, customerId],
      );
    },

    /** Per location type: its POIs (a customer's sites and every Friendly one, when narrowed) and the devices in them now. */
    stats(tenantId: string, customerId: string | null) {
      return db.query<{ location_type: LocationType; locations: number; devices: number }>(
        `SELECT p.location_type, count(*)::int AS locations, coalesce(sum(n.devices), 0)::int AS devices
           FROM locations p
           LEFT JOIN (SELECT location_id, count(*) AS devices FROM tracking_latest
                       WHERE tenant_id = $1 AND location_id IS NOT NULL GROUP BY location_id) n ON n.location_id = p.location_id
          WHERE p.tenant_id = $1 AND ($2::text IS NULL OR p.location_type = 'Friendly' OR p.customer_id = $2)
          GROUP BY p.location_type`,
        [tenantId, customerId],
      );
    },

    /**
     * The tenant's stored positions since a time, per device in time order, for stop clustering. A run of positions
     * placed in a POI at ingest is sent as its first position only: all that clustering needs of it is that it
     * breaks a stop (and a device spends most of its time at depots and customer sites).
     */
    positionsSince(tenantId: string, sinceIso: string) {
      return db.query<{ device_id: string; at_ms: number; latitude: number; longitude: number; in_poi: boolean }>(
        `SELECT device_id, at_ms, latitude, longitude, in_poi FROM (
           SELECT device_id, seq, (extract(epoch FROM measured_at) * 1000)::float8 AS at_ms, latitude, longitude,
                  location_id IS NOT NULL AS in_poi,
                  lag(location_id IS NOT NULL) OVER (PARTITION BY device_id ORDER BY measured_at, seq) AS was_in_poi
             FROM tracking_positions WHERE tenant_id = $1 AND measured_at >= $2) p
          WHERE NOT in_poi OR was_in_poi IS DISTINCT FROM true
          ORDER BY device_id, at_ms, seq`,
        [tenantId, sinceIso],
      );
    },

    /**
     * What changes when positions arrive, late ones too: how many are stored since the time and the newest
     * arrival (a cache's key; an index-only count, a small part of reading them).
     */
    async positionsStamp(tenantId: string, sinceIso: string): Promise<string> {
      const [row] = await db.query<{ stamp: string }>(
        `SELECT count(*)::text || '/' || coalesce(max(measured_at)::text, '') AS stamp
           FROM tracking_positions WHERE tenant_id = $1 AND measured_at >= $2`,
        [tenantId, sinceIso],
      );
      return row?.stamp ?? '';
    },

    customers(tenantId: string) {
      return db.query<{ customer_id: string; name: string; site_count: number }>(
        `SELECT c.customer_id, c.name, count(p.location_id)::int AS site_count
           FROM customers c LEFT JOIN locations p ON p.tenant_id = c.tenant_id AND p.customer_id = c.customer_id
          WHERE c.tenant_id = $1 GROUP BY c.customer_id, c.name ORDER BY c.name, c.customer_id`,
        [tenantId],
      );
    },

    async customerExists(tenantId: string, customerId: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM customers WHERE tenant_id = $1 AND customer_id = $2', [tenantId, customerId])).length > 0;
    },

    watchlist(tenantId: string, userId: string) {
      return db.query<{ location_id: string; added_at: Date | string }>(
        'SELECT location_id, added_at FROM location_watchlist WHERE tenant_id = $1 AND user_id = $2 ORDER BY added_at, location_id',
        [tenantId, userId],
      );
    },

    async watch(tenantId: string, userId: string, locationId: string): Promise<void> {
      await db.query('INSERT INTO location_watchlist (tenant_id, user_id, location_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        tenantId,
        userId,
        locationId,
      ]);
    },

    async unwatch(tenantId: string, userId: string, locationId: string): Promise<boolean> {
      const rows = await db.query(
        'DELETE FROM location_watchlist WHERE tenant_id = $1 AND user_id = $2 AND location_id = $3 RETURNING location_id',
        [tenantId, userId, locationId],
      );
      return rows.length > 0;
    },
  };
}

export type LocationsRepository = ReturnType<typeof createLocationsRepository>;
