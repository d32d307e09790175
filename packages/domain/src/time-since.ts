/** Spec §9 time-since units, largest first. Months and years use average lengths (a display approximation). */
export const TIME_SINCE_UNITS = ['years', 'months', 'days', 'hours', 'minutes', 'seconds', 'ms'] as const;
export type TimeSinceUnit = (typeof TIME_SINCE_UNITS)[number];

const UNIT_MS: Record<TimeSinceUnit, number> = {
  years: 365.25 * 24 * 3_600_000,
  months: (365.25 / 12) * 24 * 3_600_000,
  days: 24 * 3_600_000,
  hours: 3_600_000,
  minutes: 60_000,
  seconds: 1_000,
  ms: 1,
};

export interface TimeSince {
  value: number;
  unit: TimeSinceUnit;
}

/** The elapsed time from `thenMs` to `nowMs` in the largest whole unit (floor). Future times count as 0 ms. */
export function timeSince(thenMs: number, nowMs: number): TimeSince {
  const elapsedMs = Math.max(0, nowMs - thenMs);
  for (const unit of TIME_SINCE_UNITS) {
    const value = Math.floor(elapsedMs / UNIT_MS[unit]);
    if (value >= 1) return { value, unit };
  }
  return { value: 0, unit: 'ms' };
}
