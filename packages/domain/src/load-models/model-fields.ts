/**
 * The EV and heat-pump models' parameters (spec §3 EV model, HP model) and the values each may take (spec §5,
 * §9): one table that the API's schema and the model form both check with. The engines take the same names.
 */
import type { EvModelParameters, HpModelParameters } from './model-parameters';

/** The values a number may take: a percentage 0–100 inclusive, or a range whose ends may be excluded. */
export type NumberLimit =
  { kind: 'percent' } | { kind: 'range'; min: number; max: number; minExcluded: boolean; maxExcluded: boolean; unit: 'h' | '%' | '°C' };

const PERCENT: NumberLimit = { kind: 'percent' };
const range = (min: number, max: number, minExcluded: boolean, maxExcluded: boolean, unit: 'h' | '%' | '°C'): NumberLimit => ({
  kind: 'range',
  min,
  max,
  minExcluded,
  maxExcluded,
  unit,
});
/** A duration within a day: more than nothing, less than the whole day. */
const DURATION_H = range(0, 24, true, true, 'h');
/** Neither 0 nor 100: the binomial count at 100 % is every car, at 0 % none. */
const CONFIDENCE = range(0, 100, true, true, '%');

type NumericKeys<T> = { [K in keyof T]: T[K] extends number ? K : never }[keyof T];
export type EvNumberField = NumericKeys<EvModelParameters>;
export type HpNumberField = NumericKeys<HpModelParameters>;

export const EV_NUMBER_LIMITS: Readonly<Record<EvNumberField, NumberLimit>> = {
  chargeRateWeekdayPercent: PERCENT,
  chargeDurationWeekdayHours: DURATION_H,
  chargeDurationWeekendHours: DURATION_H,
  charger7kwPercent: PERCENT,
  bevPercent: PERCENT,
  confidenceLevelPercent: CONFIDENCE,
  newCarBuyersPercentPerYear: PERCENT,
  evShareOfSalesPercent: PERCENT,
  currentEvSharePercent: PERCENT,
  // A time of day from midnight up to (not including) the next midnight.
  arrivalMeanHour: range(0, 24, false, true, 'h'),
  // Half a day either side of the mean already spreads arrivals over the whole day.
  arrivalSdHours: range(0, 12, true, false, 'h'),
};

/**
 * Temperatures: the Irish 1-in-20 cold day is about −5 °C (spec §9); −25 °C is below any daily mean recorded in
 * Ireland and 10 °C is a mild winter day. Bivalent points of hybrid heat pumps are set between −15 and 15 °C.
 */
export const HP_NUMBER_LIMITS: Readonly<Record<HpNumberField, NumberLimit>> = {
  newBuildPercent: PERCENT,
  detachedPercent: PERCENT,
  hybridPercent: PERCENT,
  highTemperaturePercent: PERCENT,
  installingPercentPerYear: PERCENT,
  currentHeatPumpSharePercent: PERCENT,
  confidenceLevelPercent: CONFIDENCE,
  extremeDayMeanTemperatureC: range(-25, 10, false, false, '°C'),
  bivalentTemperatureC: range(-15, 15, false, false, '°C'),
};

/**
 * Why a number cannot be used: outside a percentage, or below or above its range (spec §5's messages). `inclusive`
 * says whether the bound itself is allowed, so that the message reads "at least 0" or "greater than 0" as the rule is.
 */
export type LimitProblem =
  { kind: 'percent' } | { kind: 'below'; min: number; inclusive: boolean } | { kind: 'above'; max: number; inclusive: boolean };

/** The one check of a model's number (the API's schema and the model form both use it). */
export function limitProblem(limit: NumberLimit, value: number): LimitProblem | null {
  if (limit.kind === 'percent') return value >= 0 && value <= 100 ? null : { kind: 'percent' };
  if (value < limit.min || (limit.minExcluded && value === limit.min))
    return { kind: 'below', min: limit.min, inclusive: !limit.minExcluded };
  if (value > limit.max || (limit.maxExcluded && value === limit.max))
    return { kind: 'above', max: limit.max, inclusive: !limit.maxExcluded };
  return null;
}
