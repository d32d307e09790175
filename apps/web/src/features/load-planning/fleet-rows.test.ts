import { describe, expect, it } from 'vitest';
import type { FleetAnalysisRow } from '@gridlens/contract/load-planning';
import { fleetCsv, overCapacityByYear, sortFleetRows } from './fleet-rows';

const row = (device_id: string, first: number | null, headroom: number | null): FleetAnalysisRow => ({
  device_id,
  transformer_name: `Substation ${device_id}`,
  base_load_day: '2026-11-20',
  max_evs: first === null ? null : 10,
  max_evs_year: first ?? 2030,
  max_ev_hour: 19,
  first_year_over_capacity: first,
  max_load_day: '2026-11-20',
  max_load_on_extreme_day: false,
  max_load_year: 2030,
  min_headroom_kw: headroom,
  max_load_kw: 100,
  max_load_hour: 18,
});

describe('the fleet table', () => {
  const rows = [row('TX-A', 2028, -5), row('TX-B', null, 40), row('TX-C', 2026, -20), row('TX-D', null, null)];

  it('sorts by a column either way, with "none" last both ways', () => {
    expect(sortFleetRows(rows, 'first_year_over_capacity', 'asc').map((r) => r.device_id)).toEqual(['TX-C', 'TX-A', 'TX-B', 'TX-D']);
    expect(sortFleetRows(rows, 'first_year_over_capacity', 'desc').map((r) => r.device_id)).toEqual(['TX-A', 'TX-C', 'TX-B', 'TX-D']);
    expect(sortFleetRows(rows, 'min_headroom_kw', 'desc').map((r) => r.device_id)).toEqual(['TX-B', 'TX-A', 'TX-C', 'TX-D']);
    expect(sortFleetRows(rows, 'device_id', 'desc').map((r) => r.device_id)).toEqual(['TX-D', 'TX-C', 'TX-B', 'TX-A']);
  });

  it('counts the transformers over capacity by each year to 2030, each staying over once it is', () => {
    expect(overCapacityByYear(rows, 2025)).toEqual([
      { year: 2025, count: 0 },
      { year: 2026, count: 1 },
      { year: 2027, count: 1 },
      { year: 2028, count: 2 },
      { year: 2029, count: 2 },
      { year: 2030, count: 2 },
    ]);
  });

  it('exports numbers as numbers and no value as an empty field, under the titles', () => {
    const csv = fleetCsv(rows.slice(0, 2), [
      { id: 'transformer_name', title: 'Transformer name' },
      { id: 'device_id', title: 'Device ID' },
      { id: 'first_year_over_capacity', title: 'First year over capacity' },
      { id: 'min_headroom_kw', title: 'Min headroom, kW' },
    ]);
    expect(csv).toBe(
      'Transformer name,Device ID,First year over capacity,"Min headroom, kW"\r\nSubstation TX-A,TX-A,2028,-5\r\nSubstation TX-B,TX-B,,40\r\n',
    );
  });
});
