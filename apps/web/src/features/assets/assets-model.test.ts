import { describe, expect, it } from 'vitest';
import type { AssetListItem } from '@gridlens/contract/assets';
import { ASSET_COLUMNS, cellText, DEFAULT_VISIBLE_COLUMNS, type DisplayContext } from './asset-columns';
import { countByValue, countMatching, segmentFilter, SUMMARY_CHARTS, warningFilter, WARNINGS, type AssetColumns } from './asset-filters';
import { isNumberFilter, narrowRows, NUMBER_FILTER_CHARACTERS, parseComparison, selectRows, type RowSelection } from './asset-rows';
import { csvField } from '@/lib/csv';
import { assetsCsv } from './assets-csv';
import { assetsSheet } from './assets-xlsx';
import { readVisibleColumns } from './use-visible-columns';

const BASE: AssetListItem = {
  device_id: 'TX-1',
  monitor_type: 'PowerCoil',
  transformer_name: 'Main Street',
  transformer_number: null,
  rating_kva: 400,
  asset_id: null,
  device_status: 'Installed',
  device_voltage_v: 230,
  installation_date: '2025-03-01',
  connected_mprns: 12,
  commuter_area: false,
  latitude: 53.1,
  longitude: -7.6,
  device_type: 'Ground Mount',
  connection_type: 'P.L.T.E',
  power_quality_enabled: false,
  cooling: null,
  watchlisted: false,
  battery_status: 'High',
  battery_pct: 80,
  total_kva: 100,
  capacity_percent: 50,
  capacity_state: 'normal',
  utilisation_percent: 30,
  imbalance_percent: 10,
  imbalance_state: 'normal',
  phase_loading_percent: 40,
  Current0Max: 100,
  Current1Max: 90,
  Current2Max: 80,
  Current0Med: 70,
  Current1Med: 60,
  Current2Med: 50,
  temperature_max_c: 40,
  temperature_med_c: 35,
  last_message_at: '2026-11-22T10:14:40.000Z',
  message_count: 96,
  missed_messages: 0,
  missed_message_level: 'good',
  communication_state: 'communicated',
  power_change_state: 'normal',
  status_category: 'no_issue',
  HasCapacityUnderLimit: false,
  HasCapacityOverLimit: false,
  HasMissedMessages: false,
  HasImbalance: false,
  HasCurrentOverLimit: false,
  HasLowBattery: false,
  HasNoPower: false,
  HasTemperatureOutsideRange: false,
  HasTemperatureOverLimit: false,
  HasTemperatureSenseError: false,
};

function columnsOf(items: AssetListItem[]): AssetColumns {
  const columns = {} as Record<string, unknown[]>;
  for (const key of Object.keys(BASE)) columns[key] = items.map((item) => item[key as keyof AssetListItem]);
  return columns as AssetColumns;
}

const items: AssetListItem[] = [
  {
    ...BASE,
    device_id: 'TX-1',
    transformer_name: 'Main Street',
    capacity_percent: 95.5,
    capacity_state: 'overutilised',
    temperature_max_c: 95,
  },
  {
    ...BASE,
    device_id: 'TX-2',
    transformer_name: 'Quay Road',
    capacity_percent: 10,
    capacity_state: 'underperforming',
    HasTemperatureOverLimit: true,
  },
  {
    ...BASE,
    device_id: 'TX-10',
    transformer_name: 'Mill Lane',
    capacity_percent: null,
    capacity_state: null,
    communication_state: 'no_communication_24h',
  },
  {
    ...BASE,
    device_id: 'A-7',
    transformer_name: '=HYPERLINK("x")',
    capacity_percent: 50,
    HasTemperatureSenseError: true,
    communication_state: 'missed_messages',
  },
];
const columns = columnsOf(items);
const everyRow = items.map((_item, i) => i);
const byField = new Map(ASSET_COLUMNS.map((c) => [c.field, c]));
const col = (field: keyof AssetListItem) => byField.get(field)!;
const display: DisplayContext = {
  languageTag: 'en-IE',
  timeZone: 'Europe/Dublin',
  temperatureMetric: 'celsius',
  label: (group, value) => `${group}/${value}`,
  noData: '–',
};
const select = (selection: Partial<RowSelection>) =>
  selectRows(columns, items.length, { filter: null, search: '', columnFilters: {}, sort: null, ...selection }, byField, display).map(
    (i) => items[i]!.device_id,
  );

