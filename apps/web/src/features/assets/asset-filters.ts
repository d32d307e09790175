import type { SegmentTone } from '@/lib/ui/summary-donut';
import type { AssetListColumns, AssetListItem } from '@gridlens/contract/assets';
import { BATTERY_STATUSES } from '@gridlens/domain/power/battery';
import { COMMUNICATION_STATES } from '@gridlens/domain/power/communication';
import { DEVICE_STATUS_CATEGORIES } from '@gridlens/domain/power/device-status';
import { CAPACITY_STATES, IMBALANCE_STATES } from '@gridlens/domain/power/electrical';
import { POWER_CHANGE_STATES } from '@gridlens/domain/power/power-change';

/**
 * The assets screen works on the columnar list as it arrives (`columns[field][i]`): with 10,000 devices,
 * turning it into row objects would cost more than the whole table's rendering. Filters and sorting produce
 * a list of row indexes; nothing else is copied.
 */
export type AssetColumns = AssetListColumns;
export type AssetField = keyof AssetListItem;

/** A way of picking devices: a chart segment or one of the screen's warnings. */
export interface AssetFilter {
  /** Stable id, e.g. `capacity_state:overutilised` or `warning:no_communication`. */
  id: string;
  test: (columns: AssetColumns, index: number) => boolean;
}

/** The summary charts of the assets screen: each counts the devices by one field's values (null = no data). */
export interface SummaryChart {
  id: string;
  field: AssetField;
  values: readonly (string | null)[];
}

export const SUMMARY_CHARTS: readonly SummaryChart[] = [
  { id: 'capacity', field: 'capacity_state', values: [...CAPACITY_STATES, null] },
  { id: 'imbalance', field: 'imbalance_state', values: [...IMBALANCE_STATES, null] },
  { id: 'powerChange', field: 'power_change_state', values: [...POWER_CHANGE_STATES, null] },
  { id: 'battery', field: 'battery_status', values: BATTERY_STATUSES },
  { id: 'communication', field: 'communication_state', values: COMMUNICATION_STATES },
  { id: 'deviceStatus', field: 'status_category', values: DEVICE_STATUS_CATEGORIES },
];

/** The id of the filter a chart segment applies: what the page compares to tell the selected segment. */
export const segmentId = (field: AssetField, value: string | null) => `${field}:${value ?? 'none'}`;

export function segmentFilter(field: AssetField, value: string | null): AssetFilter {
  return { id: segmentId(field, value), test: (columns, i) => (columns[field][i] ?? null) === value };
}

/** How many of the given rows (the devices the table narrows to) fall in each value of a chart, in the chart's order. */
export function countByValue(columns: AssetColumns, rows: readonly number[], chart: SummaryChart): number[] {
  const position = new Map(chart.values.map((value, k) => [value, k]));
  const counts = chart.values.map(() => 0);
  const values = columns[chart.field] as unknown[];
  for (const i of rows) {
    const k = position.get((values[i] ?? null) as string | null);
    if (k !== undefined) counts[k] = (counts[k] ?? 0) + 1;
  }
  return counts;
}

/** The warnings of spec §8, each with the devices it is about. */
export const WARNINGS = [
  { id: 'temperature_error', test: (c: AssetColumns, i: number) => c.HasTemperatureSenseError[i] === true },
  {
    id: 'temperature_alert',
    test: (c: AssetColumns, i: number) => c.HasTemperatureOverLimit[i] === true || c.HasTemperatureOutsideRange[i] === true,
  },
  { id: 'missed_messages', test: (c: AssetColumns, i: number) => c.communication_state[i] === 'missed_messages' },
  { id: 'no_communication', test: (c: AssetColumns, i: number) => c.communication_state[i] === 'no_communication_24h' },
] as const;
export type WarningId = (typeof WARNINGS)[number]['id'];

export function warningFilter(id: WarningId): AssetFilter {
  const warning = WARNINGS.find((w) => w.id === id) as (typeof WARNINGS)[number];
  return { id: `warning:${id}`, test: warning.test };
}

/** How many of the given rows pass a test. */
export function countMatching(columns: AssetColumns, rows: readonly number[], test: AssetFilter['test']): number {
  let matching = 0;
  for (const i of rows) if (test(columns, i)) matching += 1;
  return matching;
}

export type { SegmentTone };

/** The colour family of each chart value: green for fine, amber for watch, red for act, grey for no data. */
const TONES: Record<string, SegmentTone> = {
  normal: 'success',
  communicated: 'success',
  no_issue: 'success',
  High: 'success',
  underperforming: 'warning',
  missed_messages: 'warning',
  phase_imbalance: 'warning',
  communication_problem: 'warning',
  Low: 'warning',
  low_battery: 'info',
  overutilised: 'error',
  imbalance: 'error',
  abnormal: 'error',
  no_communication_24h: 'error',
  temperature_alert: 'error',
  current_overlimit: 'error',
  no_power: 'error',
};
export const toneOf = (value: string | null): SegmentTone => (value === null ? 'neutral' : (TONES[value] ?? 'neutral'));
