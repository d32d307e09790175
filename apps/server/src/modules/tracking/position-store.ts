import type { PositionMessage } from '@gridlens/contract/ingest';
import type { TrackingObservation } from '@gridlens/domain/alerts/tracking-alert-rules';
import { DEVICE_CLOCK_AHEAD_MAX_MINUTES_LIMIT } from '@gridlens/domain/device-clock';
import { nextStillness, type PointOfInterest, type Stillness } from '@gridlens/domain/tracking/positions';
import type { Queryable } from '../../db/database';
import { isoTimestamp } from '../../http/iso-timestamp';
import { NONE_STORED, type StoredMessages } from '../../db/stored-messages';
import type { LatestUpdate, TrackerStateRow, TrackingRepository } from './tracking.repository';
import type { PositionsHook, TrackedSteps, TrackingStep } from './tracking.public';
import { createPlacementCache } from './placement-cache';
import type { PlacedFixesHook } from './visit-derivation';
import { upsertTrackerStatus } from './tracker-status.repository';

const HOUR_MS = 3_600_000;
const ms = (value: Date | string) => new Date(value).getTime();

type PoiById = ReadonlyMap<string, PointOfInterest>;

/** Further ahead than any device clock may be: a latest state dated beyond now + this is no state at all. */
const IMPOSSIBLY_AHEAD_MS = DEVICE_CLOCK_AHEAD_MAX_MINUTES_LIMIT * 60_000;

/**
 * A device's state before this batch, as alerts judge it, and how long it has stood still. A state dated
 * impossibly far ahead (stored before the device clock window was enforced) is ignored, so that it does not
 * hold back every current position (the upsert replaces it likewise).
 */
function stateBefore(row: TrackerStateRow | undefined, pois: PoiById, nowMs: number) {
  if (!row || row.last_message_at === null || row.still_since === null || row.latitude === null || row.longitude === null) return null;
  if (ms(row.last_message_at) > nowMs + IMPOSSIBLY_AHEAD_MS) return null;
  const location = row.location_id === null ? null : pois.get(row.location_id);
  const stillness: Stillness = {
    sinceMs: ms(row.still_since),
    locationId: row.location_id,
    anchor: { latitude: row.still_latitude ?? row.latitude, longitude: row.still_longitude ?? row.longitude },
  };
  const atMs = ms(row.last_message_at);
  const observation: TrackingObservation = {
    location: location ? { id: location.id, type: location.type } : null,
    batteryPct: row.battery_pct,
    silentHours: 0,
    stillHours: (atMs - stillness.sinceMs) / HOUR_MS,
  };
  return { atMs, observation, stillness };
}

/**
 * Stores tracking positions for the ingest path: each is placed in the tenant's POIs, stored once per
 * (device, seq), judged by the hook, and the device's latest state moves on. A position older than the device's
 * newest (late or out of order) is stored for its journeys but changes neither the latest state nor alerts.
 */
export function createPositionStore(repository: TrackingRepository, afterPositions?: PositionsHook, afterPlaced?: PlacedFixesHook) {
  const placements = createPlacementCache(); // the tenant's POIs indexed, rebuilt when they change
  return async (tx: Queryable, tenantId: string, positions: readonly PositionMessage[]): Promise<StoredMessages> => {
    if (positions.length === 0) return NONE_STORED;
    const placement = await placements(tx, tenantId);
    const poiById: PoiById = placement.byId;
    const located = positions.map((p) => ({ ...p, battery_pct: p.battery_pct ?? null, locationId: placement.placeOf(p)?.id ?? null }));
    const stored = await repository.insertPositions(tx, tenantId, located);
    const fresh = located.filter((p) => stored.has(p.device_id, p.seq));
    if (fresh.length === 0) return stored;
    // Visits and journeys take every fresh fix, late ones included (alerts below take only the newer ones).
    if (afterPlaced) await afterPlaced(tx, tenantId, fresh);
    await upsertTrackerStatus(tx, tenantId, fresh); // the newest message of either kind (devices' last message)

    const perDevice = new Map<string, typeof fresh>();
    for (const p of fresh) {
      const list = perDevice.get(p.device_id);
      if (list) list.push(p);
      else perDevice.set(p.device_id, [p]);
    }
    const states = new Map((await repository.states(tenantId, [...perDevice.keys()], tx)).map((row) => [row.device_id, row]));

    const devices: TrackedSteps[] = [];
    const latest: LatestUpdate[] = [];
    for (const [deviceId, list] of perDevice) {
      const before = stateBefore(states.get(deviceId), poiById, Date.now());
      list.sort((a, b) => ms(a.time) - ms(b.time) || a.seq - b.seq);
      let previous = before?.observation ?? null;
      let stillness = before?.stillness ?? null;
      let battery = before?.observation.batteryPct ?? null;
      const steps: TrackingStep[] = [];
      let newest: (typeof list)[number] | null = null;
      for (const p of list) {
        const atMs = ms(p.time);
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
    return stored;
  };
}

export type PositionStore = ReturnType<typeof createPositionStore>;
