/**
 * The weeks journeys, arrivals and cycles are counted in: ISO weeks (Monday to Sunday) of the tenant's calendar,
 * each named by its Monday's date (`2026-11-23`) and running from that Monday's midnight in the tenant's time zone
 * to the next Monday's (167 or 169 hours across a change of clocks), as every other screen counts its days
 * (docs/decisions.md, "Tracking weeks in the tenant's time zone (issue 27)"). The UTC functions below remain for
 * the names alone: a week's name is a calendar date whatever the zone.
 */
import { daysBefore, zonedDay, zonedDayStartMs } from '../time-range';

export const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;

/** The start (Monday 00:00 UTC) of the week holding a moment. */
export function weekStartMs(atMs: number): number {
  const dayStartMs = Math.floor(atMs / DAY_MS) * DAY_MS;
  const weekday = (new Date(dayStartMs).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return dayStartMs - weekday * DAY_MS;
}

/** A week's name: its Monday's date. */
export const weekIdOf = (atMs: number): string => new Date(weekStartMs(atMs)).toISOString().slice(0, 10);

/** The start of a week named by its Monday's date; null when the text is not a Monday's date. */
export function weekStartOfId(weekId: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(weekId)) return null;
  const startMs = Date.parse(`${weekId}T00:00:00Z`);
  if (!Number.isFinite(startMs) || new Date(startMs).toISOString().slice(0, 10) !== weekId) return null;
  return weekStartMs(startMs) === startMs ? startMs : null;
}

/** Days a week may be named by: the database's timestamps hold the weeks around them with room to spare. */
export const WEEK_DAY_MIN = '1900-01-01';
export const WEEK_DAY_MAX = '9998-12-31';

/** The week holding a day (`YYYY-MM-DD`, WEEK_DAY_MIN to WEEK_DAY_MAX), by its Monday's date; null otherwise. */
export function weekIdOfDay(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day < WEEK_DAY_MIN || day > WEEK_DAY_MAX) return null;
  const dayMs = Date.parse(`${day}T00:00:00Z`);
  if (!Number.isFinite(dayMs) || new Date(dayMs).toISOString().slice(0, 10) !== day) return null;
  return weekIdOf(dayMs);
}

/** The last `count` weeks up to the one holding `nowMs`, oldest first, as their Monday's dates. */
export function recentWeekIds(nowMs: number, count: number): string[] {
  const current = weekStartMs(nowMs);
  return Array.from({ length: count }, (_, i) => new Date(current - (count - 1 - i) * WEEK_MS).toISOString().slice(0, 10));
}

/** The week of the tenant's calendar holding a moment, by its Monday's date. */
export function zonedWeekIdOf(atMs: number, timeZone: string): string {
  const day = zonedDay(atMs, timeZone);
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return daysBefore(day, weekday);
}

/** A week of the tenant's calendar (named by its Monday's date) as a span: Monday midnight to the next, local time. */
export function zonedWeekSpan(weekId: string, timeZone: string): { fromMs: number; toMs: number } {
  return { fromMs: zonedDayStartMs(weekId, timeZone), toMs: zonedDayStartMs(daysBefore(weekId, -7), timeZone) };
}

/**
 * The last `count` weeks of the tenant's calendar up to the one holding `nowMs`, oldest first, and their span:
 * from the first one's Monday midnight to the end of the current one (which is still under way).
 */
export function recentZonedWeeks(nowMs: number, count: number, timeZone: string): { weeks: string[]; fromMs: number; toMs: number } {
  const current = zonedWeekIdOf(nowMs, timeZone);
  const weeks = Array.from({ length: count }, (_, i) => daysBefore(current, (count - 1 - i) * 7));
  return { weeks, fromMs: zonedWeekSpan(weeks[0] ?? current, timeZone).fromMs, toMs: zonedWeekSpan(current, timeZone).toMs };
}

/** The median of some numbers (the mean of the middle two for an even count); null for none. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export const meanOf = (values: readonly number[]): number | null =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
