import { BATTERY_STATUSES } from '@gridlens/domain/power/battery';
import { COMMUNICATION_STATES } from '@gridlens/domain/power/communication';
import { DEVICE_STATUS_CATEGORIES } from '@gridlens/domain/power/device-status';
import { CAPACITY_STATES } from '@gridlens/domain/power/electrical';
import type { AssetListItem } from './assets';
import type { PowerReport } from './power-readings';
import { reportTable as table } from './report-tables';

/*
 * The daily power report as flat tables for spreadsheets, as the power report screen shows it: the fleet status
 * (each group's values in the spec's order, with how many devices and their share) and one row per device with
 * the devices table's figures. Keys and codes stay as the API names them; a delivery words them in a language.
 */

/** The devices table's columns, in the screen's order; temperatures in °C, as the API gives them. */
export const POWER_REPORT_DEVICE_COLUMNS = [
  'device_id',
  'transformer_name',
  'status_category',
  'capacity_percent',
  'utilisation_percent',
  'imbalance_percent',
  'Current0Max',
  'Current1Max',
  'Current2Max',
  'temperature_max_c',
  'battery_pct',
  'message_count',
  'missed_messages',
] as const satisfies readonly (keyof AssetListItem)[];

/** A capacity state the period gave none (no reading, or no power): the fleet counts name it so. */
const NO_DATA = 'no_data';

export function powerReportTables(report: PowerReport) {
  const { fleet, devices } = report;
  const share = (count: number) => (fleet.device_count === 0 ? null : (100 * count) / fleet.device_count);
  // The fleet status groups: columns of the assets list, each with its values and the fleet's count of each.
  const groups: [string, readonly string[], Readonly<Record<string, number>>][] = [
    ['status_category', DEVICE_STATUS_CATEGORIES, fleet.status],
    ['communication_state', COMMUNICATION_STATES, fleet.communication],
    ['capacity_state', [...CAPACITY_STATES, NO_DATA], fleet.capacity],
    ['battery_status', BATTERY_STATUSES, fleet.battery],
  ];
  return [
    table(
      'summary',
      ['day', 'time_zone', 'generated_at', 'devices'],
      [[report.day, report.window.time_zone, report.generated_at, fleet.device_count]],
    ),
    table(
      'fleet_status',
      ['group', 'state', 'devices', 'share'],
      groups.flatMap(([group, values, byValue]) =>
        values.map((value) => {
          const count = byValue[value] ?? 0;
          return [group, value, count, share(count)];
        }),
      ),
    ),
    table(
      'devices',
      POWER_REPORT_DEVICE_COLUMNS,
      Array.from({ length: devices.count }, (_unused, i) => POWER_REPORT_DEVICE_COLUMNS.map((field) => devices.columns[field][i] ?? null)),
    ),
  ];
}

export type PowerReportTable = ReturnType<typeof powerReportTables>[number];
