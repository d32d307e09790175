/**
 * EV charging load by hour (domain-references §4): coverage of a charge of D hours, the BEV/PHEV and charger mix,
 * the expected load and its conservative (binomial) variant.
 */
import { arrivalDistribution, HOURS_PER_DAY } from './arrival';
import type { BinomialQuantileCache } from './binomial';
import type { EvModelParameters, LoadModelConstants } from './model-parameters';

/**
 * Domain-references §4: c(h) = Σ_{k=0}^{⌊D⌋−1} a((h−k) mod 24) + (D − ⌊D⌋)·a((h − ⌊D⌋) mod 24): the probability
 * that an EV which charges today is charging in hour h, when it plugs in at the start of its arrival hour and draws
 * full power for D hours. Σ_h c(h) = D·Σ_h a(h).
 */
export function chargingCoverage(arrival: Float64Array, durationHours: number): Float64Array {
  if (!(durationHours > 0 && durationHours < HOURS_PER_DAY))
    throw new RangeError(`charge duration must be in (0, 24) hours, got ${durationHours}`);
  const whole = Math.floor(durationHours);
  const fraction = durationHours - whole;
  const coverage = new Float64Array(HOURS_PER_DAY);
  for (let h = 0; h < HOURS_PER_DAY; h++) {
    let sum = 0;
    for (let k = 0; k < whole; k++) sum += arrival[(h - k + HOURS_PER_DAY) % HOURS_PER_DAY] as number;
    sum += fraction * (arrival[(h - whole + HOURS_PER_DAY) % HOURS_PER_DAY] as number);
    coverage[h] = sum;
  }
  return coverage;
}

/** Domain-references §4: P_avg = f7·7 kW + (1 − f7)·3 kW, f7 the 7 kW share as a fraction. */
export function averageChargerPowerKw(charger7kwShare: number, charger7Kw: number, charger3Kw: number): number {
  return charger7kwShare * charger7Kw + (1 - charger7kwShare) * charger3Kw;
}

export type ChargingDay = 'weekday' | 'weekend';

/** What one EV contributes on a kind of day, every figure kept so that the load can be explained. */
export interface EvDayShape {
  day: ChargingDay;
  /** q: probability that an EV charges that day, fraction. */
  chargeProbability: number;
  /** a(h): plug-in hour distribution. */
  arrival: Float64Array;
  /** c(h) = bev·c_BEV(h) + (1 − bev)·c_PHEV(h). */
  coverage: Float64Array;
  averageChargerKw: number;
  /** q·P_avg·c(h): the expected load of one EV in hour h, kW. */
  expectedKwPerEv: Float64Array;
}

/**
 * The per-EV shape for a weekday or a weekend day. Weekday arrivals are the model's (mean and sd for its commuter
 * status); weekend arrivals are the constants' (no commute at weekends). BEVs charge for the model's duration,
 * PHEVs for the constants' PHEV duration, weighted by the BEV share (domain-references §4).
 */
export function evDayShape(model: EvModelParameters, constants: LoadModelConstants, day: ChargingDay): EvDayShape {
  const weekday = day === 'weekday';
  const arrival = weekday
    ? arrivalDistribution(model.arrivalDistribution, model.arrivalMeanHour, model.arrivalSdHours)
    : arrivalDistribution(model.arrivalDistribution, constants.weekendArrivalMeanHour, constants.weekendArrivalSdHours);
  const bevShare = model.bevPercent / 100;
  const bev = chargingCoverage(arrival, weekday ? model.chargeDurationWeekdayHours : model.chargeDurationWeekendHours);
  const phev = chargingCoverage(arrival, constants.phevChargeDurationHours);
  const coverage = new Float64Array(HOURS_PER_DAY);
  for (let h = 0; h < HOURS_PER_DAY; h++) coverage[h] = bevShare * (bev[h] as number) + (1 - bevShare) * (phev[h] as number);
  const weekdayRate = model.chargeRateWeekdayPercent / 100;
  const chargeProbability = weekday ? weekdayRate : Math.min(1, weekdayRate * constants.weekendChargeRateRatio);
  const averageChargerKw = averageChargerPowerKw(model.charger7kwPercent / 100, constants.charger7Kw, constants.charger3Kw);
  const expectedKwPerEv = new Float64Array(HOURS_PER_DAY);
  for (let h = 0; h < HOURS_PER_DAY; h++) expectedKwPerEv[h] = chargeProbability * averageChargerKw * (coverage[h] as number);
  return { day, chargeProbability, arrival, coverage, averageChargerKw, expectedKwPerEv };
}

/** Domain-references §4: L_EV(h) = n_EV·q·P_avg·c(h), written into `out` (kW). */
export function expectedEvLoadKw(shape: EvDayShape, evCount: number, out: Float64Array): Float64Array {
  for (let h = 0; h < HOURS_PER_DAY; h++) out[h] = evCount * (shape.expectedKwPerEv[h] as number);
  return out;
}

/**
 * Domain-references §4, conservative variant: the chargers running in hour h ~ Binomial(n_EV, q·c(h)), taken at the
 * confidence level, each drawing P_avg. Written into `out` (kW).
 */
export function conservativeEvLoadKw(
  shape: EvDayShape,
  evCount: number,
  confidence: number,
  quantiles: BinomialQuantileCache,
  out: Float64Array,
): Float64Array {
  for (let h = 0; h < HOURS_PER_DAY; h++) {
    // c(h) ≤ 1 for D < 24 h; the min only absorbs rounding.
    const probability = Math.min(1, shape.chargeProbability * (shape.coverage[h] as number));
    const concurrent = quantiles.quantile(evCount, probability, confidence);
    out[h] = concurrent * shape.averageChargerKw;
  }
  return out;
}
