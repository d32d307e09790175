import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random';
import { arrivalDistribution } from './arrival';
import { BinomialQuantileCache, binomialQuantile } from './binomial';
import { averageChargerPowerKw, chargingCoverage, conservativeEvLoadKw, evDayShape, expectedEvLoadKw } from './ev-charging';
import { defaultEvModelParameters, defaultLoadModelConstants, type EvModelParameters } from './model-parameters';

const sum = (values: Float64Array) => values.reduce((total, value) => total + value, 0);
const oneHour = (hour: number) => {
  const a = new Float64Array(24);
  a[hour] = 1;
  return a;
};

describe('chargingCoverage', () => {
  it('everyone plugging in at 18:00 for 2.5 h covers 18 and 19 fully and 20 half', () => {
    const c = chargingCoverage(oneHour(18), 2.5);
    expect(Array.from(c.subarray(17, 22))).toEqual([0, 1, 1, 0.5, 0]);
  });

  it('a charge shorter than an hour covers its fraction of the arrival hour', () => {
    expect(chargingCoverage(oneHour(18), 0.5)[18]).toBe(0.5);
  });

  it('wraps past midnight: 23:00 for 3 h covers 23, 0 and 1', () => {
    const c = chargingCoverage(oneHour(23), 3);
    expect([c[23], c[0], c[1], c[2]]).toEqual([1, 1, 1, 0]);
  });

  it('a = ½ at 17 and 18, D = 1.5: c(h) = a(h) + ½·a(h−1) gives 0.5, 0.75, 0.25', () => {
    const a = new Float64Array(24);
    a[17] = 0.5;
    a[18] = 0.5;
    const c = chargingCoverage(a, 1.5);
    expect([c[16], c[17], c[18], c[19], c[20]]).toEqual([0, 0.5, 0.75, 0.25, 0]);
  });

  it('sums to D whenever a sums to 1 (300 seeded distributions and durations)', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 300; i++) {
      const a = new Float64Array(24).map(() => random() ** 4);
      const total = sum(a);
      for (let h = 0; h < 24; h++) a[h] = (a[h] as number) / total;
      const duration = 0.01 + 23.98 * random();
      const c = chargingCoverage(a, duration);
      expect(sum(c)).toBeCloseTo(duration, 10);
      expect(Math.max(...c)).toBeLessThanOrEqual(1 + 1e-12);
    }
  });

  it('refuses durations outside (0, 24)', () => {
    expect(() => chargingCoverage(oneHour(0), 0)).toThrow(/duration/);
    expect(() => chargingCoverage(oneHour(0), 24)).toThrow(/duration/);
  });
});

describe('averageChargerPowerKw', () => {
  it('P_avg = f7·7 + (1 − f7)·3', () => {
    expect(averageChargerPowerKw(0.8, 7, 3)).toBeCloseTo(6.2, 12);
    expect(averageChargerPowerKw(1, 7, 3)).toBe(7);
    expect(averageChargerPowerKw(0, 7, 3)).toBe(3);
  });
});

describe('evDayShape', () => {
  const model: EvModelParameters = { ...defaultEvModelParameters, chargeRateWeekdayPercent: 40, charger7kwPercent: 50, bevPercent: 100 };

  it('weekday: q·P_avg·c(h) with the model arrival and the weekday BEV duration', () => {
    const shape = evDayShape(model, defaultLoadModelConstants, 'weekday');
    const c = chargingCoverage(arrivalDistribution('normal', 18, 2), model.chargeDurationWeekdayHours);
    expect(shape.chargeProbability).toBe(0.4);
    expect(shape.averageChargerKw).toBe(5);
    for (let h = 0; h < 24; h++) expect(shape.expectedKwPerEv[h]).toBeCloseTo(0.4 * 5 * (c[h] as number), 12);
    expect(sum(shape.coverage)).toBeCloseTo(model.chargeDurationWeekdayHours, 10);
  });

  it('weekend: the weekend arrival and duration, and the weekday rate times the weekend ratio', () => {
    const constants = { ...defaultLoadModelConstants, weekendChargeRateRatio: 0.5 };
    const shape = evDayShape(model, constants, 'weekend');
    const c = chargingCoverage(arrivalDistribution('normal', 13, 4), model.chargeDurationWeekendHours);
    expect(shape.chargeProbability).toBe(0.2);
    for (let h = 0; h < 24; h++) expect(shape.coverage[h]).toBeCloseTo(c[h] as number, 12);
  });

  it('weights BEV and PHEV coverage by the BEV share', () => {
    const shape = evDayShape({ ...model, bevPercent: 25 }, defaultLoadModelConstants, 'weekday');
    const a = arrivalDistribution('normal', 18, 2);
    const bev = chargingCoverage(a, model.chargeDurationWeekdayHours);
    const phev = chargingCoverage(a, defaultLoadModelConstants.phevChargeDurationHours);
    for (let h = 0; h < 24; h++) expect(shape.coverage[h]).toBeCloseTo(0.25 * (bev[h] as number) + 0.75 * (phev[h] as number), 12);
  });
});

describe('EV load', () => {
  const shape = evDayShape(defaultEvModelParameters, defaultLoadModelConstants, 'weekday');

  it('expected: n_EV times the per-EV load', () => {
    const load = expectedEvLoadKw(shape, 30, new Float64Array(24));
    for (let h = 0; h < 24; h++) expect(load[h]).toBeCloseTo(30 * (shape.expectedKwPerEv[h] as number), 12);
  });

  it('conservative: the CL quantile of Binomial(n_EV, q·c(h)) chargers at P_avg each', () => {
    const load = conservativeEvLoadKw(shape, 30, 0.95, new BinomialQuantileCache(), new Float64Array(24));
    for (const h of [3, 12, 18, 20])
      expect(load[h]).toBe(binomialQuantile(30, shape.chargeProbability * (shape.coverage[h] as number), 0.95) * shape.averageChargerKw);
  });

  it('more EVs never lower the load in any hour, by either method', () => {
    const cache = new BinomialQuantileCache();
    let previousExpected: Float64Array = new Float64Array(24);
    let previousConservative: Float64Array = new Float64Array(24);
    for (let n = 0; n <= 400; n += 7) {
      const expected = expectedEvLoadKw(shape, n, new Float64Array(24));
      const conservative = conservativeEvLoadKw(shape, n, 0.9, cache, new Float64Array(24));
      for (let h = 0; h < 24; h++) {
        expect(expected[h]).toBeGreaterThanOrEqual(previousExpected[h] as number);
        expect(conservative[h]).toBeGreaterThanOrEqual(previousConservative[h] as number);
      }
      previousExpected = expected;
      previousConservative = conservative;
    }
  });
});
