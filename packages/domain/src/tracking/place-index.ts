import Flatbush from 'flatbush';
import { distanceKm, type GeoPoint } from '../geo';
import { areaM2, boundingBoxOf, centreOf, shapeContains, type PlaceShape } from './place-geometry';

/**
 * Which POI a position fix falls in, among thousands: a packed Hilbert R-tree (flatbush) over the POIs'
 * bounding boxes narrows each fix to the few POIs whose box holds it, and only those are tested exactly.
 * The index is static (built once per set of POIs); a changed POI means a new index (the server caches one per
 * tenant and rebuilds it when the tenant's POIs change).
 *
 * Overlapping POIs: the smallest one wins (by area), then the one whose centre is nearest, then the lower id.
 * A small site inside a large one (a customer's yard inside an industrial estate) is the more precise answer;
 * two equal circles split their overlap down the middle.
 */

export interface Place {
  id: string;
  shape: PlaceShape;
}

interface Entry<P> {
  place: P;
  areaM2: number;
  centre: GeoPoint;
}

export interface PlaceIndex<P extends Place> {
  /** The POI the point is in, or null outside all of them. */
  placeOf(point: GeoPoint): P | null;
  readonly size: number;
}

/** Orders two POIs that both hold a point: negative when `a` wins. */
function precedence<P extends Place>(a: Entry<P>, b: Entry<P>, point: GeoPoint): number {
  if (a.areaM2 !== b.areaM2) return a.areaM2 - b.areaM2;
  const byDistance = distanceKm(point, a.centre) - distanceKm(point, b.centre);
  if (byDistance !== 0) return byDistance;
  return a.place.id < b.place.id ? -1 : a.place.id > b.place.id ? 1 : 0;
}

function entryOf<P extends Place>(place: P): Entry<P> {
  return { place, areaM2: areaM2(place.shape), centre: centreOf(place.shape) };
}

/** The same answer as the index by testing every POI: the reference the index is tested against. */
export function placeOfByScan<P extends Place>(point: GeoPoint, places: readonly P[]): P | null {
  let best: Entry<P> | null = null;
  for (const place of places) {
    if (!shapeContains(place.shape, point)) continue;
    const entry = entryOf(place);
    if (best === null || precedence(entry, best, point) < 0) best = entry;
  }
  return best?.place ?? null;
}

export function createPlaceIndex<P extends Place>(places: readonly P[]): PlaceIndex<P> {
  const entries = places.map(entryOf);
  if (entries.length === 0) return { placeOf: () => null, size: 0 };
  const tree = new Flatbush(entries.length);
  for (const { place } of entries) {
    const box = boundingBoxOf(place.shape);
    tree.add(box.minLongitude, box.minLatitude, box.maxLongitude, box.maxLatitude);
  }
  tree.finish();
  return {
    size: entries.length,
    placeOf(point) {
      let best: Entry<P> | null = null;
      // The filter runs on each candidate box in turn, so that no array of hits is built for the usual single hit.
      tree.search(point.longitude, point.latitude, point.longitude, point.latitude, (i) => {
        const entry = entries[i]!;
        if (shapeContains(entry.place.shape, point) && (best === null || precedence(entry, best, point) < 0)) best = entry;
        return false;
      });
      return (best as Entry<P> | null)?.place ?? null;
    },
  };
}
