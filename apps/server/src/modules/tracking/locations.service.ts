import type { CreateLocationSchema, Location, PossiblePoi, UpdateLocation } from '@gridlens/contract/tracking-locations';
import type { z } from 'zod';
import { POSITION_CATEGORIES, type LocationType } from '@gridlens/domain/tracking/enumerations';
import { areaM2, centreOf, reachM, type PolygonRings } from '@gridlens/domain/tracking/place-geometry';
import { LOCATION_RADIUS_DEFAULT_M, LOCATION_RADIUS_MAX_M, LOCATION_RADIUS_MIN_M } from '@gridlens/domain/tracking/positions';
import { possiblePoisOf, stopsOf, type Stop } from '@gridlens/domain/tracking/possible-pois';
import { HttpError, notFound, validationError } from '../../http/http-error';
import { isoOf } from '../../http/iso-timestamp';
import type { Queryable } from '../../db/database';
import { createPlacementCache, type Placement } from './placement-cache';
import type { LocationDetailRow, LocationsRepository, LocationWrite } from './locations.repository';

type CreateBody = z.output<typeof CreateLocationSchema>;
const DAY_MS = 86_400_000;
/** Possible POIs read weeks of positions: an answer stands while no position arrived and no POI changed, this long at most. */
const POSSIBLE_POIS_FRESH_MS = 300_000;

export function locationOf(row: LocationDetailRow): Location {
  const polygon = typeof row.polygon === 'string' ? (JSON.parse(row.polygon) as PolygonRings) : row.polygon;
  return {
    LocationID: row.location_id,
    LocationType: row.location_type,
    Latitude: row.latitude,
    Longitude: row.longitude,
    FullName: row.full_name,
    RadiusM: row.radius_m,
    DeviceCount: row.device_count,
    Shape: row.shape,
    Polygon: polygon as Location['Polygon'],
    CustomerID: row.customer_id,
    CustomerName: row.customer_name,
    IsWatchlisted: row.watchlisted,
  };
}

/** A polygon's centre and reach, checked: it must enclose some ground and fit in a POI's largest circle. */
function polygonGeometry(rings: PolygonRings) {
  const shape = { kind: 'polygon', rings } as const;
  if (areaM2(shape) < 1) throw validationError([{ field: 'Polygon', message: 'The outline encloses no area' }]);
  const reach = reachM(shape);
  if (reach > LOCATION_RADIUS_MAX_M)
    throw validationError([{ field: 'Polygon', message: `Must lie within ${LOCATION_RADIUS_MAX_M} m of its centre` }]);
  return {
    ...centreOf(shape),
    radiusM: Math.min(LOCATION_RADIUS_MAX_M, Math.max(LOCATION_RADIUS_MIN_M, Math.round(reach))),
    polygon: rings,
  };
}

/**
 * The locations screens' rules: POIs as circles or polygons, owned by a customer when Non-Friendly. After every
 * change the devices' newest positions are placed again, so that "devices there now" follows a POI that was
 * added, moved, reshaped or deleted at once (ingest places every later fix with the new POIs too).
 */
