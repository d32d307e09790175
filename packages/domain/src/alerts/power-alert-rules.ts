/**
 * Power-data alert rules (spec §3 Alert): a field of a transformer reading compared with a threshold. The
 * specification names the fields and the rule's parts; units, ranges, the comparison of readings and the
 * hysteresis are ours (docs/decisions.md, "Alerts").
 */

/** Spec §3 alertable fields: max and median current of each phase, max and median temperature, imbalance, total power. */
export const POWER_ALERT_FIELDS = [
  'current_max_ph1',
  'current_max_ph2',
  'current_max_ph3',
  'current_med_ph1',
  'current_med_ph2',
  'current_med_ph3',
  'temperature_max',
  'temperature_med',
  'imbalance',
  'total_power',
] as const;
export type PowerAlertField = (typeof POWER_ALERT_FIELDS)[number];

export const ALERT_OPERATORS = ['>', '>=', '<', '<=', '=', '!='] as const;
export type AlertOperator = (typeof ALERT_OPERATORS)[number];

export type AlertUnit = 'A' | '°C' | '%' | 'kVA';

interface FieldSpec {
  unit: AlertUnit;
  /** The values a threshold may take, in the field's unit (a threshold outside can never be met, or is a typo). */
  min: number;
  max: number;
  /** The smallest hysteresis band, in the field's unit (see hysteresisBand). */
  minBand: number;
}

const current: FieldSpec = { unit: 'A', min: 0, max: 5_000, minBand: 1 };
const temperature: FieldSpec = { unit: '°C', min: -50, max: 150, minBand: 1 };

/**
 * Ranges: currents up to 5,000 A (a 2,000 kVA transformer's rated phase current is about 2,900 A at 230 V);
 * tank temperatures −50 to 150 °C (beyond the sensor's own limits nothing is measured); imbalance 0–100 % (spec
 * §5, "Number has to be between 0 and 100"); total power up to 100,000 kVA, the largest rating a device may have.
 */
export const POWER_ALERT_FIELD_SPECS: Record<PowerAlertField, FieldSpec> = {
  current_max_ph1: current,
  current_max_ph2: current,
  current_max_ph3: current,
  current_med_ph1: current,
  current_med_ph2: current,
  current_med_ph3: current,
  temperature_max: temperature,
  temperature_med: temperature,
  imbalance: { unit: '%', min: 0, max: 100, minBand: 1 },
  total_power: { unit: 'kVA', min: 0, max: 100_000, minBand: 1 },
};

/**
 * Why a threshold cannot be used: outside a percentage, or below or above what the field can measure. The bounds
 * of thresholds are allowed values themselves (`inclusive`), so the messages read "at least" and "at most".
 */
export type ThresholdProblem =
  { kind: 'percent' } | { kind: 'below'; min: number; inclusive: true } | { kind: 'above'; max: number; inclusive: true };

/** The one range check of a threshold (the API's schema and the rule dialog both use it), in the field's stored unit. */
export function thresholdProblem(field: PowerAlertField, value: number): ThresholdProblem | null {
  const { min, max, unit } = POWER_ALERT_FIELD_SPECS[field];
  if (value >= min && value <= max) return null;
  if (unit === '%') return { kind: 'percent' };
  return value < min ? { kind: 'below', min, inclusive: true } : { kind: 'above', max, inclusive: true };
}

/** Readings are compared as equal within this much (half the 0.1 precision temperatures are stored at). */
export const EQUALITY_TOLERANCE = 0.05;

/**
 * The hysteresis band: 2 % of the threshold, and at least the field's smallest band (1 A, 1 °C, 1 percentage
 * point, 1 kVA). An alert that triggered at "> 90 °C" clears only at 88.2 °C or below, so a tank hovering around
 * 90 °C raises one alert, not one every quarter of an hour.
 */
export function hysteresisBand(field: PowerAlertField, threshold: number): number {
  return Math.max(POWER_ALERT_FIELD_SPECS[field].minBand, Math.abs(threshold) * 0.02);
}

/** Whether the condition holds: the rule's comparison, exactly as written. */
export function conditionHolds(operator: AlertOperator, threshold: number, value: number): boolean {
  switch (operator) {
    case '>':
      return value > threshold;
    case '>=':
      return value >= threshold;
    case '<':
      return value < threshold;
    case '<=':
      return value <= threshold;
    case '=':
      return Math.abs(value - threshold) <= EQUALITY_TOLERANCE;
    case '!=':
      return Math.abs(value - threshold) > EQUALITY_TOLERANCE;
  }
}

/**
 * Whether an active alert's condition has stopped holding by more than the band: the value must come back past
 * the threshold by the band (for = it must move away by the band; for != it must come back to the threshold).
 */
export function conditionCleared(operator: AlertOperator, threshold: number, value: number, band: number): boolean {
  switch (operator) {
    case '>':
    case '>=':
      return value <= threshold - band;
    case '<':
    case '<=':
      return value >= threshold + band;
    case '=':
      return Math.abs(value - threshold) > EQUALITY_TOLERANCE + band;
    case '!=':
      return Math.abs(value - threshold) <= EQUALITY_TOLERANCE;
  }
}

export type AlertTransition = 'trigger' | 'clear' | null;

/** The transition one reading causes: an inactive alert triggers when its condition holds; an active one clears past the band. */
export function alertTransition(
  active: boolean,
  field: PowerAlertField,
  operator: AlertOperator,
  threshold: number,
  value: number,
): AlertTransition {
  if (!active) return conditionHolds(operator, threshold, value) ? 'trigger' : null;
  return conditionCleared(operator, threshold, value, hysteresisBand(field, threshold)) ? 'clear' : null;
}

/** What a reading says, in the alertable fields' units; temperatures are null when the sensor gave no valid reading. */
export interface AlertableReading {
  currentMaxA: readonly [number, number, number];
  currentMedA: readonly [number, number, number];
  temperatureMaxC: number | null;
  temperatureMedC: number | null;
  imbalancePercent: number;
  /** Apparent power from the median currents, as the Messages tab shows it. */
  totalKva: number;
}

/** The value of a field in a reading, or null when the reading has none (a temperature sensor error). */
export function alertFieldValue(field: PowerAlertField, reading: AlertableReading): number | null {
  switch (field) {
    case 'current_max_ph1':
      return reading.currentMaxA[0];
    case 'current_max_ph2':
      return reading.currentMaxA[1];
    case 'current_max_ph3':
      return reading.currentMaxA[2];
    case 'current_med_ph1':
      return reading.currentMedA[0];
    case 'current_med_ph2':
      return reading.currentMedA[1];
    case 'current_med_ph3':
      return reading.currentMedA[2];
    case 'temperature_max':
      return reading.temperatureMaxC;
    case 'temperature_med':
      return reading.temperatureMedC;
    case 'imbalance':
      return reading.imbalancePercent;
    case 'total_power':
      return reading.totalKva;
  }
}
