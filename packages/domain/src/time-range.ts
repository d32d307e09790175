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

// ---------------------------------------------------------------------------------------------------------------
// Days in the tenant's time zone (docs/decisions.md, "Day windows follow the tenant's time zone")

/** Every zone's offset from UTC is a whole number of quarter hours, so a quarter hour never spans two days. */
const QUARTER_HOUR_MS = 900_000;
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const dayFormatterOf = (timeZone: string) => {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    // en-CA writes the date as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
};
let lastZone = '';
let lastQuarter = Number.NaN;
let lastZonedDay = '';

/**
 * The calendar day (YYYY-MM-DD) of an instant in a time zone: the key of every daily rollup, in the tenant's zone.
 * UTC takes utcDay's shortcut; other zones ask Intl once per quarter hour (ingest asks for every reading).
 */
export function zonedDay(ms: number, timeZone: string): string {
  if (timeZone === 'UTC') return utcDay(ms);
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  if (quarter !== lastQuarter || timeZone !== lastZone) {
    lastZonedDay = dayFormatterOf(timeZone).format(ms);
    lastQuarter = quarter;
    lastZone = timeZone;
  }
  return lastZonedDay;
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();
const clockFormatterOf = (timeZone: string) => {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clockFormatters.set(timeZone, formatter);
  }
  return formatter;
};

/** The zone's offset from UTC at an instant, in ms (Dublin in summer: +3,600,000). */
export function offsetMs(ms: number, timeZone: string): number {
  // Making a formatter costs far more than using one: each zone's is made once, as the day formatters are.
  const parts = clockFormatterOf(timeZone).formatToParts(ms);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant a day (YYYY-MM-DD) begins in a time zone: its first moment, also across a daylight-saving change. */
export function zonedDayStartMs(day: string, timeZone: string): number {
  const wallMidnight = Date.parse(`${day}T00:00:00Z`);
  let start = wallMidnight - offsetMs(wallMidnight, timeZone);
  // The offset at the guess may differ from the offset at midnight itself (a change near midnight): once more.
  start = wallMidnight - offsetMs(start, timeZone);
  return start;
}

/** The day after a day (YYYY-MM-DD), as a calendar counts. */
export const nextDay = (day: string): string => utcDay(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
/** The day `days` before a day (YYYY-MM-DD). */
export const daysBefore = (day: string, days: number): string => utcDay(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS);

/** A day of the tenant's calendar as a period: from its midnight to the next (23 or 25 hours on a change of clocks). */
export const zonedDayPeriod = (day: string, timeZone: string): Period => ({
  fromMs: zonedDayStartMs(day, timeZone),
  toMs: zonedDayStartMs(nextDay(day), timeZone),
});

/**
 * A window of whole days of the tenant's calendar, what the assets list, its summary and the power report read:
 * the days it covers, the period (ending now when it holds today) and whether it is partial (today so far).
 */
export interface DayWindow extends Period {
  fromDay: string;
  toDay: string;
  timeZone: string;
  partial: boolean;
}

/** The last `numDays` days of the tenant's calendar, today so far included: 1 is today since midnight. */
export function lastZonedDays(numDays: number, nowMs: number, timeZone: string): DayWindow {
  const toDay = zonedDay(nowMs, timeZone);
  const fromDay = daysBefore(toDay, numDays - 1);
  return { fromDay, toDay, timeZone, fromMs: zonedDayStartMs(fromDay, timeZone), toMs: nowMs, partial: true };
}

/** One day of the tenant's calendar as a window: whole when it has ended, so far when it is today. */
export function zonedDayWindow(day: string, nowMs: number, timeZone: string): DayWindow {
  const { fromMs, toMs } = zonedDayPeriod(day, timeZone);
  return { fromDay: day, toDay: day, timeZone, fromMs, toMs: Math.min(toMs, nowMs), partial: toMs > nowMs };
}

/** The days a named range reads in the tenant's calendar: N days for a rolling range, last Monday to Sunday for last_week. */
export function zonedRangeWindow(range: TimeRangeName, nowMs: number, timeZone: string): DayWindow {
  if (range !== 'last_week') return lastZonedDays(TIME_RANGE_DAYS[range], nowMs, timeZone);
  const today = zonedDay(nowMs, timeZone);
  const daysSinceMonday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const fromDay = daysBefore(today, daysSinceMonday + 7);
  const toDay = daysBefore(today, daysSinceMonday + 1);
  return {
    fromDay,
    toDay,
    timeZone,
    fromMs: zonedDayStartMs(fromDay, timeZone),
    toMs: zonedDayPeriod(toDay, timeZone).toMs,
    partial: false,
  };
}

/** The rollup days a window reads and the first day of the equally long run of days before it (for "power change"). */
export function comparedWindowDays(window: DayWindow): ComparedRollupDays {
  const days = Math.round((Date.parse(`${window.toDay}T00:00:00Z`) - Date.parse(`${window.fromDay}T00:00:00Z`)) / DAY_MS) + 1;
  return { fromDay: window.fromDay, toDay: window.toDay, previousFromDay: daysBefore(window.fromDay, days) };
}

/** The rollup days of any period in the tenant's calendar: from its first instant's day to its last's. */
export const zonedRollupDays = ({ fromMs, toMs }: Period, timeZone: string): { fromDay: string; toDay: string } => ({
  fromDay: zonedDay(fromMs, timeZone),
  toDay: zonedDay(toMs - 1, timeZone),
});

/** comparedRollupDays in the tenant's calendar: a period's local rollup days and the first of the equally long period before. */
export const zonedComparedRollupDays = (period: Period, timeZone: string): ComparedRollupDays => ({
  ...zonedRollupDays(period, timeZone),
  previousFromDay: zonedDay(period.fromMs - (period.toMs - period.fromMs), timeZone),
});

/**
 * dayBuckets in the tenant's calendar: a period cut into at most `maxBuckets` consecutive buckets of whole local
 * days (the first and last clipped to the period), so that each bucket reads whole daily rollups of its own.
 */
export function zonedDayBuckets({ fromMs, toMs }: Period, maxBuckets: number, timeZone: string): Period[] {
  const firstDay = zonedDay(fromMs, timeZone);
  const lastDay = zonedDay(toMs - 1, timeZone);
  const days = Math.round((Date.parse(`${lastDay}T00:00:00Z`) - Date.parse(`${firstDay}T00:00:00Z`)) / DAY_MS) + 1;
  const daysPerBucket = Math.ceil(days / maxBuckets);
  const buckets: Period[] = [];
  for (let day = firstDay; day <= lastDay; day = daysBefore(day, -daysPerBucket)) {
    const start = zonedDayStartMs(day, timeZone);
    const end = zonedDayStartMs(daysBefore(day, -daysPerBucket), timeZone);
    buckets.push({ fromMs: Math.max(start, fromMs), toMs: Math.min(end, toMs) });
  }
  return buckets;
}
