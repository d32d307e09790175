/**
 * The key figures of the weekly fleet report and the KPI report, each defined once here so that the page's
 * definition, the server's figure and the exported table agree. No clock inside: moments are parameters.
 */

const HOUR_MS = 3_600_000;

/** Fleet utilisation (%): the share of the fleet's trackers that made at least one journey between POIs in the week. */
export function fleetUtilisationPct(travelledDevices: number, fleetDevices: number): number | null {
  if (fleetDevices <= 0) return null;
  return (100 * Math.min(travelledDevices, fleetDevices)) / fleetDevices;
}

/** A figure against the week before: the difference, and the relative change (%) when the week before had one. */
export interface WeekChange {
  current: number | null;
  previous: number | null;
  delta: number | null;
  /** null when there is nothing to compare (a figure missing) or the week before was 0. */
  pct: number | null;
}

export function weekOverWeekChange(current: number | null, previous: number | null): WeekChange {
  if (current === null || previous === null) return { current, previous, delta: null, pct: null };
  const delta = current - previous;
  return { current, previous, delta, pct: previous === 0 ? null : (100 * delta) / Math.abs(previous) };
}

/** A stay of a tracker at a POI: from its arrival to its departure (null while it is still there). */
export interface Stay {
  arrivedMs: number;
  departedMs: number | null;
}

/**
 * Held beyond the static period at a moment: the tracker is at the POI then (arrived before it, not yet departed)
 * and has been for longer than the tenant's period (spec §4 Static: "same POI beyond a period").
 */
export function isHeldAt(stay: Stay, atMs: number, staticAfterHours: number): boolean {
  if (stay.arrivedMs > atMs) return false;
  if (stay.departedMs !== null && stay.departedMs <= atMs) return false;
  return atMs - stay.arrivedMs > staticAfterHours * HOUR_MS;
}

/** How many trackers were held beyond the static period at a moment, each counted once whatever its stays. */
export function heldCountAt(stays: readonly (Stay & { deviceId: string })[], atMs: number, staticAfterHours: number): number {
  return new Set(stays.filter((s) => isHeldAt(s, atMs, staticAfterHours)).map((s) => s.deviceId)).size;
}

/**
 * A week's fleet: the trackers in the fleet by its end (registered, or heard from: a tracker registered after its
 * first messages, as an imported fleet or the demo has, counts from its first message), and never fewer than
 * reported in the week.
 */
export const weekFleet = (knownByEnd: number, reportingInWeek: number): number => Math.max(knownByEnd, reportingInWeek);

/** Silent over 7 days in a week: the tracker is in the fleet and sent no message in the whole week (7 days). */
export const silentOverWeek = (fleetDevices: number, reportingDevices: number): number => Math.max(0, fleetDevices - reportingDevices);
