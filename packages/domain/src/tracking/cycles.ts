import type { Visit } from './visits';

/**
 * An asset's cycle (a returnable cage, trailer or container): from leaving its start location until it is back
 * there. The start is one POI when the caller names it; otherwise any of the operator's own sites (Friendly POIs),
 * and then coming back to any of them closes the cycle, since returnables come home to whichever depot is nearest.
 */
export interface Cycle {
  startLocationId: string;
  /** When it left the start location (that visit's departure). */
  departureMs: number;
  /** When it was next at a start location (null: still out, a cycle in progress). */
  returnMs: number | null;
  returnLocationId: string | null;
  /** The other POIs it visited on the way, in order. */
  sitesVisited: string[];
}

/** Where an asset is in its cycle now (spec: "where each asset is in its cycle"). */
export const CYCLE_PHASES = ['at_start', 'outbound', 'at_site', 'returning', 'unknown'] as const;
export type CyclePhase = (typeof CYCLE_PHASES)[number];

export interface CycleState {
  phase: CyclePhase;
  /** Since when it has been in this phase (null for unknown). */
  sinceMs: number | null;
  /** The POI it is at (at_start, at_site), otherwise null. */
  locationId: string | null;
}

export interface DeviceCycles {
  cycles: Cycle[];
  state: CycleState;
}

/**
 * A device's cycles and where it is now, from its visits (oldest first). Visits before its first stay at a start
 * location belong to no cycle; its phase is then unknown.
 */
export function cyclesOf(visits: readonly Visit[], isStart: (locationId: string) => boolean): DeviceCycles {
  const cycles: Cycle[] = [];
  let open: Cycle | null = null;
  let atStart: Visit | null = null;
  for (const visit of visits) {
    if (isStart(visit.locationId)) {
      if (open) {
        open.returnMs = visit.arrivalMs;
        open.returnLocationId = visit.locationId;
        cycles.push(open);
      }
      open = null;
      atStart = visit;
      if (visit.departureMs !== null) {
        open = {
          startLocationId: visit.locationId,
          departureMs: visit.departureMs,
          returnMs: null,
          returnLocationId: null,
          sitesVisited: [],
        };
      }
    } else if (open) {
      open.sitesVisited.push(visit.locationId);
    }
  }
  if (open) cycles.push(open);
  return { cycles, state: stateOf(visits, open, atStart) };
}

function stateOf(visits: readonly Visit[], open: Cycle | null, lastStart: Visit | null): CycleState {
  const last = visits[visits.length - 1];
  if (!last || !lastStart) return { phase: 'unknown', sinceMs: null, locationId: null };
  if (!open) return { phase: 'at_start', sinceMs: lastStart.arrivalMs, locationId: lastStart.locationId };
  if (last === lastStart) return { phase: 'outbound', sinceMs: open.departureMs, locationId: null };
  if (last.departureMs === null) return { phase: 'at_site', sinceMs: last.arrivalMs, locationId: last.locationId };
  return { phase: 'returning', sinceMs: last.departureMs, locationId: null };
}

/**
 * A cycle's time: to its return; a cycle in progress counts to `nowMs` only when the caller includes cycles
 * mid-way (include_midcycle), otherwise it has none yet.
 */
export function cycleMsOf(cycle: Cycle, nowMs: number, includeMidcycle: boolean): number | null {
  if (cycle.returnMs !== null) return cycle.returnMs - cycle.departureMs;
  return includeMidcycle ? Math.max(0, nowMs - cycle.departureMs) : null;
}
