import type { GeoPoint } from '@gridlens/domain/geo';
import type { PolygonRings } from '@gridlens/domain/tracking/place-geometry';
import { createPlaceIndex, type Place } from '@gridlens/domain/tracking/place-index';
import type { PointOfInterest } from '@gridlens/domain/tracking/positions';
import type { Queryable } from '../../db/database';
import { placementSql, type PlaceableRow } from './locations.repository';

/** A POI as ingest places fixes in it: its circle's fields (the alerts read its id and type) and its shape. */
export type PlacedPoi = PointOfInterest & Place;

/** The tenant's POIs, indexed: the POI a fix is in, and each POI by id. */
export interface Placement {
  placeOf(point: GeoPoint): PlacedPoi | null;
  byId: ReadonlyMap<string, PlacedPoi>;
}

const polygonOf = (value: PolygonRings | string | null): PolygonRings | null =>
  value === null ? null : typeof value === 'string' ? (JSON.parse(value) as PolygonRings) : value;

export function placedPoiOf(row: PlaceableRow): PlacedPoi {
  const polygon = polygonOf(row.polygon);
  const circle = { latitude: row.latitude, longitude: row.longitude, radiusM: row.radius_m };
  return {
    id: row.location_id,
    type: row.location_type,
    ...circle,
    shape: polygon === null ? { kind: 'circle', ...circle } : { kind: 'polygon', rings: polygon },
  };
}

export function placementOf(rows: readonly PlaceableRow[]): Placement {
  const pois = rows.map(placedPoiOf);
  const index = createPlaceIndex(pois);
  return { placeOf: (point) => index.placeOf(point), byId: new Map(pois.map((p) => [p.id, p])) };
}

/**
 * One placement index per tenant, kept while the tenant's POI version (raised by triggers on every change,
 * migration 0016) stays the same: a POI added, moved or deleted by any process (another API instance, the
 * demo seed, SQL) is seen by the next batch, here and there alike, on PostgreSQL and on PGlite. The version is
 * read before the POIs: a change committed between the two reads is then cached under the older version and
 * rebuilt on the next batch, never kept stale.
 */
export function createPlacementCache(repository: typeof placementSql = placementSql) {
  const cache = new Map<string, { version: number; placement: Placement }>();
  return async (tx: Queryable, tenantId: string): Promise<Placement> => {
    const version = await repository.poiVersion(tx, tenantId);
    const cached = cache.get(tenantId);
    if (cached && cached.version === version) return cached.placement;
    const placement = placementOf(await repository.placeable(tx, tenantId));
    cache.set(tenantId, { version, placement });
    return placement;
  };
}

export type PlacementCache = ReturnType<typeof createPlacementCache>;
