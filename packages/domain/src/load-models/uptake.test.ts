import { describe, expect, it } from 'vitest';
import { evShareByYear, forecastYears, heatPumpShareByYear, linearShare } from './uptake';

describe('forecastYears', () => {
  it('runs from the base year to the horizon, both included', () => {
    expect(Array.from(forecastYears(2026, 2030))).toEqual([2026, 2027, 2028, 2029, 2030]);
  });

  it('is just the base year once the horizon is passed', () => {
    expect(Array.from(forecastYears(2031, 2030))).toEqual([2031]);
  });
});

describe('uptake', () => {
  it('EV share grows by buyers × EV share of sales: 6 % + 4 × (6 % × 22 %) = 11.28 % in 2030', () => {
    const shares = evShareByYear(6, 6, 22, forecastYears(2026, 2030));
    expect(shares[0]).toBeCloseTo(0.06, 12);
    expect(shares[1]).toBeCloseTo(0.0732, 12);
    expect(shares[4]).toBeCloseTo(0.1128, 12);
  });

  it('heat-pump share grows by the installing rate and is capped at 1', () => {
    const shares = heatPumpShareByYear(90, 4, forecastYears(2026, 2030));
    expect(Array.from(shares).map((share) => Math.round(share * 1000) / 1000)).toEqual([0.9, 0.94, 0.98, 1, 1]);
  });

  it('is never negative', () => {
    expect(linearShare(0.05, -0.1, 3)).toBe(0);
  });
});
