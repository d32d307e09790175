import { describe, expect, it } from 'vitest';
import { periodCapacityState } from './capacity-rule';
import { apparentPowerKva, capacityPercent } from './electrical';
import { computeIssueFlags, type IssueFlagInput } from './issue-flags';

/** A 100 kVA unit's period summary; the test changes the peak. */
const PERIOD: IssueFlagInput = {
  ratingKva: 100,
  maxCurrentsA: [30, 30, 30],
  maxImbalancePercent: 0,
  maxCapacityPercent: 20.7,
  maxTemperatureC: 30,
  minTemperatureC: 10,
  temperatureSenseError: false,
  batteryPercent: 80,
  missedMessages: 0,
  messageCount: 96,
};

const flagsOf = (input: IssueFlagInput) => {
  const flags = computeIssueFlags(input);
  return { under: flags.HasCapacityUnderLimit, over: flags.HasCapacityOverLimit };
};

describe('periodCapacityState', () => {
  it('judges the peak at the spec thresholds, ends included in normal', () => {
    expect(periodCapacityState(14.99, false)).toBe('underperforming');
    expect(periodCapacityState(15, false)).toBe('normal');
    expect(periodCapacityState(85, false)).toBe('normal');
    expect(periodCapacityState(85.01, false)).toBe('overutilised');
  });

  it('gives no state without a reading or without power', () => {
    expect(periodCapacityState(null, false)).toBeNull();
    expect(periodCapacityState(0.1, true)).toBeNull();
  });

  it('reads the peaky transformer that used to disagree as normal, and does not flag it', () => {
    // Peak (30 + 30 + 30) A × 0.23 = 20.7 kVA of 100 kVA; mean about 6.9 % (10 A a phase). The old flag judged
    // the mean (under 15 %: flagged) while the chart judged the peak (normal).
    const peakPercent = capacityPercent(apparentPowerKva([30, 30, 30]), 100);
    expect(peakPercent).toBeCloseTo(20.7, 10);
    expect(periodCapacityState(peakPercent, false)).toBe('normal');
    expect(flagsOf({ ...PERIOD, maxCapacityPercent: peakPercent })).toEqual({ under: false, over: false });
  });

  it('raises a flag exactly when the state says so, over a sweep of peaks', () => {
    for (let peak = 0; peak <= 120; peak += 0.25) {
      const state = periodCapacityState(peak, false);
      expect(flagsOf({ ...PERIOD, maxCapacityPercent: peak }), `peak ${peak} %`).toEqual({
        under: state === 'underperforming',
        over: state === 'overutilised',
      });
    }
  });

  it('raises neither flag for a dead transformer, which has no state', () => {
    const dead = { ...PERIOD, maxCurrentsA: [0.1, 0.2, 0] as const, maxCapacityPercent: 0.07 };
    expect(computeIssueFlags(dead).HasNoPower).toBe(true);
    expect(flagsOf(dead)).toEqual({ under: false, over: false });
  });
});
