import type { FeatureCollection, LineString, MultiLineString, Polygon, Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Natural Earth's 1:50m countries (with their land), shipped as a file of its own: fetched only by a map with no
// tile server, and then from this server, so that a map works without any network beyond the portal.
import countriesUrl from 'world-atlas/countries-50m.json?url';
import type { GeoBounds } from './map-model';

/** The offline basemap as GeoJSON: the land to fill (its outline is the coastline) and the borders between countries. */
export interface Basemap {
  land: FeatureCollection;
  borders: MultiLineString;
}

/** One island or one stretch of border, with the box it lies in, so that a map draws only those near its view. */
export type BasemapPart =
  { kind: 'land'; geometry: Polygon; bounds: GeoBounds } | { kind: 'border'; geometry: LineString; bounds: GeoBounds };

type Countries = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

let loading: Promise<BasemapPart[]> | null = null;

/** Gives the browser its turn between the steps, so that none of them holds the page for a long task. */
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Loads and converts the data once per page; every map after the first draws from the same parts. */
export function loadBasemap(): Promise<BasemapPart[]> {
  loading ??= (async () => {
    const response = await fetch(countriesUrl);
    if (!response.ok) throw new Error(`Basemap: HTTP ${response.status}`);
    const topology = (await response.json()) as Countries;
    await yieldToPage();
    const land = feature(topology, topology.objects.land);
    await yieldToPage();
    const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
    await yieldToPage();
    const parts = basemapParts({ land, borders });
    await yieldToPage(); // the map starts drawing in a task of its own
    return parts;
  })().catch((error: unknown) => {
    loading = null; // the next map tries again
    throw error;
  });
  return loading;
}

/**
 * Borders are the arcs two countries share (a !== b); a coast belongs to one shape only, so the land's outline
 * draws it without a second layer.
 */
export function toBasemap(topology: Countries): Basemap {
  return {
    land: feature(topology, topology.objects.land),
    borders: mesh(topology, topology.objects.countries, (a, b) => a !== b),
  };
}

/** Splits the world's land into its islands and the borders into their stretches, each with its box. */
export function basemapParts({ land, borders }: Basemap): BasemapPart[] {
  const parts: BasemapPart[] = [];
  for (const { geometry } of land.features) {
    const polygons = geometry.type === 'MultiPolygon' ? geometry.coordinates : geometry.type === 'Polygon' ? [geometry.coordinates] : [];
    // Every ring counts for the box: around the poles (Antarctica) the first ring is not the one that holds the rest.
    for (const coordinates of polygons)
      if (coordinates.length > 0)
        parts.push({ kind: 'land', geometry: { type: 'Polygon', coordinates }, bounds: positionBounds(coordinates.flat()) });
  }
  for (const coordinates of borders.coordinates)
    if (coordinates.length > 0)
      parts.push({ kind: 'border', geometry: { type: 'LineString', coordinates }, bounds: positionBounds(coordinates) });
  return parts;
}

/** The box of GeoJSON positions ([longitude, latitude]). */
function positionBounds(positions: readonly Position[]): GeoBounds {
  const bounds = { south: Infinity, west: Infinity, north: -Infinity, east: -Infinity };
  for (const [longitude = 0, latitude = 0] of positions) {
    if (latitude < bounds.south) bounds.south = latitude;
    if (latitude > bounds.north) bounds.north = latitude;
    if (longitude < bounds.west) bounds.west = longitude;
    if (longitude > bounds.east) bounds.east = longitude;
  }
  return bounds;
}
