import { describe, expect, it } from 'vitest';
import type { AssetListItem } from '@gridlens/contract/assets';
import { fleetReport, kpiReport, kpiWeek, POWER_DEVICE, powerReport } from '../../../test/support/report-fixtures';
import { attentionOf } from './report-attention';

const transformer = (id: string, overrides: Partial<AssetListItem>): AssetListItem => ({ ...POWER_DEVICE, device_id: id, ...overrides });

describe('what of a fleet report needs attention', () => {
  it('counts every tracker held at a customer and every silent tracker', () => {
    expect(attentionOf({ kind: 'fleet', data: fleetReport() })).toEqual({ needsAttention: true, held: 2, silent: 1, overLimit: 0 });
  });

  it('needs it for held trackers alone, and not when none is held or silent', () => {
    expect(attentionOf({ kind: 'fleet', data: fleetReport({ silent: [] }) })).toEqual({
      needsAttention: true,
      held: 2,
      silent: 0,
      overLimit: 0,
    });
    expect(attentionOf({ kind: 'fleet', data: fleetReport({ silent: [], held: [] }) })).toEqual({
      needsAttention: false,
      held: 0,
      silent: 0,
      overLimit: 0,
    });
  });
});

describe('what of a KPI report needs attention', () => {
  it('reads the newest week only', () => {
    const olderOnly = kpiReport([
      kpiWeek('2026-W46', '2026-11-09', { held_beyond_static: 3, silent_over_7_days: 2 }),
      kpiWeek('2026-W47', '2026-11-16'),
    ]);
    expect(attentionOf({ kind: 'kpi', data: olderOnly })).toEqual({ needsAttention: false, held: 0, silent: 0, overLimit: 0 });
    const newest = kpiReport([kpiWeek('2026-W46', '2026-11-09'), kpiWeek('2026-W47', '2026-11-16', { silent_over_7_days: 1 })]);
    expect(attentionOf({ kind: 'kpi', data: newest })).toEqual({ needsAttention: true, held: 0, silent: 1, overLimit: 0 });
  });

  it('needs none without weeks', () => {
    expect(attentionOf({ kind: 'kpi', data: kpiReport([]) }).needsAttention).toBe(false);
  });
});

describe('what of a power report needs attention', () => {
  it('counts the transformers with current or capacity over limit, whatever issue is their most serious', () => {
    const data = powerReport([
      POWER_DEVICE,
      transformer('TX-CAP', {
        HasCapacityOverLimit: true,
        capacity_percent: 92,
        capacity_state: 'overutilised',
        status_category: 'current_overlimit',
      }),
      transformer('TX-AMP', { HasCurrentOverLimit: true, status_category: 'current_overlimit' }),
      // Too hot as well: its status is the temperature alert, and it is still over limit.
      transformer('TX-HOT', { HasCurrentOverLimit: true, HasTemperatureOverLimit: true, status_category: 'temperature_alert' }),
      // Other issues are not "over limit".
      transformer('TX-IMB', { HasImbalance: true, status_category: 'phase_imbalance' }),
      transformer('TX-LOW', { HasCapacityUnderLimit: true, capacity_percent: 5, capacity_state: 'underperforming' }),
    ]);
    expect(attentionOf({ kind: 'power', data })).toEqual({ needsAttention: true, held: 0, silent: 0, overLimit: 3 });
  });

  it('needs none when no transformer is over limit', () => {
    const data = powerReport([POWER_DEVICE, transformer('TX-IMB', { HasImbalance: true, status_category: 'phase_imbalance' })]);
    expect(attentionOf({ kind: 'power', data })).toEqual({ needsAttention: false, held: 0, silent: 0, overLimit: 0 });
  });
});
