import { getContrastRatio } from '@mui/material/styles';
import type { GeoPoint } from '@gridlens/domain/geo';

/** A colour a marker can take, with what it means (one line of the legend). */
export interface MapTone {
  id: string;
  colour: string;
  label: string;
}

/** A device or place on the map. The popup is built when opened, so 10,000 markers cost 10,000 closures, not DOM. */
export interface MapMarker extends GeoPoint {
  tone: string;
  tooltip?: string;
  popup?: () => HTMLElement;
  onClick?: () => void;
}

/**
 * Drawn above the basemap and below the markers: a radius in metres (a site's reach, a geofence), an area, a
 * ring of fixed size on screen that marks a picked point whatever the zoom, or a line through points in order
 * (a device's track). A pin, of fixed size on screen too, marks a place above everything else (a POI a track
 * visited, seen at any zoom) and is named for screen readers by its `label` (its tooltip too).
 */
export type MapShape =
  | { kind: 'line'; points: readonly GeoPoint[]; colour: string; tooltip?: string }
  | { kind: 'circle'; centre: GeoPoint; radiusMetres: number; colour: string; tooltip?: string }
  | { kind: 'polygon'; points: readonly GeoPoint[]; holes?: readonly (readonly GeoPoint[])[]; colour: string; tooltip?: string }
  | { kind: 'ring'; centre: GeoPoint; colour: string }
  | { kind: 'pin'; centre: GeoPoint; colour: string; label: string };

export interface GeoBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** The smallest box holding every point; null for none, so that the map keeps its default view. */
export function boundsOf(points: Iterable<GeoPoint>): GeoBounds | null {
  let bounds: GeoBounds | null = null;
  for (const { latitude, longitude } of points) {
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    if (!bounds) bounds = { south: latitude, west: longitude, north: latitude, east: longitude };
    else {
      bounds.south = Math.min(bounds.south, latitude);
      bounds.north = Math.max(bounds.north, latitude);
      bounds.west = Math.min(bounds.west, longitude);
      bounds.east = Math.max(bounds.east, longitude);
    }
  }
  return bounds;
}

/** How many shapes of each kind a map draws, as its `data-shapes` attribute tells tests: `circle:2 line:1`. */
export function shapeCounts(shapes: readonly MapShape[]): string {
  const counts = new Map<string, number>();
  for (const shape of shapes) counts.set(shape.kind, (counts.get(shape.kind) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, count]) => `${kind}:${count}`)
    .join(' ');
}

/** Black or white, whichever contrasts more with the colour: a cluster's count stays legible (WCAG AA). */
export function textOn(colour: string): '#fff' | '#000' {
  return getContrastRatio(colour, '#fff') >= getContrastRatio(colour, '#000') ? '#fff' : '#000';
}
