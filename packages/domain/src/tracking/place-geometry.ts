import { distanceKm, type GeoPoint } from '../geo';

/**
 * The shape of a point of interest: a circle (radius around a centre) or a polygon given as GeoJSON polygon
 * coordinates, `[[[lon, lat], ...], hole, ...]` (the first ring the outline, the others holes). POIs are at most
 * a few kilometres across, so the polygon maths works on a local equirectangular projection around the point:
 * over 5 km its error is well under a metre, far below a GPS fix's.
 */

/** A ring as GeoJSON writes it: [longitude, latitude] pairs; closed or not (the last edge closes it either way). */
export type Ring = readonly (readonly [number, number])[];
export type PolygonRings = readonly Ring[];

export type PlaceShape =
  { kind: 'circle'; latitude: number; longitude: number; radiusM: number } | { kind: 'polygon'; rings: PolygonRings };

export interface BoundingBox {
  minLongitude: number;
  minLatitude: number;
  maxLongitude: number;
  maxLatitude: number;
}

/** On the sphere that distanceKm measures on (radius 6371.0088 km). */
const METRES_PER_DEGREE_LATITUDE = (6_371_008.8 * Math.PI) / 180;
const radians = (degrees: number) => (degrees * Math.PI) / 180;
const metresPerDegreeLongitude = (latitude: number) => METRES_PER_DEGREE_LATITUDE * Math.cos(radians(latitude));

/**
 * Whether a point is in a ring, a point on an edge or a vertex counting as inside (a fix exactly on a site's fence
 * is at the site). Ray casting, with the on-edge test first, in degrees: the test is about sides, not distances.
 */
export function ringContains(ring: Ring, longitude: number, latitude: number): boolean | 'edge' {
  let inside = false;
  const n = ring.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (onSegment(xj, yj, xi, yi, longitude, latitude)) return 'edge';
    if (yi > latitude !== yj > latitude && longitude < ((xj - xi) * (latitude - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Coordinates entered by hand or drawn on a map: a point within ~1 cm of an edge is on it. */
const ON_EDGE_DEGREES = 1e-7;

function onSegment(x1: number, y1: number, x2: number, y2: number, x: number, y: number): boolean {
  if (x < Math.min(x1, x2) - ON_EDGE_DEGREES || x > Math.max(x1, x2) + ON_EDGE_DEGREES) return false;
  if (y < Math.min(y1, y2) - ON_EDGE_DEGREES || y > Math.max(y1, y2) + ON_EDGE_DEGREES) return false;
  const cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1);
  const length = Math.hypot(x2 - x1, y2 - y1);
  return length === 0 ? Math.hypot(x - x1, y - y1) <= ON_EDGE_DEGREES : Math.abs(cross) / length <= ON_EDGE_DEGREES;
}

/** In the polygon: inside (or on) the outline and not strictly inside a hole (a hole's edge belongs to the POI). */
export function polygonContains(rings: PolygonRings, point: GeoPoint): boolean {
  const [outline, ...holes] = rings;
  if (!outline || ringContains(outline, point.longitude, point.latitude) === false) return false;
  return holes.every((hole) => ringContains(hole, point.longitude, point.latitude) !== true);
}

export function shapeContains(shape: PlaceShape, point: GeoPoint): boolean {
  if (shape.kind === 'circle') return distanceKm(point, shape) * 1000 <= shape.radiusM;
  return polygonContains(shape.rings, point);
}

/** The box around the shape, in degrees (for a circle, its radius widened by the latitude's shrinking longitude). */
export function boundingBoxOf(shape: PlaceShape): BoundingBox {
  if (shape.kind === 'circle') {
    // A hair wider than the radius, so that the haversine test and the box never disagree at the rim; the
    // longitude span taken at the circle's poleward edge, where a degree of longitude is shortest.
    const dLat = (shape.radiusM * 1.001) / METRES_PER_DEGREE_LATITUDE;
    const dLon = (shape.radiusM * 1.001) / metresPerDegreeLongitude(Math.min(89.9, Math.abs(shape.latitude) + dLat));
    return {
      minLongitude: shape.longitude - dLon,
      minLatitude: shape.latitude - dLat,
      maxLongitude: shape.longitude + dLon,
      maxLatitude: shape.latitude + dLat,
    };
  }
  const box = { minLongitude: Infinity, minLatitude: Infinity, maxLongitude: -Infinity, maxLatitude: -Infinity };
  for (const [lon, lat] of shape.rings[0] ?? []) {
    box.minLongitude = Math.min(box.minLongitude, lon);
    box.maxLongitude = Math.max(box.maxLongitude, lon);
    box.minLatitude = Math.min(box.minLatitude, lat);
    box.maxLatitude = Math.max(box.maxLatitude, lat);
  }
  return box;
}

/** Shoelace area of a ring in square metres, projected around the latitude given. */
function ringAreaM2(ring: Ring, latitude: number): number {
  const kx = metresPerDegreeLongitude(latitude);
  let twice = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    twice += xj * kx * (yi * METRES_PER_DEGREE_LATITUDE) - xi * kx * (yj * METRES_PER_DEGREE_LATITUDE);
  }
  return Math.abs(twice) / 2;
}

/** The shape's area in square metres (a polygon's holes taken out). */
export function areaM2(shape: PlaceShape): number {
  if (shape.kind === 'circle') return Math.PI * shape.radiusM ** 2;
  const [outline, ...holes] = shape.rings;
  if (!outline) return 0;
  const latitude = centreOf(shape).latitude;
  return Math.max(0, ringAreaM2(outline, latitude) - holes.reduce((sum, hole) => sum + ringAreaM2(hole, latitude), 0));
}

/** Where a shape is labelled and measured from: a circle's centre, a polygon outline's vertex mean. */
export function centreOf(shape: PlaceShape): GeoPoint {
  if (shape.kind === 'circle') return { latitude: shape.latitude, longitude: shape.longitude };
  const outline = openRing(shape.rings[0] ?? []);
  const n = Math.max(1, outline.length);
  return {
    longitude: outline.reduce((sum, [lon]) => sum + lon, 0) / n,
    latitude: outline.reduce((sum, [, lat]) => sum + lat, 0) / n,
  };
}

/** The ring without its closing vertex (GeoJSON repeats the first vertex last). */
export function openRing(ring: Ring): Ring {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return ring.length > 1 && first && last && first[0] === last[0] && first[1] === last[1] ? ring.slice(0, -1) : ring;
}

/** The largest distance from the centre to the outline, in metres: how far the shape reaches. */
export function reachM(shape: PlaceShape): number {
  if (shape.kind === 'circle') return shape.radiusM;
  const centre = centreOf(shape);
  return Math.max(0, ...(shape.rings[0] ?? []).map(([lon, lat]) => distanceKm(centre, { latitude: lat, longitude: lon }) * 1000));
}
