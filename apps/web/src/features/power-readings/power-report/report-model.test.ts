import { describe, expect, it } from 'vitest';
import type { PowerReport } from '@gridlens/contract/power-readings';
import type { AssetListColumns } from '@gridlens/contract/assets';
import { fleetCountsOf, fleetStatusRows } from './report-model';

const report = {
  fleet: {
    device_count: 4,
    capacity: { underperforming: 1, normal: 2, overutilised: 0, no_data: 1 },
    imbalance: { normal: 4, imbalance: 0, no_data: 0 },
    power_change: { normal: 4, abnormal: 0, no_data: 0 },
    battery: { High: 3, Low: 1, Unknown: 0 },
    communication: { communicated: 3, no_communication_24h: 1, missed_messages: 0 },
    status: { no_issue: 2, low_battery: 1, communication_problem: 1 },
    issues: {},
  },
} as unknown as PowerReport;

describe('the fleet status table', () => {
  const rows = fleetStatusRows(report);
  it('lists every value of status, communication, capacity (with no data) and battery, in that order', () => {
    const times = (group: string, n: number): string[] => Array.from({ length: n }, () => group);
    expect(rows.map((r) => r.group)).toEqual([
      ...times('status_category', 7),
      ...times('communication_state', 3),
      ...times('capacity_state', 4),
      ...times('battery_status', 3),
    ]);
  });

  it('counts the devices of each value with their share of the fleet, zero for a value nobody has', () => {
    const of = (group: string, value: string | null) => rows.find((r) => r.group === group && r.value === value);
    expect(of('status_category', 'no_issue')).toMatchObject({ devices: 2, sharePercent: 50 });
    expect(of('status_category', 'no_power')).toMatchObject({ devices: 0, sharePercent: 0 });
    expect(of('capacity_state', null)).toMatchObject({ devices: 1, sharePercent: 25 });
    expect(of('battery_status', 'Low')).toMatchObject({ devices: 1, sharePercent: 25 });
  });
});

describe('the fleet status of the devices a search found', () => {
  const columns = {
    status_category: ['phase_imbalance', 'no_issue', 'phase_imbalance', 'low_battery'],
    communication_state: ['communicated', 'communicated', 'missed_messages', 'no_communication_24h'],
    capacity_state: ['normal', null, 'overutilised', 'normal'],
    battery_status: ['High', 'High', 'Low', 'Unknown'],
  } as unknown as AssetListColumns;

  it('counts only those devices, an empty capacity state as no data', () => {
    const counts = fleetCountsOf(columns, [0, 2]);
    expect(counts.device_count).toBe(2);
    expect(counts.status).toMatchObject({ phase_imbalance: 2, no_issue: 0, low_battery: 0 });
    expect(counts.communication).toEqual({ communicated: 1, no_communication_24h: 0, missed_messages: 1 });
    expect(counts.capacity).toEqual({ underperforming: 0, normal: 1, overutilised: 1, no_data: 0 });
    expect(counts.battery).toEqual({ High: 1, Low: 1, Unknown: 0 });
    expect(fleetCountsOf(columns, [1]).capacity.no_data).toBe(1);
  });

  it('gives shares of the devices found', () => {
    const of = fleetStatusRows({ fleet: fleetCountsOf(columns, [0, 2]) }).find((r) => r.value === 'phase_imbalance');
    expect(of).toMatchObject({ devices: 2, sharePercent: 100 });
  });
});
