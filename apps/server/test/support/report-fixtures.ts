import { ASSET_LIST_FIELDS, type AssetListItem } from '@gridlens/contract/assets';
import { FleetReportSchema, KpiReportSchema, type FleetReport, type KpiReport } from '@gridlens/contract/fleet-reports';
import { PowerReportSchema, type PowerReport } from '@gridlens/contract/power-readings';
import { ISSUE_FLAG_NAMES, type IssueFlagName } from '@gridlens/domain/power/issue-flags';

/*
 * Small reports as their endpoints answer them (parsed by the contract's schemas, so a fixture cannot drift from
 * the shape), for the report delivery's tests. Override what a test is about.
 */

const week = { week: '2026-W47', monday: '2026-11-16', sunday: '2026-11-22' };
const change = (current: number, previous: number) => ({
  current,
  previous,
  delta: current - previous,
  pct: (100 * (current - previous)) / previous,
});

export function fleetReport(overrides: Partial<FleetReport> = {}): FleetReport {
  return FleetReportSchema.parse({
    tenant_name: 'FleetCo',
    time_zone: 'Europe/Dublin',
    generated_at: '2026-11-24T08:00:00.000Z',
    static_after_hours: 72,
    week,
    previous_week: { week: '2026-W46', monday: '2026-11-09', sunday: '2026-11-15' },
    customer: null,
    devices: 3,
    by_type: [
      { category: 'Friendly', devices: 1, static: 0, fluid: 1 },
      { category: 'Non-Friendly', devices: 2, static: 2, fluid: 0 },
    ],
    movement: { static: 2, fluid: 1 },
    held: [
      {
        customer_id: 'ACME',
        customer_name: 'Acme',
        longest_hours: 200,
        devices: [
          {
            device_id: 'T-1',
            name: 'Trailer 1',
            location: { location_id: 'S', name: 'Site' },
            held_hours: 200,
            since: '2026-11-15T00:00:00Z',
          },
          {
            device_id: 'T-2',
            name: 'Trailer 2',
            location: { location_id: 'S', name: 'Site' },
            held_hours: 100,
            since: '2026-11-19T00:00:00Z',
          },
        ],
      },
    ],
    journeys: {
      total: 4,
      previous_total: 2,
      pairs: [
        {
          origin: { location_id: 'D', name: 'Depot' },
          destination: { location_id: 'S', name: 'Site' },
          count: 4,
          previous_count: 2,
          median_minutes: 60,
        },
      ],
    },
    by_tracker_type: [
      {
        device_type: 'Trailer',
        devices: 2,
        cycles: 1,
        median_cycle_hours: 5,
        previous_median_cycle_hours: null,
        visits: 3,
        median_dwell_hours: 2,
        previous_median_dwell_hours: 1,
      },
    ],
    silent: [{ device_id: 'T-3', name: 'Trailer 3', device_type: 'Trailer', last_message_at: '2026-11-20T09:30:00Z' }],
    low_battery: [
      { device_id: 'T-1', name: 'Trailer 1', device_type: 'Trailer', battery_pct: 12, last_message_at: '2026-11-24T07:00:00Z' },
    ],
    changes: {
      journeys: change(4, 2),
      median_cycle_hours: { current: 5, previous: null, delta: null, pct: null },
      arrivals: change(3, 3),
      median_dwell_hours: change(2, 1),
    },
    ...overrides,
  });
}

export const kpiWeek = (weekId: string, monday: string, overrides: Partial<KpiReport['weeks'][number]> = {}) => ({
  week: weekId,
  monday,
  devices: 4,
  utilisation_pct: 75,
  median_cycle_hours: 5,
  held_beyond_static: 0,
  silent_over_7_days: 0,
  journeys: 4,
  ...overrides,
});

export function kpiReport(weeks = [kpiWeek('2026-W46', '2026-11-09'), kpiWeek('2026-W47', '2026-11-16')]): KpiReport {
  return KpiReportSchema.parse({
    tenant_name: 'FleetCo',
    time_zone: 'Europe/Dublin',
    generated_at: '2026-11-24T08:00:00.000Z',
    static_after_hours: 72,
    first_week: { week: '2026-W46', monday: '2026-11-09', sunday: '2026-11-15' },
    last_week: week,
    weeks,
  });
}

const NO_FLAGS = Object.fromEntries(ISSUE_FLAG_NAMES.map((flag) => [flag, false])) as Record<IssueFlagName, boolean>;

/** A transformer of the assets list without an issue. */
export const POWER_DEVICE: AssetListItem = {
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
  temperature_max_c: 41.5,
  temperature_med_c: 35,
  last_message_at: null,
  message_count: 96,
  missed_messages: 0,
  missed_message_level: 'good',
  communication_state: 'communicated',
  power_change_state: 'normal',
  status_category: 'no_issue',
  ...NO_FLAGS,
};

/** A power report of the day of these devices, the fleet counted from them as the server counts it. */
export function powerReport(devices: readonly AssetListItem[] = [POWER_DEVICE]): PowerReport {
  const tally = (values: readonly (string | null)[]) => {
    const counts: Record<string, number> = {};
    for (const value of values) counts[value ?? 'no_data'] = (counts[value ?? 'no_data'] ?? 0) + 1;
    return counts;
  };
  const zeroed = (keys: readonly string[], counts: Record<string, number>) =>
    Object.fromEntries(keys.map((key) => [key, counts[key] ?? 0]));
  return PowerReportSchema.parse({
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
      device_count: devices.length,
      capacity: zeroed(['underperforming', 'normal', 'overutilised', 'no_data'], tally(devices.map((d) => d.capacity_state))),
      imbalance: zeroed(['normal', 'imbalance', 'no_data'], tally(devices.map((d) => d.imbalance_state))),
      power_change: zeroed(['normal', 'abnormal', 'no_data'], tally(devices.map((d) => d.power_change_state))),
      battery: zeroed(['High', 'Low', 'Unknown'], tally(devices.map((d) => d.battery_status))),
      communication: zeroed(['communicated', 'no_communication_24h', 'missed_messages'], tally(devices.map((d) => d.communication_state))),
      status: tally(devices.map((d) => d.status_category)),
      issues: {},
    },
    devices: {
      count: devices.length,
      columns: Object.fromEntries(ASSET_LIST_FIELDS.map((field) => [field, devices.map((d) => d[field])])),
    },
  });
}
