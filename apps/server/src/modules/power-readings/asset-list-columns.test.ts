import { describe, expect, it } from 'vitest';
import { AssetListSchema, assetListRows, type PowerDevice } from '@gridlens/contract/assets';
import { columnarJson } from '../../http/columnar-json-serializer';
import { deriveAssetFigures, toAssetListColumns } from './asset-list-columns';
import { asOfPast } from './past-day';
import type { PeriodFigures, PeriodTable, RegistryColumns } from './period-table';

const NOW = Date.parse('2026-11-22T12:00:00Z');

function device(deviceId: string): PowerDevice {
  return {
    device_id: deviceId,
    monitor_type: 'PowerCoil',
    transformer_name: `Transformer ${deviceId}`,
    transformer_number: null,
    rating_kva: 400,
    asset_id: null,
    device_status: 'Installed',
    device_voltage_v: 230,
    installation_date: '2025-03-01',
    connected_mprns: 12,
    commuter_area: false,
    latitude: 53.123456,
    longitude: -7.654321,
    device_type: 'Ground Mount',
    connection_type: 'P.L.T.E',
    power_quality_enabled: false,
    cooling: null,
  };
}

function figures(maxA: number, overrides: Partial<PeriodFigures> = {}): PeriodFigures {
  return {
    watchlisted: false,
    last_message_ms: NOW - 600_000,
    latest_med_a1: 100,
    latest_med_a2: 90,
    latest_med_a3: 80,
    latest_battery_pct: 77.7,
    message_count: 3,
    missed_messages: 0,
    max_a1: maxA,
    max_a2: 200,
    max_a3: 190,
    med_sum_a1: 300,
    med_sum_a2: 280,
    med_sum_a3: 100, // a mean of 33.333… A
    apparent_max_kva: 120,
    apparent_med_sum_kva: 200,
    imbalance_max_percent: 12.3456,
    temperature_max_c: 41.2,
    temperature_min_c: 20,
    temperature_med_sum_c: 100,
    temperature_count: 3,
    temperature_sense_errors: 0,
    battery_min_pct: 70,
    previous_message_count: 3,
    previous_apparent_med_sum_kva: 210,
    ...overrides,
  };
}

/** A period table as the reader makes it: frozen registry columns and figures made on demand. */
function table(rows: [PowerDevice, PeriodFigures][]): PeriodTable {
  const registry = {} as Record<string, unknown[]>;
  for (const field of Object.keys(rows[0]![0]))
    registry[field] = Object.freeze(rows.map(([d]) => d[field as keyof PowerDevice])) as unknown[];
  return { count: rows.length, registry: registry as RegistryColumns, figuresAt: (r) => rows[r]![1] };
}

describe('the columnar assets list', () => {
  const rows: [PowerDevice, PeriodFigures][] = [
    [device('TX-A'), figures(210.123)],
    [device('TX-B'), figures(150, { med_sum_a1: null, last_message_ms: null })],
  ];
  const items = rows.map(([d, f]) => ({ ...d, ...deriveAssetFigures(d.rating_kva, f, NOW) }));
  const list = toAssetListColumns(table(rows), NOW);

  it('holds one array per field, each as long as the list, and matches its contract schema', () => {
    expect(list.count).toBe(2);
    for (const values of Object.values(list.columns)) expect(values).toHaveLength(2);
    expect(AssetListSchema.safeParse(list).success).toBe(true);
  });

  it('rounds computed figures to two decimals and leaves registry values as stored', () => {
    expect(list.columns.Current0Max).toEqual([210.12, 150]);
    expect(list.columns.Current2Med[0]).toBe(33.33);
    expect(list.columns.imbalance_percent[0]).toBe(12.35);
    expect(list.columns.latitude[0]).toBe(53.123456);
    expect(list.columns.Current0Med[1]).toBeNull();
  });

  it('reads back into the rows it was made of, apart from the rounding', () => {
    const rows = assetListRows(list);
    expect(rows.map((r) => r.device_id)).toEqual(['TX-A', 'TX-B']);
    expect(rows[1]).toEqual({ ...items[1], temperature_med_c: 33.33, imbalance_percent: 12.35, utilisation_percent: 16.67 });
    expect(rows[0]?.Current2Med).toBe(33.33);
    expect(items[0]?.Current2Med).toBeCloseTo(33.3333, 4);
  });

  it('serialises to the JSON of the same list, frozen registry columns included, again and again', () => {
    const expected = JSON.parse(JSON.stringify(list)) as unknown;
    expect(JSON.parse(columnarJson(list).toString())).toEqual(expected);
    expect(JSON.parse(columnarJson(list).toString())).toEqual(expected); // the second time from the memoised registry JSON
    const renamed = table([[{ ...device('TX-A'), transformer_name: 'Renamed' }, figures(1)]]);
    const renamedList = JSON.parse(columnarJson(toAssetListColumns(renamed, NOW)).toString()) as typeof list;
    expect(renamedList.columns.transformer_name).toEqual(['Renamed']);
  });
});

describe('a period that has ended, read as it saw itself', () => {
  const END = NOW - 86_400_000;
  const past = (f: PeriodFigures) => toAssetListColumns(asOfPast(table([[device('TX-P'), f]]), END), END).columns;

  it('takes its battery from the period’s lowest reading, not today’s, and has no total power', () => {
    const columns = past(figures(100, { latest_battery_pct: 90, battery_min_pct: 10 }));
    expect(columns.battery_pct).toEqual([10]);
    expect(columns.HasLowBattery).toEqual([true]);
    expect(columns.total_kva).toEqual([null]);
  });

  it('counts a device as communicating in the period when it sent anything then, whatever it did since', () => {
    expect(past(figures(100, { last_message_ms: null, missed_messages: 0 })).communication_state).toEqual(['communicated']);
    expect(past(figures(100, { message_count: 0, last_message_ms: NOW })).communication_state).toEqual(['no_communication_24h']);
  });
});
