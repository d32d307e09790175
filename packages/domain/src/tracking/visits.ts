/**
 * Visits and journeys of a tracked device, derived from its placed fixes (each fix carries the POI it fell in
 * at ingest, or null outside every POI). The rules are pure and depend only on the set of fixes, never on the
 * order they arrived in, so that late and repeated messages give the same visits and journeys as ordered ones
 * (docs/decisions.md, "Tracking mode: visits, journeys and cycles").
 */

/** A stored position of a device: when it was measured, its message sequence number, and its POI (or null). */
export interface PlacedFix {
  seq: number;
  atMs: number;
  locationId: string | null;
}

/**
 * A stay of a device in one POI: from the first fix in it to the first fix outside it or in another POI
 * (`departureMs`, null while no such fix exists yet: it is still there as far as anyone knows).
 */
export interface Visit {
  locationId: string;
  arrivalMs: number;
  departureMs: number | null;
  /** The last fix inside: an ongoing visit's dwell so far runs to here. */
  lastSeenMs: number;
  fixCount: number;
}

/** A trip between two different POIs: from leaving the origin (its visit's departure) to arriving at the destination. */
export interface Journey {
  originId: string;
  destinationId: string;
  departureMs: number;
  arrivalMs: number;
  durationMs: number;
}

/**
 * The fixes in their one canonical order: by time; of fixes measured at the same instant the one with the
 * greater sequence number counts (a device is in one place at a time, and its later message is the better
 * word); a repeated message (the same seq) counts once.
 */
export function canonicalFixes(fixes: readonly PlacedFix[]): PlacedFix[] {
  const byTime = new Map<number, PlacedFix>();
  for (const fix of fixes) {
    const kept = byTime.get(fix.atMs);
    if (!kept || fix.seq > kept.seq) byTime.set(fix.atMs, fix);
  }
  return [...byTime.values()].sort((a, b) => a.atMs - b.atMs);
}

/**
 * The visits the fixes show, oldest first. A visit is a run of consecutive fixes in the same POI:
 * - it ends at the first fix outside the POI or in another one; a silence, however long, does not end it (a
 *   tracker at rest reports seldom, and without a fix elsewhere nothing says it left);
 * - one fix in a POI is a visit too: a returnable asset's tracker reports every 15 to 60 minutes, so a short
 *   stop may show a single fix, and no rule could tell it from a drive-by without dropping real stops.
 */
export function visitsOf(fixes: readonly PlacedFix[], from: Visit | null = null): Visit[] {
  // `from`: a visit already known to begin the history. Under way (no departure), its fixes up to its last one are
  // not given again; departed, neither are they up to its departure, and a fix in its POI begins a new visit.
  const seed: Visit | null = from && { ...from };
  let open: Visit | null = seed && seed.departureMs === null ? seed : null;
  const visits: Visit[] = seed ? [seed] : [];
  for (const fix of canonicalFixes(fixes)) {
    if (open && fix.locationId === open.locationId) {
      open.lastSeenMs = fix.atMs;
      open.fixCount += 1;
      continue;
    }
    if (open) open.departureMs = fix.atMs;
    open =
      fix.locationId === null
        ? null
        : { locationId: fix.locationId, arrivalMs: fix.atMs, departureMs: null, lastSeenMs: fix.atMs, fixCount: 1 };
    if (open) visits.push(open);
  }
  return visits;
}

/**
 * The journeys between consecutive visits, oldest first: origin → destination from the origin visit's departure
 * to the destination visit's arrival. Leaving a POI and coming back to it is no journey between two places (a
 * round trip shows in the cycles), so such pairs are left out. Its duration is what the fixes show: a trip with
 * no fix on the road lasts from the first fix at the destination to that same fix, 0.
 */
export function journeysOf(visits: readonly Visit[]): Journey[] {
  const journeys: Journey[] = [];
  for (let i = 1; i < visits.length; i += 1) {
    const origin = visits[i - 1] as Visit;
    const destination = visits[i] as Visit;
    if (origin.departureMs === null || origin.locationId === destination.locationId) continue;
    journeys.push({
      originId: origin.locationId,
      destinationId: destination.locationId,
      departureMs: origin.departureMs,
      arrivalMs: destination.arrivalMs,
      durationMs: destination.arrivalMs - origin.departureMs,
    });
  }
  return journeys;
}

/** A visit's dwell: to its departure, or for an ongoing one to its last fix so far. */
export const dwellMsOf = (visit: Visit): number => (visit.departureMs ?? visit.lastSeenMs) - visit.arrivalMs;

/**
 * Incremental derivation: after fixes from `earliestFreshMs` on arrive, the visits that begin before the last
 * stored visit arriving strictly earlier stay as they are, and so do the journeys arriving at or before it.
 * Everything from that visit's arrival on is derived again from the fixes measured from then on. The fix that
 * opened that visit is older than every fresh fix, so it still opens a visit there, and the fixes before it
 * still end the visit before at the same moment. Null: no visit arrives before, derive the device's whole history.
 */
export function recomputeFromMs(storedArrivalsMs: readonly number[], earliestFreshMs: number): number | null {
  let from: number | null = null;
  for (const arrivalMs of storedArrivalsMs) if (arrivalMs < earliestFreshMs && (from === null || arrivalMs > from)) from = arrivalMs;
  return from;
}

/** Where a window's fixes begin, and the visit (if any) that stands in for the stored fixes before them. */
export type WindowStart = { fixesAfterMs: number; from: Visit } | { fixesFromMs: number; from: Visit | null };

/**
 * Where the fixes to derive again begin, given the stored visit the window starts with (the latest arriving before
 * the earliest fresh fix, null when none does):
 * - none: from the earliest fresh fix. Every stored fix before it is outside all POIs (a fix in one would have
 *   begun a visit there), and such a fix changes nothing while no visit is open, so a device that has been
 *   outside every POI for months is not re-read;
 * - a fresh fix at or before its last fix: from its arrival, derived again whole;
 * - departed before the earliest fresh fix: from that fix, the departed visit standing in for what came before
 *   (the fixes between its departure and the fresh ones are outside all POIs, for the same reason);
 * - otherwise: after its last fix, the visit (under way again) standing in for its fixes, so that a device that has
 *   sat at one site for weeks is not re-read either.
 */
export function windowStart(startVisit: Visit | null, earliestFreshMs: number): WindowStart {
  if (startVisit === null) return { fixesFromMs: earliestFreshMs, from: null };
  if (earliestFreshMs <= startVisit.lastSeenMs) return { fixesFromMs: startVisit.arrivalMs, from: null };
  if (startVisit.departureMs !== null && startVisit.departureMs < earliestFreshMs)
    return { fixesFromMs: earliestFreshMs, from: startVisit };
  return { fixesAfterMs: startVisit.lastSeenMs, from: { ...startVisit, departureMs: null } };
}
