import { describe, expect, it } from 'vitest';
import type { Location } from '@gridlens/contract/tracking-locations';
import { DEFAULT_MAP_VIEW, IRELAND_BOUNDS } from '@gridlens/domain/map-view';
import { drawingOpeningView, emptyShape, geometryOf, isComplete, shapeOfLocation } from './drawn-shape';

const base: Location = {
  LocationID: 'YARD',
  LocationType: 'Non-Friendly',
  Latitude: 53.4,
  Longitude: -6.3,
  FullName: 'Yard',
  RadiusM: 250,
  DeviceCount: 0,
  Shape: 'circle',
  Polygon: null,
  CustomerID: null,
  CustomerName: null,
  IsWatchlisted: false,
};

describe('drawn shapes', () => {
  it('is complete once a circle has a centre and a radius in range, a polygon three corners', () => {
    expect(isComplete(emptyShape('circle'))).toBe(false);
    expect(isComplete({ kind: 'circle', centre: { latitude: 53, longitude: -6 }, radiusM: 200 })).toBe(true);
    expect(isComplete({ kind: 'circle', centre: { latitude: 53, longitude: -6 }, radiusM: 10 })).toBe(false);
    expect(isComplete({ kind: 'circle', centre: { latitude: 53, longitude: -6 }, radiusM: 6_000 })).toBe(false);
    const corner = { latitude: 53, longitude: -6 };
    expect(isComplete({ kind: 'polygon', points: [corner, corner] })).toBe(false);
    expect(isComplete({ kind: 'polygon', points: [corner, corner, corner] })).toBe(true);
  });

  it('writes a polygon as a closed GeoJSON ring of [lon, lat], and a circle as its centre and radius', () => {
    const points = [
      { latitude: 53, longitude: -6 },
      { latitude: 53, longitude: -5.99 },
      { latitude: 53.01, longitude: -5.99 },
    ];
    expect(geometryOf({ kind: 'polygon', points })).toEqual({
      Polygon: [
        [
          [-6, 53],
          [-5.99, 53],
          [-5.99, 53.01],
          [-6, 53],
        ],
      ],
    });
    expect(geometryOf({ kind: 'circle', centre: { latitude: 53, longitude: -6 }, radiusM: 300 })).toEqual({
      Latitude: 53,
      Longitude: -6,
      RadiusM: 300,
    });
  });

  it('opens a stored POI for editing as it was drawn, the closing corner left out', () => {
    expect(shapeOfLocation(base)).toEqual({ kind: 'circle', centre: { latitude: 53.4, longitude: -6.3 }, radiusM: 250 });
    const ring: [number, number][] = [
      [-6, 53],
      [-5.99, 53],
      [-5.99, 53.01],
      [-6, 53],
    ];
    const polygon = shapeOfLocation({ ...base, Shape: 'polygon', Polygon: [ring] });
    expect(polygon).toEqual({
      kind: 'polygon',
      points: [
        { latitude: 53, longitude: -6 },
        { latitude: 53, longitude: -5.99 },
        { latitude: 53.01, longitude: -5.99 },
      ],
    });
    expect(geometryOf(polygon).Polygon).toEqual([ring]);
  });
});

describe('where the map for drawing a new POI opens', () => {
  it("frames every one of the tenant's POIs, a circle with its radius and a polygon with every corner", () => {
    const cork = { ...base, LocationID: 'CORK', Latitude: 51.9, Longitude: -8.47, RadiusM: 1_000 };
    const yard: Location = {
      ...base,
      LocationID: 'YARD',
      Shape: 'polygon',
      Latitude: 51.95,
      Longitude: -8.3,
      Polygon: [
        [
          [-8.31, 51.94],
          [-8.29, 51.94],
          [-8.3, 51.97],
          [-8.31, 51.94],
        ],
      ],
    };
    const view = drawingOpeningView([cork, yard]);
    // The circle's reach: 1 km is 0.009° of latitude, and 0.0145° of longitude at 51.9° N.
    expect(view.south).toBeCloseTo(51.9 - 0.009, 3);
    expect(view.west).toBeCloseTo(-8.47 - 0.0145, 3);
    expect(view.north).toBeCloseTo(51.97, 6);
    expect(view.east).toBeCloseTo(-8.29, 6);
  });

  it('frames Ireland, where the tenants are, when the tenant has no POI yet', () => {
    expect(drawingOpeningView([])).toEqual(IRELAND_BOUNDS);
    // The whole island, Mizen Head to Malin Head and Slea Head to Belfast Lough.
    for (const [latitude, longitude] of [
      [51.45, -9.82],
      [55.38, -7.37],
      [52.1, -10.46],
      [54.66, -5.55],
    ] as const) {
      expect(latitude).toBeGreaterThan(IRELAND_BOUNDS.south);
      expect(latitude).toBeLessThan(IRELAND_BOUNDS.north);
      expect(longitude).toBeGreaterThan(IRELAND_BOUNDS.west);
      expect(longitude).toBeLessThan(IRELAND_BOUNDS.east);
    }
    // Around the centre every other map opens on, one source for both.
    expect((IRELAND_BOUNDS.south + IRELAND_BOUNDS.north) / 2).toBeCloseTo(DEFAULT_MAP_VIEW.latitude, 6);
    expect((IRELAND_BOUNDS.west + IRELAND_BOUNDS.east) / 2).toBeCloseTo(DEFAULT_MAP_VIEW.longitude, 6);
  });
});
