import { DAY_MS } from '../time-range';

/*
 * ADMD, After Diversity Maximum Demand (domain-references §3): the peak of a transformer's 30-minute mean demand
 * divided by the customers it supplies. The 30-minute demand interval is the settlement period of the Irish and
 * British electricity markets, the basis of the ADMD figures of UK and Irish network design studies.
 */

export const HALF_HOUR_MS = 30 * 60_000;

/** Domain-references §3: demand P_kW = S_kVA * PF, with a power factor of 0.95 unless the caller gives one. */
export const DEFAULT_POWER_FACTOR = 0.95;

/**
 * Plausibility (domain-references §3): measured domestic ADMD in UK and Irish studies is about 1.5-2 kW per
 * customer (heat-pump homes add about 1.7 kW). A figure far outside says more about the data (a wrong customer
 * count, non-domestic load) than about the customers.
 */
export const TYPICAL_DOMESTIC_ADMD_KW = { min: 1.5, max: 2 } as const;

/** Domain-references §3: P_kW = S_kVA * PF. */
export function demandKw(apparentKva: number, powerFactor: number = DEFAULT_POWER_FACTOR): number {
  return apparentKva * powerFactor;
}

/** 30-minute mean demand: each bucket's start (epoch ms, on the half hour) and the mean of its samples (kW). */
export interface HalfHourSeries {
  startMs: Float64Array;
  meanKw: Float64Array;
}

/**
 * Samples at any interval (any order) bucketed into 30-minute means. Buckets are aligned on the epoch's half
 * hours (xx:00 and xx:30 UTC, which are local half hours in every whole-hour time zone, Ireland's included);
 * a bucket is the plain mean of the samples in it, and a half hour without samples is absent (not zero).
 */
export function halfHourMeans(timesMs: ArrayLike<number>, demandsKw: ArrayLike<number>): HalfHourSeries {
  const n = Math.min(timesMs.length, demandsKw.length);
  const order = Array.from({ length: n }, (_, i) => i);
  let sorted = true;
  for (let i = 1; i < n && sorted; i += 1) sorted = (timesMs[i] as number) >= (timesMs[i - 1] as number);
  if (!sorted) order.sort((a, b) => (timesMs[a] as number) - (timesMs[b] as number));
  const startMs = new Float64Array(n);
  const meanKw = new Float64Array(n);
  let buckets = 0;
  let current = Number.NaN;
  let sum = 0;
  let count = 0;
  for (const i of order) {
    const bucket = Math.floor((timesMs[i] as number) / HALF_HOUR_MS) * HALF_HOUR_MS;
    if (bucket !== current) {
      if (count > 0) {
        startMs[buckets] = current;
        meanKw[buckets] = sum / count;
        buckets += 1;
      }
      current = bucket;
      sum = 0;
      count = 0;
    }
    sum += demandsKw[i] as number;
    count += 1;
  }
  if (count > 0) {
    startMs[buckets] = current;
    meanKw[buckets] = sum / count;
    buckets += 1;
  }
  return { startMs: startMs.slice(0, buckets), meanKw: meanKw.slice(0, buckets) };
}

export type AdmdMissingReason = 'no_readings' | 'no_connected_customers';

export interface AdmdFigures {
  /** The largest 30-minute mean demand of the period, kW. */
  peakDemandKw: number | null;
  /** Start of the half hour of the peak (the first one, when it repeats). */
  peakAtMs: number | null;
  /** Mean of the 30-minute means, kW. */
  meanDemandKw: number | null;
  /** Mean over peak (0-1); null when there is no peak to divide by. */
  loadFactor: number | null;
  admdKwPerCustomer: number | null;
  /** Why ADMD is null; null when it is given. */
  missing: AdmdMissingReason | null;
}

/**
 * Domain-references §3: ADMD = peak 30-minute mean demand / connected customers (MPRNs); load factor = mean /
 * peak over the same 30-minute series. A transformer without connected customers has no ADMD (its peak is
 * still given).
 */
