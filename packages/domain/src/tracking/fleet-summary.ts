/**
 * Tracker fleet figures from the devices themselves: where they are, whether they move, which have gone silent
 * and which run low. GET /api/device/stats answers them for the whole fleet; the Devices screen shows them for the
 * devices it lists (customer, search and filters applied), by the same rules.
 */
import { POSITION_CATEGORIES, type PositionCategory } from './enumerations';
import { MOVEMENTS, type Movement } from './movement';

/** Spec §9 "No communication means none in the last 24 hours": a longer silence makes a tracker silent. */
export const TRACKER_SILENCE_HOURS = 24;
/** A tracker whose battery is under this share is low (product decision, docs/decisions.md "Tracking alerts"). */
export const TRACKER_LOW_BATTERY_PCT = 20;

const HOUR_MS = 3_600_000;

export interface SummarisedTracker {
  position_category: PositionCategory;
  movement: Movement | null;
  /** ISO 8601, or null when it never reported. */
  last_message_at: string | null;
  battery_pct: number | null;
}

export interface TrackerFleetSummary {
  devices: number;
  byPosition: Record<PositionCategory, number>;
  byMovement: Record<Movement, number>;
  /** No message for more than TRACKER_SILENCE_HOURS, or never. */
  silent: number;
  /** Battery under TRACKER_LOW_BATTERY_PCT. */
  lowBattery: number;
}

const zeroes = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

export function trackerFleetSummary(devices: readonly SummarisedTracker[], nowMs: number): TrackerFleetSummary {
  const byPosition = zeroes(POSITION_CATEGORIES);
  const byMovement = zeroes(MOVEMENTS);
  let silent = 0;
  let lowBattery = 0;
  for (const d of devices) {
    byPosition[d.position_category] += 1;
    if (d.movement) byMovement[d.movement] += 1;
    const lastMs = d.last_message_at === null ? Number.NaN : Date.parse(d.last_message_at);
    if (Number.isNaN(lastMs) || nowMs - lastMs > TRACKER_SILENCE_HOURS * HOUR_MS) silent += 1;
    if (d.battery_pct !== null && d.battery_pct < TRACKER_LOW_BATTERY_PCT) lowBattery += 1;
  }
  return { devices: devices.length, byPosition, byMovement, silent, lowBattery };
}
