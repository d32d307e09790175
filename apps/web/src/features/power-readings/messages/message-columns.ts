import type { PowerMessage } from '@gridlens/contract/power-readings';
import { formatDateTime } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { temperatureInMetric, type TemperatureMetric } from '@gridlens/domain/temperature';

/** How a message's cells are shown: the user's language, time zone and temperature unit. */
export interface MessageDisplay {
  languageTag: string;
  timeZone: string;
  temperatureMetric: TemperatureMetric;
  yes: string;
  no: string;
}

type Kind = 'integer' | 'number' | 'temperature' | 'time' | 'flag';

/** A column of the Messages tab (spec §3 Message): its title key under assetDetail.messageColumns and its value. */
export interface MessageColumn {
  id: string;
  kind: Kind;
  value: (message: PowerMessage) => number | string | boolean | null;
}

const column = (id: string, kind: Kind, value: MessageColumn['value']): MessageColumn => ({ id, kind, value });

export const MESSAGE_COLUMNS: readonly MessageColumn[] = [
  column('seq', 'integer', (m) => m.seq),
  column('time', 'time', (m) => m.time),
  column('missed', 'flag', (m) => m.missed),
  column('lqi', 'integer', (m) => m.lqi),
  column('maxL1', 'number', (m) => m.current_max_a[0] ?? null),
  column('maxL2', 'number', (m) => m.current_max_a[1] ?? null),
  column('maxL3', 'number', (m) => m.current_max_a[2] ?? null),
  column('medL1', 'number', (m) => m.current_med_a[0] ?? null),
  column('medL2', 'number', (m) => m.current_med_a[1] ?? null),
  column('medL3', 'number', (m) => m.current_med_a[2] ?? null),
  column('temperatureMax', 'temperature', (m) => m.temperature_max_c),
  column('temperatureMed', 'temperature', (m) => m.temperature_med_c),
  column('capacity', 'number', (m) => m.capacity_percent),
  column('imbalance', 'number', (m) => m.imbalance_percent),
  column('power', 'number', (m) => m.total_kva),
  column('battery', 'number', (m) => m.battery_pct),
];

export const isNumericMessageColumn = (col: MessageColumn) => col.kind === 'integer' || col.kind === 'number' || col.kind === 'temperature';

/** The number a numeric cell shows (temperature in the user's unit), or null. */
export function messageNumber(col: MessageColumn, message: PowerMessage, metric: TemperatureMetric): number | null {
  const value = col.value(message);
  if (typeof value !== 'number') return null;
  return col.kind === 'temperature' ? temperatureInMetric(value, metric) : value;
}

/** A cell as the table shows it: two decimals (spec §9), times rounded to the minute in the user's zone. */
export function messageCell(col: MessageColumn, message: PowerMessage, display: MessageDisplay): string {
  const value = col.value(message);
  if (value === null) return '–';
  if (col.kind === 'flag') return value ? display.yes : display.no;
  if (col.kind === 'time') return formatDateTime(Date.parse(String(value)), display.timeZone);
  const number = messageNumber(col, message, display.temperatureMetric) as number;
  return formatNumber(number, display.languageTag, col.kind === 'integer' ? 0 : 2);
}
