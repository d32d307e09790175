import { journeysOf, visitsOf, windowStart, type Journey, type Visit } from '@gridlens/domain/tracking/visits';
import type { Queryable } from '../../db/database';
import type { DeviceWindow, FixRange, VisitsRepository } from './visits.repository';

/** A fix as position-store has just stored it (new, not a repeat), with the POI it was placed in. */
export interface FreshFix {
  device_id: string;
  time: string;
  /** `time` in ms since the epoch, parsed once by the store. */
  atMs: number;
  locationId: string | null;
}

/** Runs in the ingest transaction after positions are stored, with the batch's newly stored fixes. */
export type PlacedFixesHook = (tx: Queryable, tenantId: string, fresh: readonly FreshFix[]) => Promise<void>;

/**
 * Keeps visits and journeys current at ingest: per device, the window from the latest stored visit arriving before
 * its earliest fresh fix (domain `recomputeFromMs`) is derived again and replaces what was stored for it. Fixes in
 * order re-read nothing but themselves (the stored visit before them stands in for the fixes it covers, and fixes
 * outside every POI since it departed change nothing: domain `windowStart`); a late fix re-reads from the visit
 * before it; a repeat is not fresh and changes nothing. The result is the same
 * as deriving the whole history at once.
 */
export function createVisitDerivation(visits: VisitsRepository): PlacedFixesHook {
  return async (tx, tenantId, fresh) => {
    const earliest = new Map<string, number>();
    for (const fix of fresh) {
      const atMs = fix.atMs;
      const known = earliest.get(fix.device_id);
      if (known === undefined || atMs < known) earliest.set(fix.device_id, atMs);
    }
    if (earliest.size === 0) return;
    // The domain's recomputeFromMs, asked of the stored visits in one statement.
    const starts = await visits.visitsBefore(
      tx,
      tenantId,
      [...earliest].map(([deviceId, beforeMs]) => ({ deviceId, beforeMs })),
    );
    const windows: DeviceWindow[] = [];
    const ranges: FixRange[] = [];
    const seeds = new Map<string, Visit>();
    for (const [deviceId, earliestMs] of earliest) {
      const startVisit = starts.get(deviceId) ?? null;
      windows.push({ deviceId, fromMs: startVisit?.arrivalMs ?? null });
      const start = windowStart(startVisit, earliestMs);
      if (start.from) seeds.set(deviceId, start.from);
      if ('fixesAfterMs' in start) ranges.push({ deviceId, boundMs: start.fixesAfterMs, inclusive: false });
      else ranges.push({ deviceId, boundMs: start.fixesFromMs, inclusive: true });
    }
    const fixes = await visits.fixesIn(tx, tenantId, ranges);
    const derivedVisits: (Visit & { deviceId: string })[] = [];
    const derivedJourneys: (Journey & { deviceId: string })[] = [];
    for (const { deviceId } of windows) {
      const deviceVisits = visitsOf(fixes.get(deviceId) ?? [], seeds.get(deviceId) ?? null);
      for (const v of deviceVisits) derivedVisits.push({ ...v, deviceId });
      for (const j of journeysOf(deviceVisits)) derivedJourneys.push({ ...j, deviceId });
    }
    await visits.replace(tx, tenantId, windows, derivedVisits, derivedJourneys);
  };
}
