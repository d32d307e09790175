import { describe, expect, it } from 'vitest';
import { LOW_BATTERY_PERCENT } from '../power/battery';
import { NO_COMMUNICATION_MS } from '../power/communication';
import { trackerFleetSummary, type SummarisedTracker } from './fleet-summary';

const SILENCE_HOURS = NO_COMMUNICATION_MS / 3_600_000;

const NOW = Date.parse('2026-11-25T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString();
const tracker = (over: Partial<SummarisedTracker>): SummarisedTracker => ({
  position_category: 'Outside POIs',
  movement: 'Fluid',
  last_message_at: hoursAgo(1),
  battery_pct: 80,
  ...over,
});

describe('trackerFleetSummary', () => {
  it('counts each tracker once by where it is and whether it moves; without a position it has no movement', () => {
    const summary = trackerFleetSummary(
      [
        tracker({ position_category: 'Friendly', movement: 'Static' }),
        tracker({ position_category: 'Friendly' }),
        tracker({ position_category: 'Non-Friendly', movement: 'Static' }),
        tracker({ position_category: 'No location data', movement: null }),
      ],
      NOW,
    );
    expect(summary.devices).toBe(4);
    expect(summary.byPosition).toEqual({ Friendly: 2, 'Non-Friendly': 1, 'Outside POIs': 0, 'No location data': 1 });
    expect(summary.byMovement).toEqual({ Fluid: 1, Static: 2 });
  });

  it('calls a tracker silent after more than the silence hours, or when it never reported', () => {
    const summary = trackerFleetSummary(
      [
        tracker({ last_message_at: hoursAgo(SILENCE_HOURS) }),
        tracker({ last_message_at: hoursAgo(SILENCE_HOURS + 0.01) }),
        tracker({ last_message_at: null }),
      ],
      NOW,
    );
    expect(summary.silent).toBe(2);
  });

  it('calls a battery low under the threshold, and an unknown battery not low', () => {
    const summary = trackerFleetSummary(
      [tracker({ battery_pct: LOW_BATTERY_PERCENT - 0.5 }), tracker({ battery_pct: LOW_BATTERY_PERCENT }), tracker({ battery_pct: null })],
      NOW,
    );
    expect(summary.lowBattery).toBe(1);
  });
});
