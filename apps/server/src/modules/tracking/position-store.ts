import type { PositionMessage } from '@gridlens/contract/ingest';
import type { TrackingObservation } from '@gridlens/domain/alerts/tracking-alert-rules';
import { DEVICE_CLOCK_AHEAD_MAX_MINUTES_LIMIT } from '@gridlens/domain/device-clock';
import { nextStillness, type PointOfInterest, type Stillness } from '@gridlens/domain/tracking/positions';
import type { Queryable } from '../../db/database';
import { isoTimestamp } from '../../http/iso-timestamp';
import { ALL_STORED, NONE_STORED, type StoredMessages } from '../../db/stored-messages';
import type { IngestStateRow, LatestUpdate, LocatedPosition, TrackingRepository } from './tracking.repository';
import type { PositionsHook, TrackedSteps, TrackingStep } from './tracking.public';
import { createPlacementCache } from './placement-cache';
import type { PlacedFixesHook } from './visit-derivation';
import type { StatusMessage } from './tracker-status.repository';

const HOUR_MS = 3_600_000;

type PoiById = ReadonlyMap<string, PointOfInterest>;

/** Further ahead than any device clock may be: a latest state dated beyond now + this is no state at all. */
const IMPOSSIBLY_AHEAD_MS = DEVICE_CLOCK_AHEAD_MAX_MINUTES_LIMIT * 60_000;

/** A position as the store handles it: placed, with its time parsed once. */
type PlacedPosition = LocatedPosition & { atMs: number };

/**
 * A device's state before this batch, as alerts judge it, and how long it has stood still. A state dated
 * impossibly far ahead (stored before the device clock window was enforced) is ignored, so that it does not
 * hold back every current position (the upsert replaces it likewise).
 */
function stateBefore(row: IngestStateRow | undefined, pois: PoiById, nowMs: number) {
  if (!row || row.last_ms === null || row.still_since_ms === null || row.latitude === null || row.longitude === null) return null;
  if (row.last_ms > nowMs + IMPOSSIBLY_AHEAD_MS) return null;
  const location = row.location_id === null ? null : pois.get(row.location_id);
  const stillness: Stillness = {
    sinceMs: row.still_since_ms,
    locationId: row.location_id,
    anchor: { latitude: row.still_latitude ?? row.latitude, longitude: row.still_longitude ?? row.longitude },
  };
  const atMs = row.last_ms;
  const observation: TrackingObservation = {
    location: location ? { id: location.id, type: location.type } : null,
    batteryPct: row.battery_pct,
    silentHours: 0,
    stillHours: (atMs - stillness.sinceMs) / HOUR_MS,
  };
  return { atMs, observation, stillness };
}

export function createPositionStore(repository: TrackingRepository, afterPositions?: PositionsHook, afterPlaced?: PlacedFixesHook) {
  const placements = createPlacementCache(); // the tenant's POIs indexed, rebuilt when they change
  return async (
    tx: Queryable,
    tenantId: string,
    positions: readonly PositionMessage[],
  ): Promise<{ stored: StoredMessages; fresh: readonly StatusMessage[] }> => {
    if (positions.length === 0) return { stored: NONE_STORED, fresh: [] };
    const placement = await placements(tx, tenantId);
    const poiById: PoiById = placement.byId;
    const located: PlacedPosition[] = positions.map((p) => ({
      device_id: p.device_id,
      seq: p.seq,
      time: p.time,
      atMs: Date.parse(p.time),
      latitude: p.latitude,
      longitude: p.longitude,
      message_type: p.message_type,
      battery_pct: p.battery_pct ?? null,
      accuracy_m: p.accuracy_m,
      temperature_c: p.temperature_c,
      locationId: placement.placeOf(p)?.id ?? null,
    }));
    const stored = await repository.insertPositions(tx, tenantId, located);
    const fresh = stored === ALL_STORED ? located : located.filter((p) => stored.has(p.device_id, p.seq));
    if (fresh.length === 0) return { stored, fresh };
    // Visits and journeys take every fresh fix, late ones included (alerts below take only the newer ones).
    if (afterPlaced) await afterPlaced(tx, tenantId, fresh);

    const perDevice = new Map<string, typeof fresh>();
    for (const p of fresh) {
      const list = perDevice.get(p.device_id);
      if (list) list.push(p);
      else perDevice.set(p.device_id, [p]);
    }
    const states = new Map((await repository.ingestStates(tx, tenantId, [...perDevice.keys()])).map((row) => [row.device_id, row]));
    const nowMs = Date.now();

    const devices: TrackedSteps[] = [];
    const latest: LatestUpdate[] = [];
    for (const [deviceId, list] of perDevice) {
      const before = stateBefore(states.get(deviceId), poiById, nowMs);
      if (list.length > 1) list.sort((a, b) => a.atMs - b.atMs || a.seq - b.seq);
      let previous = before?.observation ?? null;
      let stillness = before?.stillness ?? null;
      let battery = before?.observation.batteryPct ?? null;
      const steps: TrackingStep[] = [];
      let newest: (typeof list)[number] | null = null;
      for (const p of list) {
        const atMs = p.atMs;
        if (before && atMs <= before.atMs) continue;
        stillness = nextStillness(stillness, p, p.locationId, atMs);
        battery = p.battery_pct ?? battery;
        const poi = p.locationId === null ? undefined : poiById.get(p.locationId);
        const observation: TrackingObservation = {
          location: poi ? { id: poi.id, type: poi.type } : null,
          batteryPct: battery,
          silentHours: 0,
          stillHours: (atMs - stillness.sinceMs) / HOUR_MS,
        };
        steps.push({ atMs, observation, previous });
        previous = observation;
        newest = p;
      }
      if (newest === null || stillness === null) continue;
      devices.push({ deviceId, deviceType: states.get(deviceId)?.device_type ?? null, steps });
      latest.push({
        deviceId,
        seq: newest.seq,
        time: newest.time,
        latitude: newest.latitude,
        longitude: newest.longitude,
        messageType: newest.message_type,
        batteryPct: battery,
        locationId: newest.locationId,
        stillSince: isoTimestamp(stillness.sinceMs),
        stillLatitude: stillness.anchor.latitude,
        stillLongitude: stillness.anchor.longitude,
      });
    }
    if (afterPositions && devices.length > 0) await afterPositions(tx, tenantId, devices);
    await repository.upsertLatest(tx, tenantId, latest);
    return { stored, fresh };
  };
}

export type PositionStore = ReturnType<typeof createPositionStore>;
