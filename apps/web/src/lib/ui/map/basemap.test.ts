import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { basemapParts, toBasemap, type BasemapPart } from './basemap';

// The data file the web app ships, read as the browser receives it.
const topology = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('world-atlas/countries-50m.json'), 'utf8')) as Parameters<
  typeof toBasemap
>[0];
const basemap = toBasemap(topology);

/** Even-odd ray casting over every ring of the land: holes (lakes) count as water. */
function onLand([longitude = Number.NaN, latitude = Number.NaN]: Position): boolean {
  let inside = false;
  for (const feature of basemap.land.features) {
    const geometry = feature.geometry;
    const polygons = geometry.type === 'MultiPolygon' ? geometry.coordinates : geometry.type === 'Polygon' ? [geometry.coordinates] : [];
    for (const ring of polygons.flat()) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi = 0, yi = 0] = ring[i] ?? [];
        const [xj = 0, yj = 0] = ring[j] ?? [];
        if (yi > latitude !== yj > latitude && longitude < ((xj - xi) * (latitude - yi)) / (yj - yi) + xi) inside = !inside;
      }
    }
  }
  return inside;
}

describe('the offline basemap from Natural Earth', () => {
  it('has Ireland as land, with its towns on it and the sea around it', () => {
    for (const town of [
      [-7.9407, 53.4239], // Athlone, the centre of the default view
      [-6.2603, 53.3498], // Dublin
      [-8.4756, 51.8985], // Cork
      [-9.0568, 53.2707], // Galway
    ])
      expect(onLand(town), town.join(',')).toBe(true);
    for (const sea of [
      [-5.5, 53.5], // the Irish Sea
      [-11, 53], // the Atlantic, west of Galway
      [-7.5, 51], // the Celtic Sea
    ])
      expect(onLand(sea), sea.join(',')).toBe(false);
  });

  it('draws the border between Ireland and Northern Ireland, and no border along the open coast', () => {
    const vertices = basemap.borders.coordinates.flat();
    const near = ([longitude, latitude]: [number, number], km: number) =>
      vertices.some(([x = 0, y = 0]) => Math.hypot((x - longitude) * 66, (y - latitude) * 111) < km);
    expect(near([-7.48, 54.83], 5)).toBe(true); // Lifford, on the border
    expect(near([-9.06, 53.27], 50)).toBe(false); // Galway, on the west coast
  });

  it('keeps Ireland in the detail of the 1:50m scale, not as a rough outline', () => {
    // The island is the largest polygon lying wholly around it (Natural Earth's 1:110m draws it with 12 points).
    const around = ([x = 0, y = 0]: Position) => x > -11 && x < -5 && y > 51 && y < 56;
    const ireland = basemap.land.features
      .flatMap((f) => (f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates : []))
      .filter((polygon) => polygon.flat().every(around))
      .map((polygon) => polygon.flat().length);
    expect(Math.max(0, ...ireland)).toBeGreaterThan(200);
  });

  it('splits into islands and stretches of border, each inside its own box, Ireland among them', () => {
    const parts = basemapParts(basemap);
    const land = parts.filter((part) => part.kind === 'land');
    const borders = parts.filter((part) => part.kind === 'border');
    expect(land.length).toBeGreaterThan(1000); // Natural Earth's 1:50m islands
    expect(borders).toHaveLength(basemap.borders.coordinates.length);
    // Nothing is lost: every point of the land is in one part.
    const points = (coordinates: number[][][]) => coordinates.reduce((sum, ring) => sum + ring.length, 0);
    const whole = basemap.land.features.reduce(
      (sum, f) => sum + (f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates.reduce((s, p) => s + points(p), 0) : 0),
      0,
    );
    expect(land.reduce((sum, part) => sum + (part.kind === 'land' ? points(part.geometry.coordinates) : 0), 0)).toBe(whole);
    const outside = parts.filter((part) => {
      const positions = part.kind === 'land' ? part.geometry.coordinates.flat() : part.geometry.coordinates;
      const { south, north, west, east } = part.bounds;
      return positions.some(([x = 0, y = 0]) => y < south || y > north || x < west || x > east);
    });
    expect(outside).toEqual([]);
    // Around Athlone: Ireland's own box, and Eurasia's, which spans the world since Chukotka crosses 180°.
    const width = (part: BasemapPart) => part.bounds.east - part.bounds.west;
    const athlone = land
      .filter(({ bounds }) => bounds.south < 53.42 && bounds.north > 53.42 && bounds.west < -7.94 && bounds.east > -7.94)
      .sort((a, b) => width(b) - width(a));
    expect(athlone).toHaveLength(2);
    expect(width(athlone[0]!)).toBeGreaterThan(300);
    expect(athlone[1]?.bounds.west).toBeCloseTo(-10.4, 1);
    expect(athlone[1]?.bounds.east).toBeCloseTo(-5.5, 1);
  });
});
