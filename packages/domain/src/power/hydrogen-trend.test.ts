import { describe, expect, it } from 'vitest';
import { hydrogenRateOfChangePpmPerDay, isReadyHydrogenStatus, type HydrogenSample } from './hydrogen-trend';

const DAY_MS = 86_400_000;
const T0 = Date.UTC(2025, 0, 1);
const daily = (values: readonly number[], startMs = T0): HydrogenSample[] =>
  values.map((h2Ppm, i) => ({ atMs: startMs + i * DAY_MS, h2Ppm }));

describe('hydrogenRateOfChangePpmPerDay', () => {
  it('is null with fewer than two samples', () => {
    expect(hydrogenRateOfChangePpmPerDay([])).toBeNull();
    expect(hydrogenRateOfChangePpmPerDay(daily([120]))).toBeNull();
  });

  it('is null when every sample has the same time', () => {
    expect(
      hydrogenRateOfChangePpmPerDay([
        { atMs: T0, h2Ppm: 10 },
        { atMs: T0, h2Ppm: 30 },
      ]),
    ).toBeNull();
  });

  it('gives 10 ppm/day for 100, 110, 120 ppm one day apart', () => {
    expect(hydrogenRateOfChangePpmPerDay(daily([100, 110, 120]))).toBeCloseTo(10, 12);
  });

  it('is 0 for a flat series and negative for a falling one', () => {
    expect(hydrogenRateOfChangePpmPerDay(daily([50, 50, 50, 50]))).toBe(0);
    expect(hydrogenRateOfChangePpmPerDay(daily([90, 60, 30]))).toBeCloseTo(-30, 12);
  });

  it('scales with the time unit: 6 ppm over 6 hours is 24 ppm/day', () => {
    const hourly = [0, 1, 2, 3, 4, 5, 6].map((h) => ({ atMs: T0 + h * 3_600_000, h2Ppm: 100 + h }));
    expect(hydrogenRateOfChangePpmPerDay(hourly)).toBeCloseTo(24, 9);
  });

  it('fits a least-squares line, not first-to-last: 0, 10, 0 ppm has slope 0', () => {
    expect(hydrogenRateOfChangePpmPerDay(daily([0, 10, 0]))).toBeCloseTo(0, 12);
    // Reference case: x = 0..3 days, y = 1, 3, 2, 5 → slope = Σ(dx·dy)/Σdx² = 5.5 / 5 = 1.1.
    expect(hydrogenRateOfChangePpmPerDay(daily([1, 3, 2, 5]))).toBeCloseTo(1.1, 12);
  });

  it('does not depend on sample order and keeps precision at epoch-millisecond times', () => {
    const samples = daily([100, 110, 120, 130], Date.UTC(2040, 5, 1));
    expect(hydrogenRateOfChangePpmPerDay([...samples].reverse())).toBeCloseTo(10, 9);
  });
});

describe('isReadyHydrogenStatus', () => {
  it('accepts Ready (old data) and Ready (new data) only', () => {
    expect([0, 1, 2, 3, 4].map(isReadyHydrogenStatus)).toEqual([false, false, true, true, false]);
  });
});
