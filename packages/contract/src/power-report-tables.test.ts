import { describe, expect, it } from 'vitest';
import { ISSUE_FLAG_NAMES } from '@gridlens/domain/power/issue-flags';
import { ASSET_LIST_FIELDS, type AssetListItem } from './assets';
import { PowerReportSchema, type PowerReport } from './power-readings';
import { POWER_REPORT_DEVICE_COLUMNS, powerReportTables } from './power-report-tables';

const DEVICE: AssetListItem = {
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
  total_kva: null,
  capacity_percent: 50.125,
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
  temperature_max_c: 41.5,
  temperature_med_c: 35,
  last_message_at: null,
  message_count: 96,
  missed_messages: 0,
  missed_message_level: 'good',
  communication_state: 'communicated',
  power_change_state: 'normal',
  status_category: 'no_issue',
  ...(Object.fromEntries(ISSUE_FLAG_NAMES.map((flag) => [flag, false])) as Record<(typeof ISSUE_FLAG_NAMES)[number], boolean>),
};

const devices = [
  DEVICE,
  {
    ...DEVICE,
    device_id: 'TX-2',
    transformer_name: 'Mill Lane',
    status_category: 'no_power',
    capacity_percent: null,
    capacity_state: null,
  },
] satisfies AssetListItem[];

const REPORT: PowerReport = PowerReportSchema.parse({
  day: '2026-11-23',
  generated_at: '2026-11-24T08:00:00.000Z',
  window: {
    from: '2026-11-23T00:00:00.000Z',
    to: '2026-11-24T00:00:00.000Z',
    from_day: '2026-11-23',
    to_day: '2026-11-23',
    time_zone: 'Europe/Dublin',
    partial: false,
  },
  fleet: {
    device_count: 2,
    capacity: { underperforming: 0, normal: 1, overutilised: 0, no_data: 1 },
    imbalance: { normal: 1, imbalance: 0, no_data: 1 },
    power_change: { normal: 2, abnormal: 0, no_data: 0 },
    battery: { High: 2, Low: 0, Unknown: 0 },
    communication: { communicated: 2, no_communication_24h: 0, missed_messages: 0 },
    status: { no_issue: 1, no_power: 1 },
    issues: { HasNoPower: 1 },
  },
  devices: {
    count: devices.length,
    columns: Object.fromEntries(ASSET_LIST_FIELDS.map((field) => [field, devices.map((d) => d[field])])),
  },
});

describe('the power report as tables', () => {
  const tables = powerReportTables(REPORT);
  const sheet = (name: string) => tables.find((t) => t.sheet === name);

  it('gives a summary, the fleet status and the devices, each row as wide as its columns', () => {
    expect(tables.map((t) => t.sheet)).toEqual(['summary', 'fleet_status', 'devices']);
    for (const t of tables) for (const row of t.rows) expect(row).toHaveLength(t.columns.length);
    expect(sheet('summary')?.rows).toEqual([['2026-11-23', 'Europe/Dublin', '2026-11-24T08:00:00.000Z', 2]]);
  });

  it('lists every value of each status group in the spec’s order, with its devices and share, none left out', () => {
    const rows = sheet('fleet_status')?.rows ?? [];
    expect(rows.map((r) => r[0])).toEqual([
      ...Array<string>(7).fill('status_category'),
      ...Array<string>(3).fill('communication_state'),
      ...Array<string>(4).fill('capacity_state'),
      ...Array<string>(3).fill('battery_status'),
    ]);
    expect(rows[0]).toEqual(['status_category', 'no_issue', 1, 50]);
    expect(rows.find((r) => r[1] === 'no_power')).toEqual(['status_category', 'no_power', 1, 50]);
    expect(rows.find((r) => r[1] === 'low_battery')).toEqual(['status_category', 'low_battery', 0, 0]);
    expect(rows.find((r) => r[0] === 'capacity_state' && r[1] === 'no_data')).toEqual(['capacity_state', 'no_data', 1, 50]);
    expect(rows.find((r) => r[1] === 'High')).toEqual(['battery_status', 'High', 2, 100]);
  });

  it('has no share when the fleet has no device', () => {
    const empty = powerReportTables({ ...REPORT, fleet: { ...REPORT.fleet, device_count: 0 } });
    expect(empty[1]?.rows[0]).toEqual(['status_category', 'no_issue', 1, null]);
  });

  it('gives one row per device with the screen’s columns, figures unrounded and missing ones empty', () => {
    const table = sheet('devices');
    expect(table?.columns).toEqual(POWER_REPORT_DEVICE_COLUMNS);
    expect(table?.rows).toEqual([
      ['TX-1', 'Main Street', 'no_issue', 50.125, 30, 10, 100, 90, 80, 41.5, 80, 96, 0],
      ['TX-2', 'Mill Lane', 'no_power', null, 30, 10, 100, 90, 80, 41.5, 80, 96, 0],
    ]);
  });
});
