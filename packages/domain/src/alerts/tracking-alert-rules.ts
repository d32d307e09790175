import type { LocationType } from '../tracking/enumerations';
import { conditionCleared, conditionHolds, type AlertOperator, type AlertTransition, type ThresholdProblem } from './power-alert-rules';

/**
 * Tracking alert rules (spec §3 Alert, applied to tracked devices). The specification names the rule's parts
 * (device, device type, trigger field, operator, value) but no tracking triggers; these five are ours
 * (docs/decisions.md, "Tracking alerts"): arrival at and departure from a POI or a POI type, no message for a
 * period, low battery, and standing still beyond a period (spec §4 "Static").
 */
export const TRACKING_ALERT_FIELDS = ['arrival', 'departure', 'battery', 'no_message', 'static'] as const;
export type TrackingAlertField = (typeof TRACKING_ALERT_FIELDS)[number];

/** Fields judged on a POI, not on a number: the rule names a POI or a POI type and takes no value. */
export const LOCATION_FIELDS = ['arrival', 'departure'] as const satisfies readonly TrackingAlertField[];
export const isLocationField = (field: TrackingAlertField): field is (typeof LOCATION_FIELDS)[number] =>
  field === 'arrival' || field === 'departure';

/**
 * The operators each field takes: a POI is arrived at or left (written "="); a period is exceeded (> or >=);
 * a battery level may be watched both ways (below for a low battery, above for a charged one).
 */
export const TRACKING_FIELD_OPERATORS: Record<TrackingAlertField, readonly AlertOperator[]> = {
  arrival: ['='],
  departure: ['='],
  battery: ['<', '<=', '>', '>='],
  no_message: ['>', '>='],
  static: ['>', '>='],
};

interface NumberSpec {
  unit: '%' | 'h';
  min: number;
  max: number;
  /** The hysteresis band's least width (see trackingTransition). */
  minBand: number;
}

/**
 * Battery levels 0–100 % (spec §5), with a 2-point band: a tracker's reported charge wanders by a point or two
 * with temperature. Periods from a quarter of an hour (trackers report every 5 to 15 minutes) to 30 days, with
 * no band: time only moves forward, and a message or a move ends the period outright.
 */
export const TRACKING_NUMBER_SPECS: Record<Exclude<TrackingAlertField, 'arrival' | 'departure'>, NumberSpec> = {
  battery: { unit: '%', min: 0, max: 100, minBand: 2 },
  no_message: { unit: 'h', min: 0.25, max: 720, minBand: 0 },
  static: { unit: 'h', min: 0.25, max: 720, minBand: 0 },
};

/** The one range check of a tracking rule's value (the API's schema and the rule dialog both use it). */
export function trackingThresholdProblem(field: TrackingAlertField, value: number): ThresholdProblem | null {
  if (isLocationField(field)) return null;
  const { min, max, unit } = TRACKING_NUMBER_SPECS[field];
  if (value >= min && value <= max) return null;
  if (unit === '%') return { kind: 'percent' };
  return value < min ? { kind: 'below', min, inclusive: true } : { kind: 'above', max, inclusive: true };
}

/** What a location rule watches: one POI, or every POI of a type. */
export type LocationTarget = { locationId: string; locationType: null } | { locationId: null; locationType: LocationType };

/** A device's state at one moment, as alerts judge it. */
export interface TrackingObservation {
  /** The POI it is in, or null outside all of them. */
  location: { id: string; type: LocationType } | null;
  /** Its last reported battery level, or null when it never reported one. */
  batteryPct: number | null;
  /** Hours since its last message (0 when judging a message). */
  silentHours: number;
  /** Hours it has stood still (see tracking/positions.ts nextStillness). */
  stillHours: number;
}

export interface TrackingRule {
  field: TrackingAlertField;
  operator: AlertOperator;
  /** The value for number fields; null for location fields. */
  threshold: number | null;
  target: LocationTarget | null;
}

/** Whether an observation is inside a rule's POI or POI type. */
export function isInside(target: LocationTarget, observation: TrackingObservation): boolean {
  const here = observation.location;
  if (here === null) return false;
  return target.locationId !== null ? here.id === target.locationId : here.type === target.locationType;
}

/** A number field's value in an observation, or null when there is none to judge (no battery reported). */
export function trackingFieldValue(field: TrackingAlertField, observation: TrackingObservation): number | null {
  switch (field) {
    case 'battery':
      return observation.batteryPct;
    case 'no_message':
      return observation.silentHours;
    case 'static':
      return observation.stillHours;
    case 'arrival':
    case 'departure':
      return null;
  }
}

/**
 * The transition an observation causes.
 *
 * Arrival triggers when a position inside the POI (or a POI of the type) follows one outside; departure when a
 * position outside follows one inside. Both need the position before (`previous`): a device first heard inside a
 * depot has not arrived there, as far as anyone can tell. An arrival alert clears when the device leaves; a
 * departure alert clears when it comes back.
 *
 * Number fields trigger when the comparison holds and clear once the value is back past the threshold by the
 * band (battery: 2 % of the threshold, at least 2 points; periods: none).
 */
export function trackingTransition(
  active: boolean,
  rule: TrackingRule,
  observation: TrackingObservation,
  previous: TrackingObservation | null,
): AlertTransition {
  if (isLocationField(rule.field)) {
    if (rule.target === null) return null;
    const wantInside = rule.field === 'arrival';
    const matches = isInside(rule.target, observation) === wantInside;
    if (active) return matches ? null : 'clear';
    if (!matches || previous === null) return null;
    return isInside(rule.target, previous) === wantInside ? null : 'trigger';
  }
  const value = trackingFieldValue(rule.field, observation);
  if (value === null || rule.threshold === null) return null;
  if (!active) return conditionHolds(rule.operator, rule.threshold, value) ? 'trigger' : null;
  const spec = TRACKING_NUMBER_SPECS[rule.field];
  const band = spec.minBand === 0 ? 0 : Math.max(spec.minBand, Math.abs(rule.threshold) * 0.02);
  return conditionCleared(rule.operator, rule.threshold, value, band) ? 'clear' : null;
}
