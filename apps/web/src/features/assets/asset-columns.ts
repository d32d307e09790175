import { formatDateTime, formatDay } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { temperatureInMetric, type TemperatureMetric } from '@gridlens/domain/temperature';
import type { AssetColumns, AssetField } from './asset-filters';

/** How a column's values are read, shown, filtered and sorted. */
export type ColumnKind = 'text' | 'enum' | 'number' | 'integer' | 'temperature' | 'datetime' | 'date' | 'boolean';

export interface AssetColumn {
  field: AssetField;
  kind: ColumnKind;
  /** Pixels; the table has a fixed layout so that widths hold while rows scroll by. */
  width: number;
  defaultVisible: boolean;
}

const column = (field: AssetField, kind: ColumnKind, width: number, defaultVisible = false): AssetColumn => ({
  field,
  kind,
  width,
  defaultVisible,
});

/** Every column of the assets list the table can show (spec §3 power-data device), in the table's order. */
export const ASSET_COLUMNS: readonly AssetColumn[] = [
  column('device_id', 'text', 130, true),
  column('transformer_name', 'text', 200, true),
  column('transformer_number', 'text', 120),
  column('asset_id', 'text', 120),
  column('monitor_type', 'text', 120),
  column('rating_kva', 'integer', 100, true),
  column('status_category', 'enum', 200, true),
  column('capacity_percent', 'number', 120, true),
  column('capacity_state', 'enum', 140),
  column('utilisation_percent', 'number', 120, true),
  column('imbalance_percent', 'number', 120, true),
  column('imbalance_state', 'enum', 120),
  column('power_change_state', 'enum', 120),
  column('total_kva', 'number', 135, true),
  column('phase_loading_percent', 'number', 110),
  column('Current0Max', 'number', 100),
  column('Current1Max', 'number', 100),
  column('Current2Max', 'number', 100),
  column('Current0Med', 'number', 100),
  column('Current1Med', 'number', 100),
  column('Current2Med', 'number', 100),
  column('temperature_max_c', 'temperature', 135, true),
  column('temperature_med_c', 'temperature', 135),
  column('battery_status', 'enum', 100, true),
  column('battery_pct', 'number', 90),
  column('communication_state', 'enum', 190, true),
  column('last_message_at', 'datetime', 150, true),
  column('message_count', 'integer', 100),
  column('missed_messages', 'integer', 100),
  column('missed_message_level', 'enum', 120),
  column('device_status', 'enum', 120),
  column('device_voltage_v', 'integer', 110),
  column('installation_date', 'date', 120),
  column('connected_mprns', 'integer', 110),
  column('commuter_area', 'boolean', 110),
  column('device_type', 'enum', 120),
  column('connection_type', 'enum', 120),
  column('cooling', 'enum', 150),
  column('power_quality_enabled', 'boolean', 120),
  column('latitude', 'number', 100),
  column('longitude', 'number', 100),
];

export const DEFAULT_VISIBLE_COLUMNS: readonly AssetField[] = ASSET_COLUMNS.filter((c) => c.defaultVisible).map((c) => c.field);

/** What a cell needs to be shown in the user's language, time zone and temperature unit. */
export interface DisplayContext {
  languageTag: string;
  timeZone: string;
  temperatureMetric: TemperatureMetric;
  /** The translated label of an enumerated value of a field, or of 'true'/'false' in the group 'boolean'. */
  label: (group: AssetField | 'boolean', value: string) => string;
  /** What an empty cell shows. */
  noData: string;
}

/** A cell's text as the table shows it (and the CSV export writes it). */
export function cellText(columns: AssetColumns, col: AssetColumn, index: number, display: DisplayContext): string {
  const value = columns[col.field][index] as unknown;
  if (value === null || value === undefined) return display.noData;
  switch (col.kind) {
    case 'number':
      return formatNumber(value as number, display.languageTag);
    case 'integer':
      return formatNumber(value as number, display.languageTag, 0);
    case 'temperature':
      return formatNumber(temperatureInMetric(value as number, display.temperatureMetric), display.languageTag);
    case 'datetime':
      return formatDateTime(Date.parse(value as string), display.timeZone);
    case 'date':
      return formatDay(value as string, display.timeZone);
    case 'boolean':
      return display.label('boolean', value ? 'true' : 'false');
    case 'enum':
      return display.label(col.field, value as string);
    case 'text':
      return typeof value === 'string' ? value : (value as number).toString();
  }
}

/** The value a column sorts and compares by: numbers as numbers (temperatures in °C sort the same), the rest as text. */
export function sortValue(columns: AssetColumns, col: AssetColumn, index: number): number | string | null {
  const value = columns[col.field][index] as unknown;
  if (value === null || value === undefined) return null;
  if (col.kind === 'datetime') return Date.parse(value as string);
  if (col.kind === 'boolean') return value ? 1 : 0;
  return value as number | string;
}

export const isNumericColumn = (col: AssetColumn) => col.kind === 'number' || col.kind === 'integer' || col.kind === 'temperature';

/** Decimals a number column shows: whole numbers for counts and ratings, two otherwise (spec §9). */
export const decimalsOf = (col: AssetColumn) => (col.kind === 'integer' ? 0 : 2);

/**
 * A number column's value as the user sees it, as a number: temperatures in the user's unit, rounded to the
 * decimals shown. What column filters compare, and what the CSV and XLSX exports write.
 */
export function shownNumber(columns: AssetColumns, col: AssetColumn, index: number, metric: TemperatureMetric): number | null {
  const value = columns[col.field][index] as number | null | undefined;
  if (value === null || value === undefined) return null;
  const inUnit = col.kind === 'temperature' ? temperatureInMetric(value, metric) : value;
  const scale = 10 ** decimalsOf(col);
  return Math.round(inUnit * scale) / scale;
}
