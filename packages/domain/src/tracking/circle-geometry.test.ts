import { destination } from '@turf/destination';
import { distance } from '@turf/distance';
import { describe, expect, it } from 'vitest';
import { distanceKm } from '../geo';
import { boundingBoxOf, centreOf, shapeContains, type PlaceShape } from './place-geometry';

/**
 * A POI circle measured against an independent geodesic library (Turf, on the same spherical Earth), in metres,
 * not degrees: the circle "meant for Athlone that landed 10 km off" is not the geometry's doing.
 */
const ATHLONE = { latitude: 53.4239, longitude: -7.9407 };
const circle = (radiusM: number, centre = ATHLONE): PlaceShape => ({ kind: 'circle', ...centre, radiusM });
/** The point `metres` from the centre towards `bearing` (degrees from north), as Turf computes it. */
const towards = (bearing: number, metres: number, centre = ATHLONE) => {
  const [longitude, latitude] = destination([centre.longitude, centre.latitude], metres / 1000, bearing, { units: 'kilometers' }).geometry
    .coordinates as [number, number];
  return { latitude, longitude };
};

describe('circle geometry against Turf', () => {
  it('measures distances as Turf does, to the centimetre over 10 km', () => {
    const point = towards(63, 10_000);
    expect(distanceKm(ATHLONE, point) * 1000).toBeCloseTo(
      distance([ATHLONE.longitude, ATHLONE.latitude], [point.longitude, point.latitude]) * 1000,
      2,
    );
    expect(distanceKm(ATHLONE, point) * 1000).toBeCloseTo(10_000, 1);
  });

  it.each([25, 300, 5000])('holds a point just inside a %i m circle in every direction, and not one just outside', (radiusM) => {
    for (let bearing = 0; bearing < 360; bearing += 15) {
      expect(shapeContains(circle(radiusM), towards(bearing, radiusM * 0.999))).toBe(true);
      expect(shapeContains(circle(radiusM), towards(bearing, radiusM * 1.001))).toBe(false);
    }
  });

  it('boxes the whole circle in metres, hardly wider: a degree of longitude shrinks with latitude', () => {
    const box = boundingBoxOf(circle(5000));
    for (let bearing = 0; bearing < 360; bearing += 5) {
      const rim = towards(bearing, 5000);
      expect(rim.latitude).toBeGreaterThan(box.minLatitude);
      expect(rim.latitude).toBeLessThan(box.maxLatitude);
      expect(rim.longitude).toBeGreaterThan(box.minLongitude);
      expect(rim.longitude).toBeLessThan(box.maxLongitude);
    }
    // Within 0.1 % north (the margin kept at the rim) and 0.3 % east (taken at the poleward edge) of Turf's circle.
    expect((box.maxLatitude - ATHLONE.latitude) / (towards(0, 5000).latitude - ATHLONE.latitude)).toBeLessThan(1.0011);
    expect((box.maxLongitude - ATHLONE.longitude) / (towards(90, 5000).longitude - ATHLONE.longitude)).toBeLessThan(1.003);
    expect(box.maxLatitude - ATHLONE.latitude).toBeCloseTo(0.045, 3); // 5 km north is 0.045°, not 5 km / 111 km·cos
    expect(box.maxLongitude - ATHLONE.longitude).toBeCloseTo(0.0755, 3); // 5 km east at 53.4° N is 0.0755°
  });

  it('keeps the centre where it was typed', () => {
    expect(centreOf(circle(300))).toEqual(ATHLONE);
  });
});
