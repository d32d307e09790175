import { describe, expect, it } from 'vitest';
import {
  admdDataSpan,
  admdFigures,
  DEFAULT_POWER_FACTOR,
  defaultAdmdPeriod,
  demandKw,
  HALF_HOUR_MS,
  halfHourMeans,
  mostRecentCompleteWinter,
  TYPICAL_DOMESTIC_ADMD_KW,
} from './admd';
import { apparentPowerKva, apparentPowerOfTotalCurrentKva } from './electrical';

const T0 = Date.UTC(2026, 0, 15, 17, 0); // 17:00 UTC on a January weekday
const minutes = (m: number) => T0 + m * 60_000;

describe('demandKw (domain-references §3)', () => {
  it('is S_kVA × 0.95 by default: 300 A → 69 kVA → 65.55 kW', () => {
    expect(DEFAULT_POWER_FACTOR).toBe(0.95);
    expect(demandKw(apparentPowerKva([100, 100, 100]))).toBeCloseTo(65.55, 10);
    expect(demandKw(apparentPowerOfTotalCurrentKva(300), 0.9)).toBeCloseTo(62.1, 10);
  });
});

describe('halfHourMeans', () => {
  it('averages 15-minute samples into half hours aligned on :00 and :30', () => {
    // 17:00 and 17:15 → 17:00 bucket (10 + 20) / 2 = 15; 17:30, 17:45 → (40 + 60) / 2 = 50; 18:00 → 5.
    const series = halfHourMeans([minutes(0), minutes(15), minutes(30), minutes(45), minutes(60)], [10, 20, 40, 60, 5]);
    expect([...series.startMs]).toEqual([minutes(0), minutes(30), minutes(60)]);
    expect([...series.meanKw]).toEqual([15, 50, 5]);
  });

  it('takes samples at any interval and in any order', () => {
    // 10-minute samples from 17:05: 17:05, 17:15, 17:25 → 17:00 bucket (3 + 6 + 9) / 3 = 6; 17:35, 17:45, 17:55 → 30 / 3 = 10.
    const times = [5, 15, 25, 35, 45, 55].map(minutes);
    const values = [3, 6, 9, 8, 10, 12];
    const inOrder = halfHourMeans(times, values);
    expect([...inOrder.meanKw]).toEqual([6, 10]);
    const shuffled = halfHourMeans([times[4], times[0], times[5], times[2], times[1], times[3]] as number[], [10, 3, 12, 9, 6, 8]);
    expect([...shuffled.startMs]).toEqual([...inOrder.startMs]);
    expect([...shuffled.meanKw]).toEqual([...inOrder.meanKw]);
  });

  it('leaves a half hour without samples out rather than counting it as zero', () => {
    const series = halfHourMeans([minutes(0), minutes(90)], [4, 8]);
    expect([...series.startMs]).toEqual([minutes(0), minutes(90)]);
    expect(series.startMs[1]! - series.startMs[0]!).toBe(3 * HALF_HOUR_MS);
  });

  it('is unchanged when given its own 30-minute means again', () => {
    const once = halfHourMeans([0, 7, 14, 21, 28, 35, 42].map(minutes), [1, 2, 3, 4, 5, 6, 7]);
    const twice = halfHourMeans(once.startMs, once.meanKw);
    expect([...twice.meanKw]).toEqual([...once.meanKw]);
  });
});