describe('assets summaries', () => {
  it('counts every device once per chart, empty values under "no data"', () => {
    const capacity = SUMMARY_CHARTS.find((c) => c.id === 'capacity')!;
    expect(capacity.values).toEqual(['underperforming', 'normal', 'overutilised', null]);
    expect(countByValue(columns, everyRow, capacity)).toEqual([1, 1, 1, 1]);
    const communication = SUMMARY_CHARTS.find((c) => c.id === 'communication')!;
    expect(countByValue(columns, everyRow, communication)).toEqual([2, 1, 1]);
  });

  it('counts the devices behind each warning of spec §8', () => {
    const counts = Object.fromEntries(WARNINGS.map((w) => [w.id, countMatching(columns, everyRow, w.test)]));
    expect(counts).toEqual({ temperature_error: 1, temperature_alert: 1, missed_messages: 1, no_communication: 1 });
  });
});

describe('choosing the rows', () => {
  it('filters by a chart segment, including the no-data segment, and by a warning', () => {
    expect(select({ filter: segmentFilter('capacity_state', 'overutilised') })).toEqual(['TX-1']);
    expect(select({ filter: segmentFilter('capacity_state', null) })).toEqual(['TX-10']);
    expect(select({ filter: warningFilter('no_communication') })).toEqual(['TX-10']);
  });

  it('searches ids and names without regard to case', () => {
    expect(select({ search: 'quay' })).toEqual(['TX-2']);
    expect(select({ search: 'tx-1' })).toEqual(['TX-1', 'TX-10']);
    expect(select({ search: 'nowhere' })).toEqual([]);
  });

  it('searches the texts of the columns shown as the table writes them, statuses in the user’s words', () => {
    const shown = [col('device_id'), col('capacity_state'), col('communication_state'), col('capacity_percent')];
    // The test's labels read "<field>/<value>", as a translation would read in the user's language.
    expect(select({ search: 'capacity_state/overutilised', searched: shown })).toEqual(['TX-1']);
    expect(select({ search: 'Communication_State/MISSED', searched: shown })).toEqual(['A-7']);
    // A column not on screen is not searched, nor are numbers (their column filters compare them).
    expect(select({ search: 'capacity_state/overutilised' })).toEqual([]);
    expect(select({ search: '95', searched: shown })).toEqual([]);
    // An empty cell's dash is nothing to find.
    expect(select({ search: '–', searched: shown })).toEqual([]);
  });

  it('lets the summaries count what the search and column filters leave, before a segment is chosen', () => {
    const narrowed = narrowRows(columns, items.length, { search: 'tx-1', columnFilters: {} }, byField, display);
    expect(narrowed.map((i) => items[i]!.device_id)).toEqual(['TX-1', 'TX-10']);
    const capacity = SUMMARY_CHARTS.find((c) => c.id === 'capacity')!;
    expect(countByValue(columns, narrowed, capacity)).toEqual([0, 0, 1, 1]);
    expect(countMatching(columns, narrowed, warningFilter('no_communication').test)).toBe(1);
    expect(countMatching(columns, narrowed, warningFilter('temperature_error').test)).toBe(0);
  });

  it('applies to a number column only a whole comparison, and takes only its characters', () => {
    expect(select({ columnFilters: { capacity_percent: 'abc' } })).toEqual(['TX-1', 'TX-2', 'TX-10', 'A-7']);
    expect(select({ columnFilters: { capacity_percent: '>' } })).toEqual(['TX-1', 'TX-2', 'TX-10', 'A-7']);
    expect(isNumberFilter('>')).toBe(false);
    expect(isNumberFilter('abc')).toBe(false);
    expect(isNumberFilter('')).toBe(true);
    expect(isNumberFilter('>= 12,5')).toBe(true);
    expect(NUMBER_FILTER_CHARACTERS.test('<= -3.5')).toBe(true);
    expect(NUMBER_FILTER_CHARACTERS.test('8a')).toBe(false);
  });

  it('filters a number column by comparison and a text column by contained text', () => {
    expect(select({ columnFilters: { capacity_percent: '>85' } })).toEqual(['TX-1']);
    expect(select({ columnFilters: { capacity_percent: '<= 50' } })).toEqual(['TX-2', 'A-7']);
    expect(select({ columnFilters: { capacity_percent: '95.5' } })).toEqual(['TX-1']);
    expect(select({ columnFilters: { transformer_name: 'lane' } })).toEqual(['TX-10']);
    expect(select({ columnFilters: { capacity_percent: '>85', transformer_name: 'quay' } })).toEqual([]);
  });

  it('compares temperatures in the unit the user sees', () => {
    const inFahrenheit = selectRows(
      columns,
      items.length,
      { filter: null, search: '', columnFilters: { temperature_max_c: '>200' }, sort: null },
      byField,
      { ...display, temperatureMetric: 'fahrenheit' },
    );
    expect(inFahrenheit.map((i) => items[i]!.device_id)).toEqual(['TX-1']); // 95 °C is 203 °F
  });

  it('sorts numbers numerically and ids naturally, empty values last either way', () => {
    expect(select({ sort: { field: 'capacity_percent', direction: 'asc' } })).toEqual(['TX-2', 'A-7', 'TX-1', 'TX-10']);
    expect(select({ sort: { field: 'capacity_percent', direction: 'desc' } })).toEqual(['TX-1', 'A-7', 'TX-2', 'TX-10']);
    expect(select({ sort: { field: 'device_id', direction: 'asc' } })).toEqual(['A-7', 'TX-1', 'TX-2', 'TX-10']);
  });

  it('reads comparisons, and refuses what is not one', () => {
    expect(parseComparison('>85')).toEqual({ operator: '>', value: 85 });
    expect(parseComparison(' <= 1,5 ')).toEqual({ operator: '<=', value: 1.5 });
    expect(parseComparison('400')).toEqual({ operator: '=', value: 400 });
    expect(parseComparison('>abc')).toBeNull();
  });
});

