import { describe, expect, it } from 'vitest';
import { seededRandom } from '@gridlens/domain/seeded-random';
import { isoTimestamp } from './iso-timestamp';

describe('isoTimestamp', () => {
  it('writes what toISOString writes, for any time in 1970–9999 and fractional milliseconds', () => {
    const random = seededRandom(20261122);
    for (let i = 0; i < 20_000; i += 1) {
      const ms = i % 2 === 0 ? random() * 253_402_300_799_999 : Date.now() - random() * 90 * 86_400_000;
      expect(isoTimestamp(ms)).toBe(new Date(ms).toISOString());
    }
  });

  it('writes the edges of a day and of the range it speeds up like toISOString', () => {
    for (const ms of [
      0,
      1,
      999,
      86_399_999,
      86_400_000,
      Date.UTC(2026, 10, 22, 23, 59, 59, 999),
      253_402_300_799_999,
      253_402_300_800_000,
      -1,
      -86_400_001.5,
    ])
      expect(isoTimestamp(ms)).toBe(new Date(ms).toISOString());
  });
});
