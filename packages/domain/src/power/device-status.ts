import type { CommunicationState } from './communication';
import type { IssueFlags } from './issue-flags';

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

/** The device's single, most severe category, or no_issue. */
export function deviceStatusCategory(flags: IssueFlags, communication: CommunicationState): DeviceStatusCategory {
  const found = DEVICE_STATUS_SEVERITY.find(([, test]) => test(flags, communication));
  return found ? found[0] : 'no_issue';
}
