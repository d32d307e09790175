/** Spec §9 time ranges. Months are fixed lengths (91 and 182 days) so that periods compare like with like. */
export const TIME_RANGE_DAYS = { '24h': 1, '7d': 7, '28d': 28, '4w': 28, '8w': 56, '3m': 91, '6m': 182, '1y': 365 } as const;
export type RollingRange = keyof typeof TIME_RANGE_DAYS;
export type TimeRangeName = RollingRange | 'last_week';

export const DAY_MS = 86_400_000;

let lastDayNumber = Number.NaN;
let lastDayText = '';

/**
 * The UTC calendar day (YYYY-MM-DD) of an instant: the key of every daily rollup. The last day written is
 * kept: ingest asks for the day of every reading, nearly always the same day, and a toISOString per reading
 * showed in its profile.
 */
export function utcDay(ms: number): string {
  const dayNumber = Math.floor(ms / DAY_MS);
  if (dayNumber !== lastDayNumber) {
    lastDayText = new Date(dayNumber * DAY_MS).toISOString().slice(0, 10); // throws on an invalid time, as before
    lastDayNumber = dayNumber;
  }
  return lastDayText;
}

export interface Period {
  fromMs: number;
  toMs: number;
}

/** The period a named range covers at `nowMs`: rolling ranges end now; last_week is the previous Monday–Sunday in UTC. */
export function periodOfRange(range: TimeRangeName, nowMs: number): Period {
  if (range === 'last_week') {
    const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
    const daysSinceMonday = (new Date(today).getUTCDay() + 6) % 7;
    const thisMonday = today - daysSinceMonday * DAY_MS;
    return { fromMs: thisMonday - 7 * DAY_MS, toMs: thisMonday };
  }
  return { fromMs: nowMs - TIME_RANGE_DAYS[range] * DAY_MS, toMs: nowMs };
}

/** The UTC days of the daily rollup that a period covers: from its first instant's day to its last's (`toMs` is excluded). */
export function rollupDays({ fromMs, toMs }: Period): { fromDay: string; toDay: string } {
  return { fromDay: utcDay(fromMs), toDay: utcDay(toMs - 1) };
}

/** The rollup days of a period and the first day of the period of equal length before it (for "power change"). */
export interface ComparedRollupDays {
  fromDay: string;
  toDay: string;
  previousFromDay: string;
}
export function comparedRollupDays(period: Period): ComparedRollupDays {
  return { ...rollupDays(period), previousFromDay: utcDay(period.fromMs - (period.toMs - period.fromMs)) };
}

/** The last `numDays` × 24 h up to `nowMs`: the assets list's period (spec: loaded with 1 day). */
export const lastDays = (numDays: number, nowMs: number): Period => ({ fromMs: nowMs - numDays * DAY_MS, toMs: nowMs });

/**
 * A period cut into at most `maxBuckets` consecutive buckets of whole UTC days (the last one ends with the
 * period): what a chart of daily rollups over time shows as its points. The last 7 days give a bucket per
 * day (8 when they start mid-day: the first and last are part-days); a year gives 14 buckets of 27 days.
 */
export function dayBuckets({ fromMs, toMs }: Period, maxBuckets: number): Period[] {
  const firstDayMs = Math.floor(fromMs / DAY_MS) * DAY_MS;
  const days = Math.max(1, Math.ceil((toMs - firstDayMs) / DAY_MS));
  const bucketMs = Math.ceil(days / maxBuckets) * DAY_MS;
  const buckets: Period[] = [];
  for (let start = firstDayMs; start < toMs; start += bucketMs)
    buckets.push({ fromMs: Math.max(start, fromMs), toMs: Math.min(start + bucketMs, toMs) });
  return buckets;
}
