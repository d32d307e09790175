import { describe, expect, it } from 'vitest';
import type { Location } from '@gridlens/contract/tracking-locations';
import { emptyShape, geometryOf, isComplete, shapeOfLocation } from './drawn-shape';

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
