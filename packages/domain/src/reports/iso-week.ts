/**
 * The weeks a fleet report names: ISO 8601 weeks (`2026-W47`, Monday to Sunday, week 1 holding the year's first
 * Thursday) of the tenant's calendar. The tracking screens name the same weeks by their Monday's date
 * (`tracking/weeks.ts`); these convert between the two names, so a report's week is exactly a week of Journeys.
 */
import { daysBefore } from '../time-range';
import { zonedWeekIdOf } from '../tracking/weeks';

const DAY_MS = 86_400_000;
const ISO_WEEK = /^(\d{4})-W(\d{2})$/;

/** The Monday (its date, `YYYY-MM-DD`) of the first ISO week of a year: the week holding 4 January. */
function firstMondayOf(year: number): number {
  const fourthMs = Date.UTC(year, 0, 4);
  const weekday = (new Date(fourthMs).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return fourthMs - weekday * DAY_MS;
}

/** How many ISO weeks a year has: 53 when it starts or (in a leap year) ends on a Thursday, else 52. */
export function isoWeeksInYear(year: number): number {
  return (firstMondayOf(year + 1) - firstMondayOf(year)) / (7 * DAY_MS);
}

/** The Monday of an ISO week (`YYYY-Www`), as the tracking screens name the week; null when the text names none. */
export function mondayOfIsoWeek(text: string): string | null {
  const match = ISO_WEEK.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const week = Number(match[2]);
  if (year < 1900 || week < 1 || week > isoWeeksInYear(year)) return null;
  return new Date(firstMondayOf(year) + (week - 1) * 7 * DAY_MS).toISOString().slice(0, 10);
}

/** The ISO name (`YYYY-Www`) of a week named by its Monday's date: its year is the year of its Thursday. */
export function isoWeekOfMonday(monday: string): string {
  const thursday = daysBefore(monday, -3);
  const year = Number(thursday.slice(0, 4));
  const week = Math.round((Date.parse(`${monday}T00:00:00Z`) - firstMondayOf(year)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The last week of the tenant's calendar that has ended at `nowMs`, by its Monday: the reports' default week. */
export const lastCompleteWeek = (nowMs: number, timeZone: string): string => daysBefore(zonedWeekIdOf(nowMs, timeZone), 7);

/** The week before a week, both by their Mondays. */
export const weekBefore = (monday: string): string => daysBefore(monday, 7);

/** The Sunday that ends a week named by its Monday. */
export const sundayOf = (monday: string): string => daysBefore(monday, -6);

/** How many weeks from a week to the one holding `nowMs` (1 for the current week, 2 for the one before, …). */
export function weeksUpToNow(monday: string, nowMs: number, timeZone: string): number {
  const current = zonedWeekIdOf(nowMs, timeZone);
  return Math.round((Date.parse(`${current}T00:00:00Z`) - Date.parse(`${monday}T00:00:00Z`)) / (7 * DAY_MS)) + 1;
}
