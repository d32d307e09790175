import { describe, expect, it } from 'vitest';
import { fleetReportTables, kpiReportTables } from './fleet-report-tables';
import { FleetReportSchema, KpiReportSchema, type FleetReport } from './fleet-reports';

const week = { week: '2026-W47', monday: '2026-11-16', sunday: '2026-11-22' };
const change = (current: number, previous: number) => ({ current, previous, delta: current - previous, pct: null });

const REPORT: FleetReport = FleetReportSchema.parse({
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
  silent: [{ device_id: 'T-3', name: 'Trailer 3', device_type: 'Trailer', last_message_at: null }],
  low_battery: [{ device_id: 'T-1', name: 'Trailer 1', device_type: 'Trailer', battery_pct: 12, last_message_at: '2026-11-24T07:00:00Z' }],
  changes: {
    journeys: change(4, 2),
    median_cycle_hours: { current: 5, previous: null, delta: null, pct: null },
    arrivals: change(3, 3),
    median_dwell_hours: change(2, 1),
  },
});

describe('the fleet report as tables', () => {
  const tables = fleetReportTables(REPORT);
  const sheet = (name: string) => tables.find((t) => t.sheet === name);

  it('gives one table per section, each row as wide as its columns', () => {
    expect(tables.map((t) => t.sheet)).toEqual([
      'summary',
      'by_location_type',
      'held_beyond_static',
      'journeys',
      'by_tracker_type',
      'silent',
      'low_battery',
      'changes',
    ]);
    for (const t of tables) for (const row of t.rows) expect(row).toHaveLength(t.columns.length);
  });

  it('keeps the figures, one row per tracker held, longest first as the report orders them', () => {
    expect(sheet('summary')?.rows).toEqual([['2026-W47', '2026-11-16', '2026-11-22', 'Europe/Dublin', null, 3, 2, 1, 72]]);
    expect(sheet('held_beyond_static')?.rows.map((r) => [r[1], r[5]])).toEqual([
      ['T-1', 200],
      ['T-2', 100],
    ]);
    expect(sheet('journeys')?.rows).toEqual([['Depot', 'Site', 4, 2, 60]]);
    expect(sheet('low_battery')?.rows[0]?.[3]).toBe(12);
    expect(sheet('changes')?.rows[0]).toEqual(['journeys', 4, 2, 2, null]);
    expect(sheet('changes')?.rows[1]).toEqual(['median_cycle_hours', 5, null, null, null]);
  });
});

describe('the KPI report as a table', () => {
  it('gives one row per week, oldest first', () => {
    const report = KpiReportSchema.parse({
      tenant_name: 'FleetCo',
      time_zone: 'UTC',
      generated_at: '2026-11-24T08:00:00.000Z',
      static_after_hours: 72,
      first_week: { week: '2026-W46', monday: '2026-11-09', sunday: '2026-11-15' },
      last_week: week,
      weeks: [
        {
          week: '2026-W46',
          monday: '2026-11-09',
          devices: 4,
          utilisation_pct: 50,
          median_cycle_hours: null,
          held_beyond_static: 1,
          silent_over_7_days: 0,
          journeys: 2,
        },
        {
          week: '2026-W47',
          monday: '2026-11-16',
          devices: 4,
          utilisation_pct: 75,
          median_cycle_hours: 5,
          held_beyond_static: 2,
          silent_over_7_days: 1,
          journeys: 4,
        },
      ],
    });
    const [kpi] = kpiReportTables(report);
    expect(kpi?.rows).toEqual([
      ['2026-W46', '2026-11-09', 4, 50, null, 1, 0, 2],
      ['2026-W47', '2026-11-16', 4, 75, 5, 2, 1, 4],
    ]);
  });
});