export function createLocationsService(
  db: Queryable,
  repository: LocationsRepository,
  /** Asked before a POI is deleted; refuses (throws) while something still needs it (the location-removing hook). */
  removing: (tenantId: string, locationId: string) => Promise<void> = () => Promise.resolve(),
) {
  const placements = createPlacementCache();
  const possibleCache = new Map<string, { atMs: number; placement: Placement; stamp: string; answer: PossiblePoi[] }>();

  async function placeLatestAgain(tenantId: string): Promise<Placement> {
    const placement = await placements(db, tenantId);
    const changes = (await repository.latestPositions(tenantId))
      .map((row) => ({ deviceId: row.device_id, before: row.location_id, locationId: placement.placeOf(row)?.id ?? null }))
      .filter((c) => c.before !== c.locationId);
    await repository.setLatestLocations(tenantId, changes);
    return placement;
  }

  async function item(tenantId: string, userId: string, locationId: string): Promise<Location> {
    const [row] = await repository.locations(tenantId, userId, { locationId });
    if (!row) throw notFound(`Location '${locationId}'`);
    return locationOf(row);
  }

  async function checkCustomer(tenantId: string, type: LocationType, customerId: string | null): Promise<void> {
    if (customerId === null) return;
    if (type === 'Friendly') throw validationError([{ field: 'CustomerID', message: 'Only a Non-Friendly site belongs to a customer' }]);
    if (!(await repository.customerExists(tenantId, customerId)))
      throw validationError([{ field: 'CustomerID', message: `No customer '${customerId}'` }]);
  }

  return {
    item,
    async list(tenantId: string, userId: string, customerId: string | undefined): Promise<Location[]> {
      return (await repository.locations(tenantId, userId, customerId === undefined ? {} : { customerId })).map(locationOf);
    },

    async create(tenantId: string, userId: string, body: CreateBody): Promise<Location> {
      await checkCustomer(tenantId, body.LocationType, body.CustomerID);
      const geometry = body.Polygon
        ? polygonGeometry(body.Polygon)
        : { latitude: body.Latitude!, longitude: body.Longitude!, radiusM: body.RadiusM, polygon: null };
      const write: LocationWrite = {
        id: body.LocationID,
        name: body.FullName,
        type: body.LocationType,
        customerId: body.CustomerID,
        ...geometry,
      };
      if (!(await repository.insert(tenantId, write)))
        throw new HttpError(409, 'conflict', `A location with LocationID '${body.LocationID}' already exists`);
      await placeLatestAgain(tenantId);
      return item(tenantId, userId, body.LocationID);
    },

    async update(tenantId: string, userId: string, locationId: string, body: UpdateLocation): Promise<Location> {
      const [row] = await repository.locations(tenantId, userId, { locationId });
      if (!row) throw notFound(`Location '${locationId}'`);
      const current = locationOf(row);
      const type = body.LocationType ?? current.LocationType;
      // Retyped to Friendly without a customer named: it no longer belongs to one.
      const customerId = body.CustomerID !== undefined ? body.CustomerID : type === 'Friendly' ? null : current.CustomerID;
      await checkCustomer(tenantId, type, customerId);
      let geometry: Pick<LocationWrite, 'latitude' | 'longitude' | 'radiusM' | 'polygon'>;
      if (body.Polygon) geometry = polygonGeometry(body.Polygon);
      else if (body.Latitude !== undefined && body.Longitude !== undefined) {
        const radiusM = body.RadiusM ?? (current.Shape === 'circle' ? current.RadiusM : LOCATION_RADIUS_DEFAULT_M);
        geometry = { latitude: body.Latitude, longitude: body.Longitude, radiusM, polygon: null };
      } else if (body.RadiusM !== undefined && current.Shape === 'polygon') {
        throw validationError([{ field: 'RadiusM', message: 'A polygon has no radius: give Latitude and Longitude to make it a circle' }]);
      } else {
        geometry = {
          latitude: current.Latitude,
          longitude: current.Longitude,
          radiusM: body.RadiusM ?? current.RadiusM,
          polygon: current.Polygon,
        };
      }
      const write: LocationWrite = { id: locationId, name: body.FullName ?? current.FullName, type, customerId, ...geometry };
      if (!(await repository.update(tenantId, write))) throw notFound(`Location '${locationId}'`);
      await placeLatestAgain(tenantId);
      return item(tenantId, userId, locationId);
    },

    async remove(tenantId: string, locationId: string): Promise<void> {
      await removing(tenantId, locationId);
      if (!(await repository.remove(tenantId, locationId))) throw notFound(`Location '${locationId}'`);
      await placeLatestAgain(tenantId);
    },

    async stats(tenantId: string, customerId: string | undefined) {
      const rows = await repository.stats(tenantId, customerId ?? null);
      return (['Friendly', 'Non-Friendly'] as const).map((type) => {
        const row = rows.find((r) => r.location_type === type);
        return { LocationType: type, LocationCount: row?.locations ?? 0, DeviceCount: row?.devices ?? 0 };
      });
    },

    async categories(tenantId: string, customerId: string | undefined) {
      const rows = await repository.categories(tenantId, customerId ?? null);
      return POSITION_CATEGORIES.map((category) => ({
        Category: category,
        DeviceCount: rows.find((r) => r.category === category)?.devices ?? 0,
      }));
    },

    async devicesAt(tenantId: string, userId: string, locationId: string) {
      await item(tenantId, userId, locationId);
      return (await repository.devicesAt(tenantId, locationId)).map((d) => ({
        device_id: d.device_id,
        name: d.name,
        device_type: d.device_type,
        last_message_at: isoOf(d.last_message_at),
        since: isoOf(d.still_since),
        battery_pct: d.battery_pct,
      }));
    },

    /** Stops in the stored positions of the last `days`, outside every POI as the POIs are now, clustered. */
    async possiblePois(tenantId: string, days: number, nowMs: number): Promise<PossiblePoi[]> {
      const placement = await placements(db, tenantId);
      // The placement stays the same object while the POI version stands; the stamp moves with every new position.
      // From the start of the (UTC) day: the window, and so the stamp, moves once a day rather than every call.
      const sinceIso = new Date(Math.floor((nowMs - days * DAY_MS) / DAY_MS) * DAY_MS).toISOString();
      const stamp = await repository.positionsStamp(tenantId, sinceIso);
      const key = `${tenantId}/${days}`;
      const cached = possibleCache.get(key);
      if (cached && cached.placement === placement && cached.stamp === stamp && nowMs - cached.atMs < POSSIBLE_POIS_FRESH_MS)
        return cached.answer;
      const rows = await repository.positionsSince(tenantId, sinceIso);
      const stops: Stop[] = [];
      for (let start = 0; start < rows.length;) {
        let end = start;
        while (end < rows.length && rows[end]!.device_id === rows[start]!.device_id) end++;
        const fixes = rows
          .slice(start, end)
          .map((r) => ({ atMs: r.at_ms, latitude: r.latitude, longitude: r.longitude, inPoi: r.in_poi || placement.placeOf(r) !== null }));
        stops.push(...stopsOf(rows[start]!.device_id, fixes));
        start = end;
      }
      const answer = possiblePoisOf(stops).map((p) => ({
        id: p.id,
        latitude: p.latitude,
        longitude: p.longitude,
        radius_m: p.radiusM,
        visit_count: p.visitCount,
        device_count: p.deviceCount,
        first_seen: new Date(p.firstSeenMs).toISOString(),
        last_seen: new Date(p.lastSeenMs).toISOString(),
        confidence: p.confidence,
      }));
      possibleCache.set(key, { atMs: nowMs, placement, stamp, answer });
      return answer;
    },

    async watchlist(tenantId: string, userId: string) {
      return (await repository.watchlist(tenantId, userId)).map((w) => ({ location_id: w.location_id, added_at: isoOf(w.added_at) }));
    },
    async watch(tenantId: string, userId: string, locationId: string) {
      await item(tenantId, userId, locationId);
      await repository.watch(tenantId, userId, locationId);
    },
    async unwatch(tenantId: string, userId: string, locationId: string) {
      if (!(await repository.unwatch(tenantId, userId, locationId))) throw notFound('Watchlist entry');
    },
    customers: (tenantId: string) => repository.customers(tenantId),
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;