export function admdFigures(series: HalfHourSeries, connectedCustomers: number): AdmdFigures {
  const { startMs, meanKw } = series;
  if (meanKw.length === 0)
    return { peakDemandKw: null, peakAtMs: null, meanDemandKw: null, loadFactor: null, admdKwPerCustomer: null, missing: 'no_readings' };
  let peakIndex = 0;
  let sum = 0;
  for (let i = 0; i < meanKw.length; i += 1) {
    const value = meanKw[i] as number;
    sum += value;
    if (value > (meanKw[peakIndex] as number)) peakIndex = i;
  }
  const peakDemandKw = meanKw[peakIndex] as number;
  const meanDemandKw = sum / meanKw.length;
  const hasCustomers = connectedCustomers > 0;
  return {
    peakDemandKw,
    peakAtMs: startMs[peakIndex] as number,
    meanDemandKw,
    loadFactor: peakDemandKw > 0 ? meanDemandKw / peakDemandKw : null,
    admdKwPerCustomer: hasCustomers ? peakDemandKw / connectedCustomers : null,
    missing: hasCustomers ? null : 'no_connected_customers',
  };
}

/** Product decision: a whole winter is November to February, the months of the Irish winter peak. */
export function mostRecentCompleteWinter(nowMs: number): { fromMs: number; toMs: number } {
  const now = new Date(nowMs);
  const year = now.getUTCFullYear();
  // The winter ending on 1 March of this year is complete from that instant; before it, last year's is the latest.
  const endYear = nowMs >= Date.UTC(year, 2, 1) ? year : year - 1;
  return { fromMs: Date.UTC(endYear - 1, 10, 1), toMs: Date.UTC(endYear, 2, 1) };
}

/** Days of the fallback period when the data do not hold a whole winter. */
export const ADMD_FALLBACK_DAYS = 90;

/**
 * The default ADMD period (domain-references §3, "a whole winter where the data allow"): the most recent complete
 * winter when the data began on or before its first day, else the last 90 days.
 */
export function defaultAdmdPeriod(
  nowMs: number,
  firstDataMs: number | null,
): { fromMs: number; toMs: number; kind: 'winter' | 'last_90_days' } {
  const winter = mostRecentCompleteWinter(nowMs);
  if (firstDataMs !== null && firstDataMs <= winter.fromMs) return { ...winter, kind: 'winter' };
  return { fromMs: nowMs - ADMD_FALLBACK_DAYS * DAY_MS, toMs: nowMs, kind: 'last_90_days' };
}

/** Whole days in a span, counting a part day as a day (21 days and an hour of readings are 22 days). */
export const daysSpanned = (fromMs: number, toMs: number): number => Math.max(0, Math.ceil((toMs - fromMs) / DAY_MS));

/**
 * The part of a period that the readings cover: from the first half hour with readings of any transformer to the
 * end of the last, and how many days that is against the period's own. A new installation's "last 90 days" may
 * hold 21 days of readings; the screen says so rather than name a window the figures were not taken over.
 * Null when no transformer has a reading in the period.
 */
export function admdDataSpan(
  period: { fromMs: number; toMs: number },
  series: Iterable<HalfHourSeries>,
): { fromMs: number; toMs: number; days: number; periodDays: number } | null {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const { startMs } of series) {
    if (startMs.length === 0) continue;
    first = Math.min(first, startMs[0] as number);
    last = Math.max(last, (startMs[startMs.length - 1] as number) + HALF_HOUR_MS);
  }
  if (first > last) return null;
  const fromMs = Math.max(first, period.fromMs);
  const toMs = Math.min(last, period.toMs);
  return { fromMs, toMs, days: daysSpanned(fromMs, toMs), periodDays: daysSpanned(period.fromMs, period.toMs) };
}
