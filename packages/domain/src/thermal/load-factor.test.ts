import { describe, expect, it } from 'vitest';
import { loadFactorsPu } from './load-factor';

const kOf = (currentsA: [number, number, number], ratingKva: number) =>
  loadFactorsPu(Float64Array.of(currentsA[0]), Float64Array.of(currentsA[1]), Float64Array.of(currentsA[2]), ratingKva)[0];

describe('load factor K', () => {
  it('divides the heaviest phase by the rated phase current (400 kVA: 579.7 A)', () => {
    // 400,000 / (3 · 230) = 579.71 A.
    expect(kOf([579.71, 100, 200], 400)).toBeCloseTo(1, 5);
    expect(kOf([100, 289.855, 0], 400)).toBeCloseTo(0.5, 5);
    expect(kOf([1, 1, 1], 0)).toBeNaN();
  });

  it('works sample by sample into a caller’s array', () => {
    const out = new Float64Array(2);
    const result = loadFactorsPu(Float64Array.from([100, 10]), Float64Array.from([50, 579.71]), Float64Array.from([0, 0]), 400, out);
    expect(result).toBe(out);
    expect(out[0]).toBeCloseTo(100 / 579.71, 5);
    expect(out[1]).toBeCloseTo(1, 5);
  });
});
