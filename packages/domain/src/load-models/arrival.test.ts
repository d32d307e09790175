import { describe, expect, it } from 'vitest';
import { arrivalDistribution, complementaryErrorFunction, standardNormalCdf } from './arrival';

const sum = (values: Float64Array) => values.reduce((total, value) => total + value, 0);

describe('the normal CDF', () => {
  it('matches tabulated values (Abramowitz & Stegun table 7.1, 26.1) to 1e-7', () => {
    expect(complementaryErrorFunction(0)).toBeCloseTo(1, 7);
    expect(complementaryErrorFunction(1)).toBeCloseTo(0.157299207, 7);
    expect(complementaryErrorFunction(-1)).toBeCloseTo(1.842700793, 7);
    expect(standardNormalCdf(1.96)).toBeCloseTo(0.9750021, 7);
    expect(standardNormalCdf(0.5)).toBeCloseTo(0.6914625, 7);
  });

  it('keeps its relative precision far in the tail: Φ(−8) = 6.22e-16', () => {
    expect(standardNormalCdf(-8) / 6.220960574e-16).toBeCloseTo(1, 5);
  });
});

describe('arrivalDistribution', () => {
  it('normal, mean 18:00, sd 2 h: a(18) = Φ(0.5) − Φ(0) and the hours either side of the mean mirror each other', () => {
    const a = arrivalDistribution('normal', 18, 2);
    expect(sum(a)).toBeCloseTo(1, 12);
    expect(a[18]).toBeCloseTo(0.6914625 - 0.5, 6);
    expect(a[17]).toBeCloseTo(a[18] as number, 12);
    expect(a[16]).toBeCloseTo(a[19] as number, 12);
    expect(a[15]).toBeCloseTo(standardNormalCdf(-1) - standardNormalCdf(-1.5), 6);
  });

  it('wraps over midnight: mean 23:00 puts the mass of 24-25 h in hour 0, mirroring hour 21', () => {
    const a = arrivalDistribution('normal', 23, 2);
    expect(a[0]).toBeGreaterThan(0.1);
    expect(a[0]).toBeCloseTo(a[21] as number, 12);
    expect(a[1]).toBeCloseTo(a[20] as number, 12);
  });

  it('a flatter normal (sd 12 h) still sums to 1 and spreads over the whole day', () => {
    const a = arrivalDistribution('normal', 12, 12);
    expect(sum(a)).toBeCloseTo(1, 12);
    expect(Math.min(...a)).toBeGreaterThan(0.6 * Math.max(...a));
  });

  it('uniform of mean 12:00 and half-width √3·sd = 1 h fills hours 11 and 12 equally', () => {
    const a = arrivalDistribution('uniform', 12, 1 / Math.sqrt(3));
    expect(a[11]).toBeCloseTo(0.5, 12);
    expect(a[12]).toBeCloseTo(0.5, 12);
    expect(sum(a)).toBeCloseTo(1, 12);
  });

  it('uniform wraps too: mean 0:00, half-width 1 h fills hours 23 and 0', () => {
    const a = arrivalDistribution('uniform', 0, 1 / Math.sqrt(3));
    expect(a[23]).toBeCloseTo(0.5, 12);
    expect(a[0]).toBeCloseTo(0.5, 12);
  });

  it('refuses a mean outside [0, 24) and an sd outside (0, 12]', () => {
    expect(() => arrivalDistribution('normal', 24, 2)).toThrow(/mean/);
    expect(() => arrivalDistribution('normal', 18, 0)).toThrow(/sd/);
    expect(() => arrivalDistribution('uniform', 18, 13)).toThrow(/sd/);
  });
});
