import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random';
import { BinomialQuantileCache, binomialMode, binomialQuantile } from './binomial';

/** An independent reference: the CDF from log-factorials summed term by term (Σ log i), fine to N = 10^5. */
function referenceQuantile(trials: number, probability: number, confidence: number): number {
  const logFactorial = new Float64Array(trials + 1);
  for (let i = 1; i <= trials; i++) logFactorial[i] = (logFactorial[i - 1] as number) + Math.log(i);
  const logP = Math.log(probability);
  const logQ = Math.log1p(-probability);
  let cdf = 0;
  for (let k = 0; k <= trials; k++) {
    const logPmf =
      (logFactorial[trials] as number) -
      (logFactorial[k] as number) -
      (logFactorial[trials - k] as number) +
      k * logP +
      (trials - k) * logQ;
    cdf += Math.exp(logPmf);
    if (cdf >= confidence - 1e-12) return k;
  }
  return trials;
}

describe('binomialQuantile', () => {
  it('N = 2, p = ½: CDF 0.25, 0.75, 1, ties counting as reached', () => {
    expect(binomialQuantile(2, 0.5, 0.2)).toBe(0);
    expect(binomialQuantile(2, 0.5, 0.25)).toBe(0);
    expect(binomialQuantile(2, 0.5, 0.26)).toBe(1);
    expect(binomialQuantile(2, 0.5, 0.75)).toBe(1);
    expect(binomialQuantile(2, 0.5, 0.76)).toBe(2);
  });

  it('N = 3, p = 0.1: pmf 0.729, 0.243, 0.027, 0.001, so CDF 0.729, 0.972, 0.999, 1', () => {
    expect(binomialQuantile(3, 0.1, 0.7)).toBe(0);
    expect(binomialQuantile(3, 0.1, 0.95)).toBe(1);
    expect(binomialQuantile(3, 0.1, 0.98)).toBe(2);
    expect(binomialQuantile(3, 0.1, 0.9995)).toBe(3);
  });

  it('the median is N·p when N·p is whole (N = 200, p = 0.1, 0.15, 0.2)', () => {
    expect(binomialQuantile(200, 0.1, 0.5)).toBe(20);
    expect(binomialQuantile(200, 0.15, 0.5)).toBe(30);
    expect(binomialQuantile(200, 0.2, 0.5)).toBe(40);
  });

  it('N = 10^5, p = 2·10^-5 is Poisson(2) to 5 decimals: CDF(4) = 0.947, CDF(5) = 0.983', () => {
    expect(binomialQuantile(100_000, 2e-5, 0.95)).toBe(5);
    expect(binomialQuantile(100_000, 2e-5, 0.94)).toBe(4);
  });

  it('p = 0 gives 0 and p = 1 gives N; N = 0 gives 0', () => {
    expect(binomialQuantile(500, 0, 0.99)).toBe(0);
    expect(binomialQuantile(500, 1, 0.01)).toBe(500);
    expect(binomialQuantile(0, 0.3, 0.95)).toBe(0);
  });

  it('agrees with a log-factorial reference at N = 10^5 for p at the middle and near 0 and 1', () => {
    for (const [p, cl] of [
      [0.5, 0.95],
      [0.5, 0.05],
      [1e-4, 0.99],
      [1e-7, 0.95],
      [0.9999, 0.95],
      [1 - 1e-7, 0.5],
      [0.063, 0.9],
    ] as const)
      expect(binomialQuantile(100_000, p, cl), `p ${p}, CL ${cl}`).toBe(referenceQuantile(100_000, p, cl));
  });

  it('agrees with the reference on 300 seeded small cases', () => {
    const random = seededRandom(20);
    for (let i = 0; i < 300; i++) {
      const trials = Math.floor(random() * 80);
      const p = random();
      const cl = 0.01 + 0.98 * random();
      expect(binomialQuantile(trials, p, cl), `N ${trials}, p ${p}, CL ${cl}`).toBe(referenceQuantile(trials, p, cl));
    }
  });

  it('a higher confidence level never lowers the count; neither does a higher p or a larger N', () => {
    const random = seededRandom(2030);
    for (let i = 0; i < 400; i++) {
      const trials = Math.floor(random() * 5000);
      const p = random() ** 3;
      const cl = 0.01 + 0.97 * random();
      const count = binomialQuantile(trials, p, cl);
      expect(binomialQuantile(trials, p, cl + (0.99 - cl) * random())).toBeGreaterThanOrEqual(count);
      expect(binomialQuantile(trials, p + (1 - p) * random(), cl)).toBeGreaterThanOrEqual(count);
      expect(binomialQuantile(trials + Math.floor(random() * 100), p, cl)).toBeGreaterThanOrEqual(count);
      expect(count).toBeLessThanOrEqual(trials);
    }
  });

  it('refuses a fractional N, p outside [0, 1] and CL outside (0, 1)', () => {
    expect(() => binomialQuantile(2.5, 0.5, 0.5)).toThrow(/trials/);
    expect(() => binomialQuantile(10, 1.1, 0.5)).toThrow(/probability/);
    expect(() => binomialQuantile(10, Number.NaN, 0.5)).toThrow(/probability/);
    expect(() => binomialQuantile(10, 0.5, 1)).toThrow(/confidence/);
    expect(() => binomialQuantile(10, 0.5, 0)).toThrow(/confidence/);
  });

  it('the mode is ⌊(N+1)p⌋', () => {
    expect(binomialMode(10, 0.35)).toBe(3);
    expect(binomialMode(10, 1)).toBe(10);
    expect(binomialMode(10, 0)).toBe(0);
  });
});

describe('BinomialQuantileCache', () => {
  it('answers what a fresh call answers and computes each key once', () => {
    const cache = new BinomialQuantileCache();
    expect(cache.quantile(200, 0.15, 0.5)).toBe(30);
    expect(cache.quantile(200, 0.15, 0.5)).toBe(30);
    expect(cache.quantile(200, 0.15, 0.95)).toBe(binomialQuantile(200, 0.15, 0.95));
    expect(cache.size).toBe(2);
  });
});
