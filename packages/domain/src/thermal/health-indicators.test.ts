import { describe, expect, it } from 'vitest';
import { HEALTH_INDICATORS, healthIndicators, type HealthIndicatorKind, type HealthInput, type ThermalSeries } from './health-indicators';

const QUARTER = 900_000;
const HOUR = 3_600_000;
const DAY0 = Date.UTC(2025, 0, 15);

/** One day at 15 minutes (97 samples, midnight to midnight) with constant K, top oil and hot spot. */
function day(loadPu = 0.6, topOilC = 50, hotSpotC = 60, startMs = DAY0): ThermalSeries {
  const n = 97;
  return {
    timesMs: Float64Array.from({ length: n }, (_, i) => startMs + i * QUARTER),
    loadPu: new Float64Array(n).fill(loadPu),
    topOilC: new Float64Array(n).fill(topOilC),
    hotSpotC: new Float64Array(n).fill(hotSpotC),
  };
}

/** Sets samples [fromH·4, toH·4) of a series (the intervals ending at those samples). */
function setHours(values: Float64Array, fromH: number, toH: number, value: number): void {
  values.fill(value, fromH * 4 + 1, toH * 4 + 1);
}

function indicator(input: HealthInput, kind: HealthIndicatorKind) {
  const found = healthIndicators(input).find((i) => i.kind === kind);
  if (!found) throw new Error(kind);
  return found;
}

