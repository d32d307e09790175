import type { AssetListColumns } from '@gridlens/contract/assets';
import type { PowerReport } from '@gridlens/contract/power-readings';
import { BATTERY_STATUSES } from '@gridlens/domain/power/battery';
import { COMMUNICATION_STATES } from '@gridlens/domain/power/communication';
import { DEVICE_STATUS_CATEGORIES, type DeviceStatusCategory } from '@gridlens/domain/power/device-status';
import { deviceMatchesSearch } from '@/lib/device-issue-search';
import { CAPACITY_STATES } from '@gridlens/domain/power/electrical';

/** One row of the fleet status table: a group (a column of the assets list), one of its values, how many devices. */
export interface FleetStatusRow {
  group: 'status_category' | 'communication_state' | 'capacity_state' | 'battery_status';
  value: string | null;
  devices: number;
  sharePercent: number | null;
}

/** The counts the fleet status table shows: the report's whole fleet, or the devices a search found. */
export type FleetCounts = Pick<PowerReport['fleet'], 'device_count' | 'status' | 'communication' | 'capacity' | 'battery'>;

/** The fleet status table of a report: device status first, then communication, capacity and battery, each value in the spec's order. */
export function fleetStatusRows({ fleet }: { fleet: FleetCounts }): FleetStatusRow[] {
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

/**
 * The fleet counts of some of the report's devices (those the header search found), counted from the devices
 * table itself, as the server counts the whole fleet: an empty capacity state is "no data".
 */
export function fleetCountsOf(columns: AssetListColumns, rows: readonly number[]): FleetCounts {
  const tally = <K extends string>(keys: readonly K[], valueOf: (i: number) => string | null | undefined) => {
    const counts = Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
    for (const i of rows) {
      const key = (valueOf(i) ?? 'no_data') as K;
      if (key in counts) counts[key] += 1;
    }
    return counts;
  };
  return {
    device_count: rows.length,
    status: tally(DEVICE_STATUS_CATEGORIES, (i) => columns.status_category[i]),
    communication: tally(COMMUNICATION_STATES, (i) => columns.communication_state[i]),
    capacity: tally([...CAPACITY_STATES, 'no_data'] as const, (i) => columns.capacity_state[i]),
    battery: tally(BATTERY_STATUSES, (i) => columns.battery_status[i]),
  };
}

/**
 * The report's devices the header search finds (a `searchKey`), as every power-data screen finds them: by id, name,
 * the status its status column shows ("No issue" included) or any of the device's issues. All of them without a search.
 */
export function reportSearch(
  columns: AssetListColumns,
  count: number,
  search: string,
  statusName: (status: DeviceStatusCategory) => string,
): number[] {
  const all = Array.from({ length: count }, (_unused, i) => i);
  return search ? all.filter((i) => deviceMatchesSearch(columns, i, search, statusName)) : all;
}
