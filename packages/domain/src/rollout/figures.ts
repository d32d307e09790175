import type { DeviceStatus } from '../power/enumerations';
import type { PlanState, SiteState } from './plan';
import { SILENCE_AFTER_MS } from './status';

/**
 * The rollout dashboard's figures (issue 30), from counts the database aggregates: weeks are ISO weeks named by their
 * Monday (YYYY-MM-DD) in the tenant's calendar.
 */

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds of a YYYY-MM-DD day at 00:00 UTC, or null when it is no real day (2026-02-30). */
export function dayMs(day: string): number | null {
  const match = ISO_DATE.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, date);
  const back = new Date(ms);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === date ? ms : null;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The Monday of the ISO week of a YYYY-MM-DD day (any day names its week's Monday). */
export function mondayOf(day: string): string {
  const ms = dayMs(day);
  if (ms === null) throw new RangeError(`Not a day: ${day}`);
  const isoWeekday = ((new Date(ms).getUTCDay() + 6) % 7) + 1;
  return dayOf(ms - (isoWeekday - 1) * DAY_MS);
}

/** The Monday of ISO week `week` of ISO year `year` (week 1 holds the year's first Thursday); null past the year's weeks. */
export function mondayOfIsoWeek(year: number, week: number): string | null {
  if (week < 1 || week > 53) return null;
  const jan4 = Date.UTC(year, 0, 4);
  const firstMonday = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS;
  const monday = firstMonday + (week - 1) * 7 * DAY_MS;
  // Week 53 exists only in years whose 28 December falls in it.
  if (week === 53 && mondayOf(`${year}-12-28`) !== dayOf(monday)) return null;
  return dayOf(monday);
}

/** Every Monday from `first` to `last`, both included (Mondays, YYYY-MM-DD). */
export function weeksBetween(first: string, last: string): string[] {
  const from = dayMs(mondayOf(first));
  const to = dayMs(mondayOf(last));
  if (from === null || to === null) return [];
  const weeks: string[] = [];
  for (let ms = from; ms <= to; ms += 7 * DAY_MS) weeks.push(dayOf(ms));
  return weeks;
}

/** Per-week counts (Monday → count) as a cumulative series over `weeks`; counts before the first week open it. */
export function cumulative(weeks: readonly string[], counts: ReadonlyMap<string, number>): number[] {
  let total = 0;
  const first = weeks[0];
  if (first !== undefined) for (const [week, n] of counts) if (week < first) total += n;
  return weeks.map((week) => (total += counts.get(week) ?? 0));
}

/** Where a site stands, from its stored facts: a fitting makes it installed, else its last visit's abort. */
export function siteStateOf(site: { installed_at: unknown; aborted_at: unknown }): SiteState {
  if (site.installed_at !== null && site.installed_at !== undefined) return 'installed';
  return site.aborted_at !== null && site.aborted_at !== undefined ? 'aborted' : 'planned';
}

/** Of the sites attempted, the share installed at their first visit (0–1); null when none was attempted. */
export function firstTimeSuccessRate(firstTime: number, attempted: number): number | null {
  return attempted === 0 ? null : Math.round((firstTime / attempted) * 1000) / 1000;
}

/**
 * A planner group against its plan to date: on plan within half a week's target (at least one site) either way,
 * ahead or behind beyond it. A group without a target is on plan until it is a site behind or ahead.
 */
export function planStateOf(aheadBy: number, weeklyTarget: number): PlanState {
  const tolerance = Math.max(1, Math.ceil(weeklyTarget / 2));
  if (aheadBy > tolerance) return 'ahead';
  if (aheadBy < -tolerance) return 'behind';
  return 'on_plan';
}

/**
 * The installed-but-silent queue: an Inactive device (heard, then silent for SILENCE_AFTER_MS), or an Installed one
 * never heard SILENCE_AFTER_MS after its fitting. Its silence runs from its last message, or from its fitting when it
 * never sent one; null when the device is not silent.
 */
export function silentSinceMs(
  device: { status: DeviceStatus; installedAtMs: number | null; lastMessageMs: number | null },
  nowMs: number,
): number | null {
  if (device.status === 'Inactive') return device.lastMessageMs ?? device.installedAtMs;
  if (device.status !== 'Installed' || device.lastMessageMs !== null || device.installedAtMs === null) return null;
  return nowMs - device.installedAtMs >= SILENCE_AFTER_MS ? device.installedAtMs : null;
}