describe('healthIndicators', () => {
  it('returns all nine indicators, none triggered, for a lightly loaded transformer', () => {
    const result = healthIndicators({ observed: day(), paper: 'normal', hydrogen: [{ atMs: DAY0, h2Ppm: 20 }] });
    expect(result.map((i) => i.kind)).toEqual([...HEALTH_INDICATORS]);
    for (const i of result) expect(i, i.kind).toEqual({ kind: i.kind, triggered: false, triggers: [] });
  });

  it('flags accelerated ageing when a day ages more than one day, saying which day and by how much', () => {
    const observed = day(1.1, 80, 104);
    const found = indicator({ observed, paper: 'normal' }, 'accelerated-ageing');
    expect(found.triggered).toBe(true);
    // 24 h at V = 2 → 2 days; the whole day is one unbroken run of V > 1.
    expect(found.triggers[0]).toMatchObject({ figure: 'daily-loss-of-life-days', threshold: 1, atMs: DAY0, basis: 'observed' });
    expect(found.triggers[0]!.value).toBeCloseTo(2, 10);
    expect(found.triggers[1]).toMatchObject({ figure: 'sustained-ageing-h', value: 24, threshold: 6, atMs: DAY0 });
    // On thermally upgraded paper 104 °C ages slower than rated: nothing.
    expect(indicator({ observed, paper: 'thermally-upgraded' }, 'accelerated-ageing').triggered).toBe(false);
  });

  it('flags sustained ageing from six hours of V > 1 even when the day as a whole ages less than a day', () => {
    const observed = day();
    setHours(observed.hotSpotC, 16, 23, 100);
    const found = indicator({ observed, paper: 'normal' }, 'accelerated-ageing');
    expect(found.triggers).toEqual([{ figure: 'sustained-ageing-h', value: 7, threshold: 6, atMs: DAY0 + 16 * HOUR, basis: 'observed' }]);
    const shorter = day();
    setHours(shorter.hotSpotC, 16, 21, 100);
    expect(indicator({ observed: shorter, paper: 'normal' }, 'accelerated-ageing').triggered).toBe(false);
  });

  it('reads future ageing and risk of overload from the forecast', () => {
    const forecast = day(1.2, 95, 110, DAY0 + 365 * 24 * HOUR);
    setHours(forecast.hotSpotC, 18, 19, 125);
    const input: HealthInput = { observed: day(), paper: 'normal', forecast };
    const future = indicator(input, 'future-ageing');
    expect(future.triggers.map((t) => t.figure)).toEqual(['daily-loss-of-life-days', 'sustained-ageing-h', 'equivalent-ageing-factor']);
    expect(future.triggers.every((t) => t.basis === 'forecast')).toBe(true);
    const overload = indicator(input, 'risk-of-overload');
    expect(overload.triggers).toEqual([
      { figure: 'hot-spot-c', value: 125, threshold: 120, atMs: forecast.timesMs[18 * 4 + 1], basis: 'forecast' },
    ]);
    expect(indicator(input, 'accelerated-ageing').triggered).toBe(false);
  });

  it('flags risk of overload when the observed current passes 1.5 p.u., at the worst sample', () => {
    const observed = day();
    setHours(observed.loadPu, 18, 19, 1.55);
    observed.loadPu[18 * 4 + 2] = 1.7;
    const found = indicator({ observed, paper: 'normal' }, 'risk-of-overload');
    expect(found.triggers).toEqual([
      { figure: 'load-pu', value: 1.7, threshold: 1.5, atMs: DAY0 + 18 * HOUR + 2 * QUARTER, basis: 'observed' },
    ]);
  });

  it('raises hydrogen level and rate alerts from ready readings, and maintenance with them', () => {
    const hydrogen = [
      { atMs: DAY0, h2Ppm: 80 },
      { atMs: DAY0 + 24 * HOUR, h2Ppm: 95 },
      { atMs: DAY0 + 48 * HOUR, h2Ppm: 120 },
    ];
    const input: HealthInput = { observed: day(), paper: 'normal', hydrogen };
    expect(indicator(input, 'hydrogen-alert').triggers).toEqual([
      { figure: 'hydrogen-ppm', value: 120, threshold: 100, atMs: DAY0 + 48 * HOUR, basis: 'observed' },
    ]);
    // Least-squares slope of 80, 95, 120 ppm a day apart: 20 ppm/day.
    const rate = indicator(input, 'hydrogen-rate-alert').triggers[0]!;
    expect(rate).toMatchObject({ figure: 'hydrogen-rate-ppm-per-day', threshold: 10, atMs: DAY0 + 48 * HOUR });
    expect(rate.value).toBeCloseTo(20, 10);
    expect(indicator(input, 'maintenance').triggers.map((t) => t.figure)).toEqual(['hydrogen-ppm', 'hydrogen-rate-ppm-per-day']);
    const steady = hydrogen.map((h) => ({ ...h, h2Ppm: 30 + h.atMs / 1e12 }));
    expect(indicator({ ...input, hydrogen: steady }, 'hydrogen-rate-alert').triggered).toBe(false);
  });

  it('suggests re-rating when the load is over rated for more than 5 % of the period', () => {
    const observed = day();
    setHours(observed.loadPu, 17, 19, 1.1); // 2 h of 24 h = 8.3 %
    const found = indicator({ observed, paper: 'normal' }, 're-rating');
    expect(found.triggers[0]).toMatchObject({ figure: 'overload-share-percent', threshold: 5, atMs: DAY0 + 17 * HOUR + QUARTER });
    expect(found.triggers[0]!.value).toBeCloseTo((100 * 2) / 24, 10);
    const brief = day();
    setHours(brief.loadPu, 17, 18, 1.1); // 4.2 %
    expect(indicator({ observed: brief, paper: 'normal' }, 're-rating').triggered).toBe(false);
  });

  it('plans maintenance at 50 % and replacement at 80 % of the insulation life consumed', () => {
    const observed = day(1, 75, 98); // one day at V = 1: 24/180000 of the life
    const periodPercent = (24 * 100) / 180_000;
    const at = (prior: number) => ({
      maintenance: indicator({ observed, paper: 'normal', priorLossOfLifePercent: prior }, 'maintenance'),
      replacement: indicator({ observed, paper: 'normal', priorLossOfLifePercent: prior }, 'replacement'),
    });
    expect(at(40).maintenance.triggered).toBe(false);
    expect(at(50 - periodPercent / 2).maintenance.triggers[0]!.value).toBeCloseTo(50 + periodPercent / 2, 10);
    expect(at(79).replacement.triggered).toBe(false);
    expect(at(80).replacement.triggers).toEqual([
      { figure: 'loss-of-life-percent', value: 80 + periodPercent, threshold: 80, atMs: null, basis: 'observed' },
    ]);
  });

  it('flags temperature from the observed top oil, hot spot and the tank sensor, ignoring sense errors', () => {
    const observed = day();
    setHours(observed.topOilC, 19, 20, 106);
    const tankTemperature = {
      timesMs: Float64Array.from([DAY0, DAY0 + HOUR, DAY0 + 2 * HOUR]),
      temperatureC: Float64Array.from([95, -127, 92]),
    };
    const found = indicator({ observed, paper: 'normal', tankTemperature }, 'temperature');
    expect(found.triggers).toEqual([
      { figure: 'top-oil-c', value: 106, threshold: 105, atMs: DAY0 + 19 * HOUR + QUARTER, basis: 'observed' },
      { figure: 'tank-temperature-c', value: 95, threshold: 90, atMs: DAY0, basis: 'observed' },
    ]);
  });
});
