/** Spec §9 time ranges. Months are fixed lengths (91 and 182 days) so that periods compare like with like. */
export const TIME_RANGE_DAYS = { '24h': 1, '7d': 7, '28d': 28, '4w': 28, '8w': 56, '3m': 91, '6m': 182, '1y': 365 } as const;
export type RollingRange = keyof typeof TIME_RANGE_DAYS;
export type TimeRangeName = RollingRange | 'last_week';

export const DAY_MS = 86_400_000;

/** The UTC calendar day (YYYY-MM-DD) of an instant: the key of every daily rollup. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * The rollup days of the assets list over `numDays` (spec: loaded with 1). Rollups are per UTC day, so the
 * period is every UTC day that overlaps the last numDays × 24 h (for 1: yesterday and today so far); the
 * period of equal length before it feeds "power change".
 */
export function assetListDays(numDays: number, nowMs: number): { fromDay: string; previousFromDay: string } {
  const fromMs = nowMs - numDays * DAY_MS;
  return { fromDay: utcDay(fromMs), previousFromDay: utcDay(fromMs - numDays * DAY_MS) };
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

/** The length of a period in whole days, at least 1 (used to pick rollup days and the previous period). */
export function periodDays({ fromMs, toMs }: Period): number {
  return Math.max(1, Math.ceil((toMs - fromMs) / DAY_MS));
}
