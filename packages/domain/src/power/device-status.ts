import type { CommunicationState } from './communication';
import { ISSUE_FLAG_NAMES, type IssueFlagName, type IssueFlags } from './issue-flags';

/** Spec §4 device status breakdown. */
export const DEVICE_STATUS_CATEGORIES = [
  'no_issue',
  'phase_imbalance',
  'temperature_alert',
  'current_overlimit',
  'communication_problem',
  'no_power',
  'low_battery',
] as const;
export type DeviceStatusCategory = (typeof DEVICE_STATUS_CATEGORIES)[number];

type CategoryTest = (flags: IssueFlags, communication: CommunicationState) => boolean;

/**
 * Product decision (the spec lists the categories but not how a device with several issues is counted): each
 * device falls in exactly one category, its most severe, so the breakdown adds up to the number of devices.
 * Severity follows what an engineer must act on first: a dead supply, then a monitor that cannot be heard (its
 * other flags are stale), then temperature (damage to the unit), overload, imbalance, and last a low battery.
 * Capacity under limit is no fault and has no category of its own.
 */
export const DEVICE_STATUS_SEVERITY: readonly (readonly [Exclude<DeviceStatusCategory, 'no_issue'>, CategoryTest])[] = [
  ['no_power', (flags) => flags.HasNoPower],
  ['communication_problem', (_flags, communication) => communication !== 'communicated'],
  ['temperature_alert', (flags) => flags.HasTemperatureOverLimit || flags.HasTemperatureOutsideRange || flags.HasTemperatureSenseError],
  ['current_overlimit', (flags) => flags.HasCurrentOverLimit || flags.HasCapacityOverLimit],
  ['phase_imbalance', (flags) => flags.HasImbalance],
  ['low_battery', (flags) => flags.HasLowBattery],
];

/**
 * A device's issues: every status category but no_issue that applies to it, most severe first. The one definition
 * of "an issue" on every power-data screen (issue 27): the assets screen's device status is the first of them, a
 * device "has an issue" when there is any, the analytics devices table lists them all, and the header search
 * finds a device by any of them on every screen (so "Phase imbalance" finds the same devices everywhere).
 */
export type DeviceIssue = Exclude<DeviceStatusCategory, 'no_issue'>;
export const DEVICE_ISSUES: readonly DeviceIssue[] = DEVICE_STATUS_SEVERITY.map(([category]) => category);

export function deviceIssues(flags: IssueFlags, communication: CommunicationState): DeviceIssue[] {
  return DEVICE_STATUS_SEVERITY.filter(([, test]) => test(flags, communication)).map(([category]) => category);
}

/** The device's single, most severe issue (its status category), or no_issue: the first of {@link deviceIssues}. */
export function deviceStatusCategory(flags: IssueFlags, communication: CommunicationState): DeviceStatusCategory {
  const found = DEVICE_STATUS_SEVERITY.find(([, test]) => test(flags, communication));
  return found ? found[0] : 'no_issue';
}

/** The columns of a columnar assets list that a device's issues are judged from (structural: the contract's list fits). */
export type IssueColumns = { readonly [K in IssueFlagName]: readonly (boolean | null | undefined)[] } & {
  readonly communication_state: readonly (CommunicationState | null | undefined)[];
};

/** {@link deviceIssues} of row `index` of a columnar assets list, as the screens read it. */
export function deviceIssuesAt(columns: IssueColumns, index: number): DeviceIssue[] {
  const flags = Object.fromEntries(ISSUE_FLAG_NAMES.map((name) => [name, columns[name][index] === true])) as IssueFlags;
  return deviceIssues(flags, columns.communication_state[index] ?? 'no_communication_24h');
}
