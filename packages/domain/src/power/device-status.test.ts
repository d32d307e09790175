import { describe, expect, it } from 'vitest';
import type { CommunicationState } from './communication';
import {
  DEVICE_STATUS_CATEGORIES,
  DEVICE_STATUS_SEVERITY,
  deviceIssues,
  deviceIssuesAt,
  deviceStatusCategory,
  type IssueColumns,
} from './device-status';
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

describe("deviceIssues (issue 27: one definition of a device's issues)", () => {
  it('lists every issue that applies, most severe first, the status being the first', () => {
    const deviceFlags = flags('HasImbalance', 'HasTemperatureOverLimit', 'HasCapacityUnderLimit');
    expect(deviceIssues(deviceFlags, 'missed_messages')).toEqual(['communication_problem', 'temperature_alert', 'phase_imbalance']);
    expect(deviceStatusCategory(deviceFlags, 'missed_messages')).toBe('communication_problem');
    // Capacity under limit is no issue: a device with only it has none, as its status says.
    expect(deviceIssues(flags('HasCapacityUnderLimit'), 'communicated')).toEqual([]);
  });

  it('agrees with the status on every combination: no issue exactly when the list is empty', () => {
    const states: CommunicationState[] = ['communicated', 'missed_messages', 'no_communication_24h'];
    for (let mask = 0; mask < 1 << ISSUE_FLAG_NAMES.length; mask += 7) {
      const deviceFlags = flags(...ISSUE_FLAG_NAMES.filter((_, k) => (mask >> k) & 1));
      for (const state of states) {
        expect(deviceIssues(deviceFlags, state)[0] ?? 'no_issue').toBe(deviceStatusCategory(deviceFlags, state));
      }
    }
  });

  it('reads a row of a columnar list as the screens do', () => {
    const columns: IssueColumns = {
      ...(Object.fromEntries(ISSUE_FLAG_NAMES.map((name) => [name, [false, name === 'HasImbalance']])) as Record<IssueFlagName, boolean[]>),
      communication_state: ['no_communication_24h', 'communicated'],
    };
    expect(deviceIssuesAt(columns, 0)).toEqual(['communication_problem']);
    expect(deviceIssuesAt(columns, 1)).toEqual(['phase_imbalance']);
  });
});
