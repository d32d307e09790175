import { describe, expect, it } from 'vitest';
import {
  computeIssueFlags,
  CURRENT_OVER_LIMIT_PERCENT,
  isCurrentOverLimit,
  periodImbalanceState,
  ISSUE_FLAG_NAMES,
  type IssueFlagInput,
  type IssueFlagName,
  type IssueFlags,
  NO_POWER_CURRENT_A,
} from './issue-flags';

/** A healthy 400 kVA unit (rated 579.71 A per phase) over a day of 10-minute messages. */
const HEALTHY: IssueFlagInput = {
  ratingKva: 400,
  maxCurrentsA: [300, 280, 260],
  maxImbalancePercent: 30,
  maxCapacityPercent: 60,
  maxTemperatureC: 45,
  minTemperatureC: 5,
  temperatureSenseError: false,
  batteryPercent: 80,
  missedMessages: 0,
  messageCount: 144,
};

const raised = (flags: IssueFlags): IssueFlagName[] => ISSUE_FLAG_NAMES.filter((name) => flags[name]);
const flagsOf = (change: Partial<IssueFlagInput>): IssueFlagName[] => raised(computeIssueFlags({ ...HEALTHY, ...change }));

describe('ISSUE_FLAG_NAMES', () => {
  it('lists the ten spec flags in order', () => {
    expect(ISSUE_FLAG_NAMES).toEqual([
      'HasCapacityUnderLimit',
      'HasCapacityOverLimit',
      'HasMissedMessages',
      'HasImbalance',
      'HasCurrentOverLimit',
      'HasLowBattery',
      'HasNoPower',
      'HasTemperatureOutsideRange',
      'HasTemperatureOverLimit',
      'HasTemperatureSenseError',
    ]);
  });

  it('matches the keys computeIssueFlags returns', () => {
    expect(Object.keys(computeIssueFlags(HEALTHY)).sort()).toEqual([...ISSUE_FLAG_NAMES].sort());
  });
});

