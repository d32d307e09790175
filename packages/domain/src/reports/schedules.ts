import { daysBefore, offsetMs, zonedDay } from '../time-range';
import { isValidTimeZone } from '../time-zone';

/** The reports a tenant can store and schedule: the fleet and KPI reports of tracking, the daily power report of power data. */
export const REPORT_KINDS = ['fleet', 'kpi', 'power'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

export const REPORT_FORMATS = ['pdf', 'csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** Tenant types as tenants store them (spec §3 Tenant config: type). */
export type ReportTenantType = 'tracking' | 'powerdata';

/** Which reports a kind of tenant has: a tracking tenant's fleet and KPI reports, a power-data tenant's daily power report. */
export function reportKindsOf(tenantType: ReportTenantType): readonly ReportKind[] {
  return tenantType === 'powerdata' ? ['power'] : ['fleet', 'kpi'];
}

/** Whether a report covers a day (the daily power report) rather than an ISO week (fleet, KPI). */
export const isDailyReport = (kind: ReportKind): boolean => kind === 'power';

/** Monthly schedules stop at the 28th so that every month has the day: no month silently skipped. */
export const DAY_OF_MONTH_MAX = 28;

/** When a schedule runs: its frequency, its day (ISO weekday 1 = Monday … 7 = Sunday, or day of month) and local time. */
export interface ScheduleTiming {
  frequency: ScheduleFrequency;
  /** 1 (Monday) … 7 (Sunday); weekly schedules only. */
  day_of_week: number | null;
  /** 1 … 28; monthly schedules only. */
  day_of_month: number | null;
  /** HH:MM, 24-hour clock, in `time_zone`. */
  local_time: string;
  /** IANA time zone. */
  time_zone: string;
}

const LOCAL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Whether a string is a time of day HH:MM on the 24-hour clock (00:00 … 23:59). */
export const isLocalTime = (value: string): boolean => LOCAL_TIME.test(value);

export interface ScheduleProblem {
  field: Exclude<keyof ScheduleTiming, 'frequency'>;
  problem: 'required' | 'not-allowed' | 'out-of-range' | 'invalid';
}

/** The problems of a schedule's timing, each on its field: the day a frequency needs, the time, the zone. */
export function scheduleTimingProblems(timing: ScheduleTiming): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  const { frequency, day_of_week: weekday, day_of_month: monthDay } = timing;
  if (frequency === 'weekly') {
    if (weekday === null) problems.push({ field: 'day_of_week', problem: 'required' });
    else if (!Number.isInteger(weekday) || weekday < 1 || weekday > 7) problems.push({ field: 'day_of_week', problem: 'out-of-range' });
  } else if (weekday !== null) problems.push({ field: 'day_of_week', problem: 'not-allowed' });
  if (frequency === 'monthly') {
    if (monthDay === null) problems.push({ field: 'day_of_month', problem: 'required' });
    else if (!Number.isInteger(monthDay) || monthDay < 1 || monthDay > DAY_OF_MONTH_MAX)
      problems.push({ field: 'day_of_month', problem: 'out-of-range' });
  } else if (monthDay !== null) problems.push({ field: 'day_of_month', problem: 'not-allowed' });
  if (!isLocalTime(timing.local_time)) problems.push({ field: 'local_time', problem: 'invalid' });
  if (!isValidTimeZone(timing.time_zone)) problems.push({ field: 'time_zone', problem: 'invalid' });
  return problems;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The instant a local wall-clock time of a day happens in a zone. Twice (the clocks go back): the first.
 * Never (the clocks go forward over it): the first instant after it, the moment of the change, when the clock
 * jumps to the first valid local time.
 */
export function zonedWallTimeMs(day: string, localTime: string, timeZone: string): number {
  const wallMs = Date.parse(`${day}T${localTime}:00Z`);
  // Every zone's change is under a day: the offsets a day either side are the two that can apply.
  const before = offsetMs(wallMs - 24 * HOUR_MS, timeZone);
  const after = offsetMs(wallMs + 24 * HOUR_MS, timeZone);
  const valid = [...new Set([before, after])]
    .map((offset) => wallMs - offset)
    .filter((candidate) => wallMs - offsetMs(candidate, timeZone) === candidate)
    .sort((a, b) => a - b);
  if (valid[0] !== undefined) return valid[0];
  // A gap: read with the old offset the time lies after the change, with the new one before it. The change is
  // the first instant whose offset is the new one, found to the minute (zones change on whole minutes).
  let low = wallMs - after;
  let high = wallMs - before;
  while (high - low > MINUTE_MS) {
    const middle = low + Math.max(1, Math.floor((high - low) / 2 / MINUTE_MS)) * MINUTE_MS;
    if (offsetMs(middle, timeZone) === after) high = middle;
    else low = middle;
  }
  return high;
}

/** ISO weekday of a calendar day: 1 Monday … 7 Sunday. */
const isoWeekdayOf = (day: string): number => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

const runsOn = (timing: ScheduleTiming, day: string): boolean =>
  timing.frequency === 'daily' ||
  (timing.frequency === 'weekly' && isoWeekdayOf(day) === timing.day_of_week) ||
  (timing.frequency === 'monthly' && Number(day.slice(8, 10)) === timing.day_of_month);

/**
 * The first time a schedule is due strictly after an instant, in the schedule's zone: its local time on its
 * next day, so a 07:00 schedule stays at 07:00 local across daylight-saving changes. A local time that does not
 * exist that day runs once at the change; one that happens twice runs once, the first time.
 */
export function nextDueAfter(timing: ScheduleTiming, afterMs: number): number {
  // From the day before (a due time late on the zone's previous day can still be ahead of a UTC instant) to
  // past the longest month.
  const today = zonedDay(afterMs, timing.time_zone);
  for (let offset = -1; offset <= 32; offset += 1) {
    const day = daysBefore(today, -offset);
    if (!runsOn(timing, day)) continue;
    const due = zonedWallTimeMs(day, timing.local_time, timing.time_zone);
    if (due > afterMs) return due;
  }
  throw new Error(`no due time within 32 days for ${timing.frequency} at ${timing.local_time}`);
}
