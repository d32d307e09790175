import type { PowerReport } from '@gridlens/contract/power-readings';
import { BATTERY_STATUSES } from '@gridlens/domain/power/battery';
import { COMMUNICATION_STATES } from '@gridlens/domain/power/communication';
import { DEVICE_STATUS_CATEGORIES } from '@gridlens/domain/power/device-status';
import { CAPACITY_STATES } from '@gridlens/domain/power/electrical';

/** One row of the fleet status table: a group (a column of the assets list), one of its values, how many devices. */
export interface FleetStatusRow {
  group: 'status_category' | 'communication_state' | 'capacity_state' | 'battery_status';
  value: string | null;
  devices: number;
  sharePercent: number | null;
}

/** The fleet status table of a report: device status first, then communication, capacity and battery, each value in the spec's order. */
export function fleetStatusRows({ fleet }: PowerReport): FleetStatusRow[] {
  const share = (devices: number) => (fleet.device_count === 0 ? null : (devices / fleet.device_count) * 100);
  const rows = (group: FleetStatusRow['group'], values: readonly (string | null)[], counts: Record<string, number>) =>
    values.map((value) => {
      const devices = counts[value ?? 'no_data'] ?? 0;
      return { group, value, devices, sharePercent: share(devices) };
    });
  return [
    ...rows('status_category', DEVICE_STATUS_CATEGORIES, fleet.status),
    ...rows('communication_state', COMMUNICATION_STATES, fleet.communication),
    ...rows('capacity_state', [...CAPACITY_STATES, null], fleet.capacity),
    ...rows('battery_status', BATTERY_STATUSES, fleet.battery),
  ];
}
