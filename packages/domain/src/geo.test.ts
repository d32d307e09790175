import { describe, expect, it } from 'vitest';
import { distanceKm } from './geo';
import { seededRandom } from './seeded-random';

describe('distanceKm', () => {
  it('measures Dublin to Cork as about 220 km', () => {
    const dublin = { latitude: 53.3498, longitude: -6.2603 };
    const cork = { latitude: 51.8985, longitude: -8.4756 };
    expect(distanceKm(dublin, cork)).toBeGreaterThan(215);
    expect(distanceKm(dublin, cork)).toBeLessThan(225);
  });

  it('is zero from a point to itself and symmetric (property, 1,000 seeded cases)', () => {
    const random = seededRandom(11);
    const point = () => ({ latitude: random() * 178 - 89, longitude: random() * 358 - 179 });
    for (let n = 0; n < 1000; n += 1) {
      const a = point();
      const b = point();
      expect(distanceKm(a, a)).toBe(0);
      expect(distanceKm(a, b)).toBeCloseTo(distanceKm(b, a), 9);
    }
  });
});