describe('admdFigures', () => {
  const series = halfHourMeans([minutes(0), minutes(15), minutes(30), minutes(45), minutes(60)], [10, 20, 40, 60, 5]);

  it('divides the peak 30-minute mean by the customers, with load factor and peak time', () => {
    // Means 15, 50, 5: peak 50 kW at 17:30, mean 70 / 3 kW, load factor (70 / 3) / 50 = 0.4667; 25 customers → 2 kW.
    const figures = admdFigures(series, 25);
    expect(figures.peakDemandKw).toBe(50);
    expect(figures.peakAtMs).toBe(minutes(30));
    expect(figures.meanDemandKw).toBeCloseTo(70 / 3, 12);
    expect(figures.loadFactor).toBeCloseTo(7 / 15, 12);
    expect(figures.admdKwPerCustomer).toBe(2);
    expect(figures.missing).toBeNull();
  });

  it('smooths a 15-minute spike: the peak is the half-hour mean, not the largest sample', () => {
    expect(admdFigures(series, 1).peakDemandKw).toBeLessThan(60);
  });

  it('gives the first half hour when the peak repeats', () => {
    expect(admdFigures({ startMs: Float64Array.of(0, HALF_HOUR_MS, 2 * HALF_HOUR_MS), meanKw: Float64Array.of(3, 9, 9) }, 1).peakAtMs).toBe(
      HALF_HOUR_MS,
    );
  });

  it('has no ADMD without connected customers, and says why, but keeps the peak', () => {
    expect(admdFigures(series, 0)).toMatchObject({ peakDemandKw: 50, admdKwPerCustomer: null, missing: 'no_connected_customers' });
  });

  it('has nothing without readings', () => {
    expect(admdFigures(halfHourMeans([], []), 40)).toEqual({
      peakDemandKw: null,
      peakAtMs: null,
      meanDemandKw: null,
      loadFactor: null,
      admdKwPerCustomer: null,
      missing: 'no_readings',
    });
  });

  it('has no load factor for a transformer that carried nothing', () => {
    expect(admdFigures(halfHourMeans([minutes(0)], [0]), 10)).toMatchObject({ peakDemandKw: 0, loadFactor: null, admdKwPerCustomer: 0 });
  });

  it('lands in the plausible domestic range for a typical Irish estate transformer', () => {
    // 120 homes whose evening half hour carries 300 A a phase: 900 A × 0.23 = 207 kVA × 0.95 = 196.65 kW → 1.639 kW each.
    const peakKw = demandKw(apparentPowerKva([300, 300, 300]));
    const figures = admdFigures({ startMs: Float64Array.of(minutes(0)), meanKw: Float64Array.of(peakKw) }, 120);
    expect(figures.admdKwPerCustomer).toBeCloseTo(1.63875, 10);
    expect(figures.admdKwPerCustomer).toBeGreaterThanOrEqual(TYPICAL_DOMESTIC_ADMD_KW.min);
    expect(figures.admdKwPerCustomer).toBeLessThanOrEqual(TYPICAL_DOMESTIC_ADMD_KW.max);
  });
});

describe('the default period', () => {
  it('is the winter (1 Nov – 1 Mar) that ended most recently', () => {
    expect(mostRecentCompleteWinter(Date.UTC(2026, 10, 24))).toEqual({ fromMs: Date.UTC(2025, 10, 1), toMs: Date.UTC(2026, 2, 1) });
    expect(mostRecentCompleteWinter(Date.UTC(2026, 1, 15))).toEqual({ fromMs: Date.UTC(2024, 10, 1), toMs: Date.UTC(2025, 2, 1) });
    expect(mostRecentCompleteWinter(Date.UTC(2026, 2, 1))).toEqual({ fromMs: Date.UTC(2025, 10, 1), toMs: Date.UTC(2026, 2, 1) });
  });

  it('takes that winter when the data began by its first day, else the last 90 days', () => {
    const now = Date.UTC(2026, 10, 24);
    expect(defaultAdmdPeriod(now, Date.UTC(2025, 9, 1))).toEqual({
      fromMs: Date.UTC(2025, 10, 1),
      toMs: Date.UTC(2026, 2, 1),
      kind: 'winter',
    });
    expect(defaultAdmdPeriod(now, Date.UTC(2025, 10, 1))).toMatchObject({ kind: 'winter' });
    expect(defaultAdmdPeriod(now, Date.UTC(2025, 10, 2))).toEqual({ fromMs: now - 90 * 86_400_000, toMs: now, kind: 'last_90_days' });
    expect(defaultAdmdPeriod(now, null)).toMatchObject({ kind: 'last_90_days' });
  });
});

describe('the span the readings cover', () => {
  const DAY = 86_400_000;
  const now = Date.UTC(2026, 10, 24, 12);
  const period = { fromMs: now - 90 * DAY, toMs: now };
  const series = (...starts: number[]) => ({ startMs: Float64Array.from(starts), meanKw: Float64Array.from(starts, () => 1) });

  it('is 21 days of a 90-day period when the readings began 21 days ago, over every transformer', () => {
    const first = now - 21 * DAY;
    const span = admdDataSpan(period, [series(first + DAY, now - HALF_HOUR_MS), series(first, now - DAY), series()]);
    expect(span).toEqual({ fromMs: first, toMs: now, days: 21, periodDays: 90 });
  });

  it('counts a part day as a day, and is null without readings', () => {
    const span = admdDataSpan(period, [series(now - 2 * DAY - HALF_HOUR_MS, now - HALF_HOUR_MS)]);
    expect(span).toMatchObject({ days: 3, periodDays: 90 });
    expect(admdDataSpan(period, [series(), series()])).toBeNull();
  });
});
