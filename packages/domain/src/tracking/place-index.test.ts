import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random';
import { createPlaceIndex, placeOfByScan, type Place } from './place-index';

const circle = (id: string, latitude: number, longitude: number, radiusM: number): Place => ({
  id,
  shape: { kind: 'circle', latitude, longitude, radiusM },
});
const square = (id: string, west: number, south: number, sizeDegrees: number): Place => ({
  id,
  shape: {
    kind: 'polygon',
    rings: [
      [
        [west, south],
        [west + sizeDegrees, south],
        [west + sizeDegrees, south + sizeDegrees],
        [west, south + sizeDegrees],
        [west, south],
      ],
    ],
  },
});

describe('place index', () => {
  it('answers null with no POIs and outside all of them', () => {
    expect(createPlaceIndex([]).placeOf({ latitude: 53, longitude: -6 })).toBeNull();
    expect(createPlaceIndex([circle('a', 53, -6, 100)]).placeOf({ latitude: 53.01, longitude: -6 })).toBeNull();
  });

  it('lets the smallest of overlapping POIs win, a yard inside an estate', () => {
    const estate = square('estate', -6.3, 53.3, 0.01);
    const gate = circle('gate', 53.305, -6.295, 150);
    const index = createPlaceIndex([estate, gate]);
    expect(index.placeOf({ latitude: 53.305, longitude: -6.2955 })?.id).toBe('gate');
    expect(index.placeOf({ latitude: 53.301, longitude: -6.299 })?.id).toBe('estate');
  });

  it('splits two equal circles by the nearer centre, then by id', () => {
    const index = createPlaceIndex([circle('west', 53.3, -6.301, 200), circle('east', 53.3, -6.299, 200)]);
    expect(index.placeOf({ latitude: 53.3, longitude: -6.3005 })?.id).toBe('west');
    expect(index.placeOf({ latitude: 53.3, longitude: -6.2995 })?.id).toBe('east');
    expect(index.placeOf({ latitude: 53.3, longitude: -6.3 })?.id).toBe('east'); // equidistant: 'east' < 'west'
  });

  it('agrees with testing every POI on 5,000 random POIs and 3,000 random fixes (seeded)', () => {
    const random = seededRandom(19);
    const places: Place[] = [];
    for (let i = 0; i < 5_000; i++) {
      const latitude = 51.5 + random() * 3.8;
      const longitude = -10 + random() * 4;
      if (random() < 0.6) places.push(circle(`c${i}`, latitude, longitude, 25 + random() * 3_000));
      else places.push(square(`p${i}`, longitude, latitude, 0.002 + random() * 0.05));
    }
    const index = createPlaceIndex(places);
    let inside = 0;
    for (let k = 0; k < 3_000; k++) {
      // Half the fixes near a POI (so that most land in one, some in several), half anywhere.
      const near = places[Math.floor(random() * places.length)]!.shape;
      const point =
        k % 2 === 0
          ? near.kind === 'circle'
            ? { latitude: near.latitude + (random() - 0.5) * 0.05, longitude: near.longitude + (random() - 0.5) * 0.08 }
            : { latitude: near.rings[0]![0]![1] + random() * 0.05, longitude: near.rings[0]![0]![0] + random() * 0.05 }
          : { latitude: 51.5 + random() * 3.8, longitude: -10 + random() * 4 };
      const expected = placeOfByScan(point, places);
      expect(index.placeOf(point)?.id ?? null).toBe(expected?.id ?? null);
      if (expected) inside += 1;
    }
    expect(inside).toBeGreaterThan(300); // the comparison covered many hits, not only misses
  });
});
