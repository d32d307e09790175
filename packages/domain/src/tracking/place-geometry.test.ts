import { describe, expect, it } from 'vitest';
import { areaM2, boundingBoxOf, centreOf, polygonContains, ringContains, shapeContains, type PlaceShape } from './place-geometry';

// A 0.01° square near Dublin with a 0.004° square hole in its middle (GeoJSON: [lon, lat], rings closed).
const outline = [
  [-6.3, 53.3],
  [-6.29, 53.3],
  [-6.29, 53.31],
  [-6.3, 53.31],
  [-6.3, 53.3],
] as const;
const hole = [
  [-6.297, 53.303],
  [-6.293, 53.303],
  [-6.293, 53.307],
  [-6.297, 53.307],
  [-6.297, 53.303],
] as const;
const yard: PlaceShape = { kind: 'polygon', rings: [outline, hole] };
const at = (longitude: number, latitude: number) => ({ latitude, longitude });

describe('polygon placement', () => {
  it('holds a point inside the outline and not one outside', () => {
    expect(polygonContains(yard.rings, at(-6.299, 53.301))).toBe(true);
    expect(polygonContains(yard.rings, at(-6.289, 53.305))).toBe(false);
    expect(polygonContains(yard.rings, at(-6.295, 53.311))).toBe(false);
  });

  it('counts points on an edge or a vertex as inside, for the outline and for a hole', () => {
    expect(ringContains(outline, -6.295, 53.3)).toBe('edge');
    expect(polygonContains(yard.rings, at(-6.29, 53.305))).toBe(true); // east edge
    expect(polygonContains(yard.rings, at(-6.3, 53.31))).toBe(true); // a vertex
    expect(polygonContains(yard.rings, at(-6.297, 53.305))).toBe(true); // the hole's west edge
  });

  it('leaves out a point inside a hole', () => {
    expect(polygonContains(yard.rings, at(-6.295, 53.305))).toBe(false);
    expect(shapeContains({ kind: 'polygon', rings: [outline] }, at(-6.295, 53.305))).toBe(true);
  });

  it('takes concave outlines and open rings', () => {
    // An L: the square's north-east quarter cut away, the ring not closed.
    const ell = [
      [0, 0],
      [2, 0],
      [2, 1],
      [1, 1],
      [1, 2],
      [0, 2],
    ] as const;
    expect(ringContains(ell, 0.5, 1.5)).toBe(true);
    expect(ringContains(ell, 1.5, 1.5)).toBe(false);
    expect(ringContains(ell, 0, 1)).toBe('edge'); // on the closing edge
  });
});

describe('areas, centres and boxes', () => {
  it('measures a polygon in square metres less its holes', () => {
    // 0.01° × 0.01° at 53.3°N: 1113.2 m × 666 m ≈ 741,000 m²; the hole is 16% of it.
    const whole = areaM2({ kind: 'polygon', rings: [outline] });
    expect(whole).toBeGreaterThan(735_000);
    expect(whole).toBeLessThan(748_000);
    expect(areaM2(yard)).toBeCloseTo(whole * 0.84, -3);
    expect(areaM2({ kind: 'circle', latitude: 53.3, longitude: -6.3, radiusM: 100 })).toBeCloseTo(31_416, 0);
  });

  it("centres a polygon on its outline's vertices and boxes a circle by its radius", () => {
    const centre = centreOf(yard);
    expect(centre.latitude).toBeCloseTo(53.305, 9);
    expect(centre.longitude).toBeCloseTo(-6.295, 9);
    const box = boundingBoxOf({ kind: 'circle', latitude: 60, longitude: 10, radiusM: 1113.2 });
    expect(box.maxLatitude - 60).toBeCloseTo(0.01, 3);
    expect(box.maxLongitude - 10).toBeCloseTo(0.02, 3); // a degree of longitude is half as long at 60°N
  });
});
