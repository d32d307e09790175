/**
 * Tracker fleet figures from the devices themselves: where they are, whether they move, which have gone silent
 * and which run low. GET /api/device/stats answers them for the whole fleet; the Devices screen shows them for the
 * devices it lists (customer, search and filters applied), by the same rules.
 */
import { batteryStatus } from '../power/battery';
import { communicationState } from '../power/communication';
import { POSITION_CATEGORIES, type PositionCategory } from './enumerations';
import { MOVEMENTS, type Movement } from './movement';

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
  /** No communication in the last 24 hours (communicationState, spec §9), or never. */
  silent: number;
  /** Battery status Low (batteryStatus: under LOW_BATTERY_PERCENT). */
  lowBattery: number;
}

const zeroes = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/** Silent: no communication in the last 24 hours (communicationState, spec §9), or never. */
export function isSilentTracker(device: Pick<SummarisedTracker, 'last_message_at'>, nowMs: number): boolean {
  const lastMs = device.last_message_at === null ? null : Date.parse(device.last_message_at);
  return communicationState(lastMs, nowMs, 0) === 'no_communication_24h';
}

/** Low battery: battery status Low (batteryStatus: under LOW_BATTERY_PERCENT). */
export const isLowBatteryTracker = (device: Pick<SummarisedTracker, 'battery_pct'>): boolean => batteryStatus(device.battery_pct) === 'Low';

export function trackerFleetSummary(devices: readonly SummarisedTracker[], nowMs: number): TrackerFleetSummary {
  const byPosition = zeroes(POSITION_CATEGORIES);
  const byMovement = zeroes(MOVEMENTS);
  let silent = 0;
  let lowBattery = 0;
  for (const d of devices) {
    byPosition[d.position_category] += 1;
    if (d.movement) byMovement[d.movement] += 1;
    if (isSilentTracker(d, nowMs)) silent += 1;
    if (isLowBatteryTracker(d)) lowBattery += 1;
  }
  return { devices: devices.length, byPosition, byMovement, silent, lowBattery };
}