describe('cells and CSV', () => {
  it('shows numbers with two decimals in the language, dates in the zone, enums through their labels', () => {
    expect(cellText(columns, col('capacity_percent'), 0, display)).toBe('95.50');
    expect(cellText(columns, col('capacity_percent'), 0, { ...display, languageTag: 'fr' })).toBe('95,50');
    expect(cellText(columns, col('capacity_percent'), 2, display)).toBe('–');
    expect(cellText(columns, col('last_message_at'), 0, display)).toBe('22/11/2026 10:15');
    expect(cellText(columns, col('last_message_at'), 0, { ...display, timeZone: 'America/New_York' })).toBe('11/22/2026 05:15');
    expect(cellText(columns, col('temperature_max_c'), 0, { ...display, temperatureMetric: 'fahrenheit' })).toBe('203.00');
    expect(cellText(columns, col('status_category'), 0, display)).toBe('status_category/no_issue');
    expect(cellText(columns, col('commuter_area'), 0, display)).toBe('boolean/false');
  });

  it('writes the shown rows and columns, numbers plain, text quoted when needed and never as a formula', () => {
    const shown = [col('device_id'), col('transformer_name'), col('capacity_percent'), col('rating_kva')];
    const csv = assetsCsv(columns, [3, 0], shown, ['Device ID', 'Name, full', 'Capacity %', 'Size'], { ...display, languageTag: 'fr' });
    expect(csv.split('\r\n')).toEqual([
      'Device ID,"Name, full",Capacity %,Size',
      `A-7,"'=HYPERLINK(""x"")",50.00,400`,
      'TX-1,Main Street,95.50,400',
      '',
    ]);
    expect(csvField('-1', false)).toBe('-1');
    expect(csvField('-1', true)).toBe("'-1");
  });
});

describe('remembered column choice', () => {
  it('uses the defaults when nothing or something damaged is stored, and drops columns that no longer exist', () => {
    expect([...readVisibleColumns(null)]).toEqual(DEFAULT_VISIBLE_COLUMNS);
    expect([...readVisibleColumns('{not json')]).toEqual(DEFAULT_VISIBLE_COLUMNS);
    expect([...readVisibleColumns('["rating_kva","gone_column"]')]).toEqual(['device_id', 'rating_kva']);
  });
});

describe('XLSX worksheet', () => {
  it('holds the header, then the shown rows with numbers as numbers in the user’s unit', () => {
    const shown = [col('device_id'), col('capacity_percent'), col('rating_kva'), col('temperature_max_c'), col('status_category')];
    const sheet = assetsSheet(columns, [0, 2], shown, ['Device ID', 'Capacity %', 'Size', 'Max temperature (°F)', 'Status'], {
      ...display,
      temperatureMetric: 'fahrenheit',
    });
    expect(sheet).toHaveLength(3);
    expect(sheet[0]?.[0]).toEqual({ value: 'Device ID', fontWeight: 'bold' });
    expect(sheet[1]).toEqual([
      'TX-1',
      { value: 95.5, type: Number, format: '0.00' },
      { value: 400, type: Number, format: '0' },
      { value: 203, type: Number, format: '0.00' },
      'status_category/no_issue',
    ]);
    expect(sheet[2]?.[1]).toBeNull(); // no figure: an empty cell, not a dash
  });
});