describe('computeIssueFlags', () => {
  it('has the thresholds', () => {
    expect(CURRENT_OVER_LIMIT_PERCENT).toBe(100);
    expect(NO_POWER_CURRENT_A).toBe(0.5);
  });

  it('raises nothing for a healthy unit', () => {
    expect(flagsOf({})).toEqual([]);
  });

  it('flags capacity under limit when even the peak stays under 15 % (the one capacity rule)', () => {
    expect(flagsOf({ maxCapacityPercent: 14.9 })).toEqual(['HasCapacityUnderLimit']);
    expect(flagsOf({ maxCapacityPercent: 15 })).toEqual([]);
  });

  it('flags capacity over limit strictly above 85 % of the maximum', () => {
    expect(flagsOf({ maxCapacityPercent: 85.1 })).toEqual(['HasCapacityOverLimit']);
    expect(flagsOf({ maxCapacityPercent: 85 })).toEqual([]);
  });

  it('flags missed messages', () => {
    expect(flagsOf({ missedMessages: 1 })).toEqual(['HasMissedMessages']);
  });

  it('flags imbalance strictly above 90 %', () => {
    expect(flagsOf({ maxImbalancePercent: 90.5 })).toEqual(['HasImbalance']);
    expect(flagsOf({ maxImbalancePercent: 90 })).toEqual([]);
  });

  it('flags a phase above its rated current even when capacity looks fine', () => {
    expect(flagsOf({ maxCurrentsA: [580, 100, 100] })).toEqual(['HasCurrentOverLimit']);
    expect(flagsOf({ maxCurrentsA: [579.7, 100, 100] })).toEqual([]);
  });

  it('never flags current over limit for an unknown rating', () => {
    expect(flagsOf({ ratingKva: 0, maxCurrentsA: [5000, 5000, 5000] })).toEqual([]);
  });

  it('flags a low battery, not an unknown one', () => {
    expect(flagsOf({ batteryPercent: 19 })).toEqual(['HasLowBattery']);
    expect(flagsOf({ batteryPercent: null })).toEqual([]);
  });

  it('flags no power when every phase stayed under 0.5 A, and then not under-capacity or imbalance', () => {
    const dead = { maxCurrentsA: [0.4, 0.49, 0] as const, maxImbalancePercent: 100, maxCapacityPercent: 0.2 };
    expect(flagsOf(dead)).toEqual(['HasNoPower']);
  });

  it('does not flag no power when one phase reaches 0.5 A', () => {
    expect(flagsOf({ maxCurrentsA: [0.5, 0, 0], maxImbalancePercent: 100, maxCapacityPercent: 0.03 })).toEqual([
      'HasCapacityUnderLimit',
      'HasImbalance',
    ]);
  });

  it('does not read unknown currents as no power', () => {
    expect(flagsOf({ maxCurrentsA: null })).toEqual([]);
  });

  it('flags temperatures outside the range from either end', () => {
    expect(flagsOf({ minTemperatureC: -30 })).toEqual(['HasTemperatureOutsideRange']);
    expect(flagsOf({ maxTemperatureC: 101 })).toEqual(['HasTemperatureOutsideRange', 'HasTemperatureOverLimit']);
  });

  it('flags temperature over limit strictly above 90 °C', () => {
    expect(flagsOf({ maxTemperatureC: 91 })).toEqual(['HasTemperatureOverLimit']);
    expect(flagsOf({ maxTemperatureC: 90 })).toEqual([]);
  });

  it('passes the sense error through, and does not read an error code as a temperature', () => {
    expect(flagsOf({ temperatureSenseError: true })).toEqual(['HasTemperatureSenseError']);
    expect(flagsOf({ minTemperatureC: -127 })).toEqual([]);
    expect(flagsOf({ maxTemperatureC: null, minTemperatureC: null })).toEqual([]);
  });

  it('raises only missed messages when no message arrived', () => {
    const silentAndBroken: Partial<IssueFlagInput> = {
      messageCount: 0,
      missedMessages: 12,
      maxCurrentsA: [0, 0, 0],
      maxCapacityPercent: 200,
      maxImbalancePercent: 100,
      batteryPercent: 1,
      maxTemperatureC: 120,
      minTemperatureC: -40,
      temperatureSenseError: true,
    };
    expect(flagsOf(silentAndBroken)).toEqual(['HasMissedMessages']);
    expect(flagsOf({ ...silentAndBroken, missedMessages: 0 })).toEqual([]);
  });

  it('raises several flags together', () => {
    expect(flagsOf({ maxCapacityPercent: 110, maxCurrentsA: [700, 600, 30], maxImbalancePercent: 95, batteryPercent: 5 })).toEqual([
      'HasCapacityOverLimit',
      'HasImbalance',
      'HasCurrentOverLimit',
      'HasLowBattery',
    ]);
  });
});

describe('one rule per figure (issue 27)', () => {
  it('gives a dead transformer no imbalance state, so the imbalance chart and the flag count the same devices', () => {
    const dead: Partial<IssueFlagInput> = { maxCurrentsA: [0.3, 0.1, 0.2], maxImbalancePercent: 95 };
    expect(periodImbalanceState(95, true)).toBeNull();
    expect(flagsOf(dead)).not.toContain('HasImbalance');
    expect(periodImbalanceState(95, false)).toBe('imbalance');
    expect(periodImbalanceState(90, false)).toBe('normal');
    expect(periodImbalanceState(null, false)).toBeNull();
  });

  it('judges "current over limit" by the heaviest phase\'s highest current against its rating, as the flag does', () => {
    // 400 kVA: 579.71 A a phase.
    expect(isCurrentOverLimit([580, 10, 10], 400)).toBe(true);
    expect(isCurrentOverLimit([579, 10, 10], 400)).toBe(false);
    expect(flagsOf({ maxCurrentsA: [580, 10, 10] })).toContain('HasCurrentOverLimit');
    expect(isCurrentOverLimit([580, 10, 10], 0)).toBe(false);
  });
});
