import { describe, expect, it } from 'vitest';
import type { CommunicationState } from './communication';
import { DEVICE_STATUS_CATEGORIES, DEVICE_STATUS_SEVERITY, deviceStatusCategory } from './device-status';
import { ISSUE_FLAG_NAMES, type IssueFlagName, type IssueFlags } from './issue-flags';

const flags = (...raised: IssueFlagName[]): IssueFlags =>
  Object.fromEntries(ISSUE_FLAG_NAMES.map((name) => [name, raised.includes(name)])) as IssueFlags;
const ALL_FLAGS = flags(...ISSUE_FLAG_NAMES);

describe('DEVICE_STATUS_CATEGORIES', () => {
  it('lists the spec §4 breakdown', () => {
    expect(DEVICE_STATUS_CATEGORIES).toEqual([
      'no_issue',
      'phase_imbalance',
      'temperature_alert',
      'current_overlimit',
      'communication_problem',
      'no_power',
      'low_battery',
    ]);
  });

  it('ranks every category but no_issue, most severe first', () => {
    expect(DEVICE_STATUS_SEVERITY.map(([category]) => category)).toEqual([
      'no_power',
      'communication_problem',
      'temperature_alert',
      'current_overlimit',
      'phase_imbalance',
      'low_battery',
    ]);
  });
});

describe('deviceStatusCategory', () => {
  it('is no_issue for a communicating device without flags', () => {
    expect(deviceStatusCategory(flags(), 'communicated')).toBe('no_issue');
  });

  it('gives capacity under limit no category of its own', () => {
    expect(deviceStatusCategory(flags('HasCapacityUnderLimit'), 'communicated')).toBe('no_issue');
  });

  it.each<[IssueFlagName, string]>([
    ['HasNoPower', 'no_power'],
    ['HasTemperatureOverLimit', 'temperature_alert'],
    ['HasTemperatureOutsideRange', 'temperature_alert'],
    ['HasTemperatureSenseError', 'temperature_alert'],
    ['HasCurrentOverLimit', 'current_overlimit'],
    ['HasCapacityOverLimit', 'current_overlimit'],
    ['HasImbalance', 'phase_imbalance'],
    ['HasLowBattery', 'low_battery'],
  ])('puts a device with only %s in %s', (flag, category) => {
    expect(deviceStatusCategory(flags(flag), 'communicated')).toBe(category);
  });

  it.each<CommunicationState>(['no_communication_24h', 'missed_messages'])('counts %s as a communication problem', (state) => {
    expect(deviceStatusCategory(flags(), state)).toBe('communication_problem');
  });

  it('ranks no power above everything', () => {
    expect(deviceStatusCategory(ALL_FLAGS, 'no_communication_24h')).toBe('no_power');
  });

  it('ranks each category above the ones after it', () => {
    const ladder: [IssueFlags, CommunicationState, string][] = [
      [
        flags('HasTemperatureOverLimit', 'HasCurrentOverLimit', 'HasImbalance', 'HasLowBattery'),
        'missed_messages',
        'communication_problem',
      ],
      [flags('HasTemperatureOverLimit', 'HasCurrentOverLimit', 'HasImbalance', 'HasLowBattery'), 'communicated', 'temperature_alert'],
      [flags('HasCurrentOverLimit', 'HasImbalance', 'HasLowBattery'), 'communicated', 'current_overlimit'],
      [flags('HasImbalance', 'HasLowBattery'), 'communicated', 'phase_imbalance'],
    ];
    for (const [deviceFlags, communication, expected] of ladder) {
      expect(deviceStatusCategory(deviceFlags, communication)).toBe(expected);
    }
  });
});
