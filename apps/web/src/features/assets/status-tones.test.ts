import { describe, expect, it } from 'vitest';
import { DEVICE_STATUS_CATEGORIES } from '@gridlens/domain/power/device-status';
import { toneOf } from './asset-filters';
import { statusTones } from './status-tones';

describe('statusTones', () => {
  it('gives the map legend one line per colour, worst first, naming every status drawn in that colour', () => {
    expect(statusTones(DEVICE_STATUS_CATEGORIES, toneOf)).toEqual([
      { tone: 'error', values: ['temperature_alert', 'current_overlimit', 'no_power'] },
      { tone: 'warning', values: ['phase_imbalance', 'communication_problem'] },
      { tone: 'info', values: ['low_battery'] },
      { tone: 'success', values: ['no_issue'] },
    ]);
  });

  it('names each status once, and leaves out colours no status takes', () => {
    const tones = statusTones(['b', 'a', 'c'], (value) => (value === 'c' ? 'error' : 'neutral'));
    expect(tones).toEqual([
      { tone: 'error', values: ['c'] },
      { tone: 'neutral', values: ['b', 'a'] },
    ]);
    expect(statusTones([], toneOf)).toEqual([]);
  });
});
