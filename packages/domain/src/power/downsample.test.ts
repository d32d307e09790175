import { describe, expect, it } from 'vitest';
import { seededRandom as prng } from '../seeded-random';
import { DOWNSAMPLE_MIN_POINTS, downsampleMinMax } from './downsample';

interface Reading {
  atMs: number;
  currentA: number;
}

const currentOf = (r: Reading) => r.currentA;
const series = (values: readonly number[]): Reading[] => values.map((currentA, i) => ({ atMs: i * 600_000, currentA }));
const valuesOf = (readings: readonly Reading[]) => readings.map(currentOf);

describe('downsampleMinMax', () => {
  it('returns a copy of a series that already fits', () => {
    const input = series([5, 1, 9, 3]);
    const output = downsampleMinMax(input, 4, currentOf);
    expect(output).toEqual(input);
    expect(output).not.toBe(input);
  });

  it('keeps the first, the last, and each bucket’s min and max in time order', () => {
    // 10 points, maxPoints 6: interior indices 1..8 split into 2 buckets, 1..4 and 5..8.
    const input = series([50, 10, 90, 20, 30, 70, 40, 5, 60, 55]);
    expect(valuesOf(downsampleMinMax(input, 6, currentOf))).toEqual([50, 10, 90, 70, 5, 55]);
  });

  it('orders a bucket’s max before its min when the max came first', () => {
    // 7 points, maxPoints 4: one bucket over indices 1..5, max 80 at 2, min 1 at 4.
    expect(valuesOf(downsampleMinMax(series([0, 20, 80, 30, 1, 40, 0]), 4, currentOf))).toEqual([0, 80, 1, 0]);
  });

  it('keeps one point from a flat bucket', () => {
    expect(valuesOf(downsampleMinMax(series([1, 7, 7, 7, 7, 7, 2]), 4, currentOf))).toEqual([1, 7, 2]);
  });

  it('leaves an odd slot unused rather than exceeding maxPoints', () => {
    const output = downsampleMinMax(series([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), 5, currentOf);
    expect(valuesOf(output)).toEqual([0, 1, 8, 9]);
  });

  it('ignores NaN values, and keeps a bucket’s first point when all are NaN', () => {
    expect(valuesOf(downsampleMinMax(series([3, Number.NaN, 5, Number.NaN, 1, 4]), 4, currentOf))).toEqual([3, 5, 1, 4]);
    const gap = downsampleMinMax(series([3, Number.NaN, Number.NaN, Number.NaN, Number.NaN, 4]), 4, currentOf);
    expect(gap.map((r) => r.atMs)).toEqual([0, 600_000, 3_000_000]);
  });

  it('needs room for the first, the last and one min/max pair', () => {
    expect(DOWNSAMPLE_MIN_POINTS).toBe(4);
  });

  it.each([3, 0, -1, 4.5, Number.NaN])('refuses maxPoints %f', (maxPoints) => {
    expect(() => downsampleMinMax(series([1, 2, 3]), maxPoints, currentOf)).toThrow(RangeError);
  });
});

describe('downsampleMinMax (property-based, seeded)', () => {
  const random = prng(20_250_603);
  const cases = Array.from({ length: 400 }, () => {
    const length = Math.floor(random() * 600);
    // Load-like values with occasional spikes, and sometimes many repeated values (ties).
    const coarse = random() < 0.3;
    const values = Array.from({ length }, () => {
      const base = random() * 300;
      const spiked = random() < 0.01 ? base * 5 : base;
      return coarse ? Math.round(spiked / 100) * 100 : spiked;
    });
    return { input: series(values), maxPoints: 4 + Math.floor(random() * 120) };
  });

  it('generates varied cases (the generator itself is not degenerate)', () => {
    expect(cases.some((c) => c.input.length <= c.maxPoints)).toBe(true);
    expect(cases.filter((c) => c.input.length > c.maxPoints).length).toBeGreaterThan(200);
    expect(cases.some((c) => c.input.length < 2)).toBe(true);
    expect(cases.some((c) => c.maxPoints % 2 === 1)).toBe(true);
  });

  it('returns only input points, in time order, never more than maxPoints', () => {
    for (const { input, maxPoints } of cases) {
      const output = downsampleMinMax(input, maxPoints, currentOf);
      const context = JSON.stringify({ length: input.length, maxPoints });
      expect(output.length, context).toBeLessThanOrEqual(maxPoints);
      const indices = output.map((r) => input.indexOf(r));
      expect(
        indices.every((i) => i >= 0),
        context,
      ).toBe(true);
      for (let k = 1; k < indices.length; k++) expect(indices[k]!, context).toBeGreaterThan(indices[k - 1]!);
    }
  });

  it('keeps the first and the last point', () => {
    for (const { input, maxPoints } of cases) {
      const output = downsampleMinMax(input, maxPoints, currentOf);
      expect(output[0]).toBe(input[0]);
      expect(output.at(-1)).toBe(input.at(-1));
    }
  });

  it('keeps the global minimum and maximum (no peak is lost)', () => {
    for (const { input, maxPoints } of cases) {
      if (input.length === 0) continue;
      const output = downsampleMinMax(input, maxPoints, currentOf);
      const context = JSON.stringify({ length: input.length, maxPoints });
      expect(Math.max(...valuesOf(output)), context).toBe(Math.max(...valuesOf(input)));
      expect(Math.min(...valuesOf(output)), context).toBe(Math.min(...valuesOf(input)));
    }
  });

  it('returns every point when the series fits', () => {
    for (const { input, maxPoints } of cases.filter((c) => c.input.length <= c.maxPoints)) {
      expect(downsampleMinMax(input, maxPoints, currentOf)).toEqual(input);
    }
  });
});
