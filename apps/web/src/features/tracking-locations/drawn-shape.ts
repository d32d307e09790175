import type { CreateLocation, Location } from '@gridlens/contract/tracking-locations';
import type { GeoPoint } from '@gridlens/domain/geo';
import { IRELAND_BOUNDS } from '@gridlens/domain/map-view';
import { boundingBoxOf } from '@gridlens/domain/tracking/place-geometry';
import { LOCATION_RADIUS_DEFAULT_M, LOCATION_RADIUS_MAX_M, LOCATION_RADIUS_MIN_M } from '@gridlens/domain/tracking/positions';
import { boundsOf, type GeoBounds } from '@/lib/ui/map/map-model';

/** A POI's shape as drawn on the map: a circle (centre and radius) or a polygon's corners (not closed). */
export type DrawnShape = { kind: 'circle'; centre: GeoPoint | null; radiusM: number } | { kind: 'polygon'; points: GeoPoint[] };

export const emptyShape = (kind: DrawnShape['kind']): DrawnShape =>
  kind === 'circle' ? { kind, centre: null, radiusM: LOCATION_RADIUS_DEFAULT_M } : { kind, points: [] };

export const isComplete = (shape: DrawnShape): boolean =>
  shape.kind === 'circle'
    ? shape.centre !== null && shape.radiusM >= LOCATION_RADIUS_MIN_M && shape.radiusM <= LOCATION_RADIUS_MAX_M
    : shape.points.length >= 3;

/** The shape of a stored POI, to edit it (a polygon's outline; holes are kept only while it is not reshaped). */
export function shapeOfLocation(location: Location): DrawnShape {
  const outline = location.Polygon?.[0];
  if (location.Shape === 'polygon' && outline)
    return { kind: 'polygon', points: outline.slice(0, -1).map(([longitude, latitude]) => ({ latitude, longitude })) };
  return { kind: 'circle', centre: { latitude: location.Latitude, longitude: location.Longitude }, radiusM: location.RadiusM };
}

/** The geometry fields of a POI's body: a circle, or a polygon as GeoJSON (its outline closed). */
export function geometryOf(shape: DrawnShape): Pick<CreateLocation, 'Latitude' | 'Longitude' | 'RadiusM' | 'Polygon'> {
  if (shape.kind === 'circle') return { Latitude: shape.centre?.latitude, Longitude: shape.centre?.longitude, RadiusM: shape.radiusM };
  const ring = shape.points.map((p): [number, number] => [p.longitude, p.latitude]);
  return { Polygon: [[...ring, ring[0]!]] };
}

/**
 * Where the map for drawing a new POI opens: on every POI the tenant has (a circle's reach included, every corner
 * of a polygon: the domain's box of each), so the new one is drawn among them; on Ireland, where the tenants are,
 * while it has none.
 */
export function drawingOpeningView(locations: readonly Location[]): GeoBounds {
  const corners = locations.flatMap((location): GeoPoint[] => {
    const outline = location.Polygon?.[0];
    const box = boundingBoxOf(
      location.Shape === 'polygon' && outline
        ? { kind: 'polygon', rings: [outline] }
        : { kind: 'circle', latitude: location.Latitude, longitude: location.Longitude, radiusM: location.RadiusM },
    );
    return [
      { latitude: box.minLatitude, longitude: box.minLongitude },
      { latitude: box.maxLatitude, longitude: box.maxLongitude },
    ];
  });
  return boundsOf(corners) ?? IRELAND_BOUNDS;
}
