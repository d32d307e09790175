import { distanceKm, type GeoPoint } from '../geo';
import type { LocationType } from './enumerations';

/**
 * Where a tracked device is: inside a point of interest (POI), or outside all of them. A POI is a circle
 * around its latitude and longitude; the specification gives POIs a position only, so the radius is ours.
 */

/** A POI's default radius: a depot yard or a customer site fits in 200 m; 25 m to 5 km is allowed. */
export const LOCATION_RADIUS_DEFAULT_M = 200;
export const LOCATION_RADIUS_MIN_M = 25;
export const LOCATION_RADIUS_MAX_M = 5_000;

export interface PointOfInterest extends GeoPoint {
  id: string;
  type: LocationType;
  radiusM: number;
}

/**
 * The POI a point is in, among circles: of those that hold it, the smallest, then the one whose centre is nearest
 * (the rule of the placement index, place-index.ts, which also takes polygons); null outside all.
 */
export function locationAt<P extends PointOfInterest>(point: GeoPoint, locations: readonly P[]): P | null {
  let best: P | null = null;
  let bestKm = Number.POSITIVE_INFINITY;
  for (const location of locations) {
    const km = distanceKm(point, location);
    if (km * 1000 > location.radiusM) continue;
    if (best === null || location.radiusM < best.radiusM || (location.radiusM === best.radiusM && km < bestKm)) {
      best = location;
      bestKm = km;
    }
  }
  return best;
}

/**
 * Outside every POI, a device counts as still while it stays within this distance of where it stopped: GPS
 * fixes of a parked vehicle wander by tens of metres, a vehicle driving off moves kilometres.
 */
export const STILL_RADIUS_M = 250;

/** Where a device stood still from, and since when (spec §4 "Static: same POI beyond a period"). */
export interface Stillness {
  sinceMs: number;
  /** The POI it is in, or null outside all of them (then `anchor` is where it stopped). */
  locationId: string | null;
  anchor: GeoPoint;
}

/**
 * The stillness after a new position: unchanged while the device stays in the same POI (or, outside all of them,
 * within STILL_RADIUS_M of where it stopped); otherwise it starts again at this position.
 */
export function nextStillness(previous: Stillness | null, point: GeoPoint, locationId: string | null, atMs: number): Stillness {
  if (previous !== null) {
    const sameLocation = locationId !== null && previous.locationId === locationId;
    const stillOutside = locationId === null && previous.locationId === null && distanceKm(previous.anchor, point) * 1000 <= STILL_RADIUS_M;
    if (sameLocation || stillOutside) return previous;
  }
  return { sinceMs: atMs, locationId, anchor: { latitude: point.latitude, longitude: point.longitude } };
}
