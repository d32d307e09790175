/**
 * Heat-pump electrical load by hour (domain-references §5): COP against the temperature lift, degree-day heat
 * demand per dwelling class, an intraday shape, the hybrid bivalent point and the 1-in-20 cold day.
 */
import { HOURS_PER_DAY } from './arrival';
import type { HpModelParameters } from './model-parameters';

export type HeatingSystem = 'low_temperature' | 'high_temperature';

/** Ruhnau et al. (2019), when2heat: sink (flow) temperature, °C: floor heating 30 − 0.5·T_air, radiators 40 − 1.0·T_air. */
export function sinkTemperatureC(system: HeatingSystem, airC: number): number {
  return system === 'low_temperature' ? 30 - 0.5 * airC : 40 - airC;
}

/** The smallest lift the COP fit is used at, K (when2heat clips the lift at 15 K). */
export const MIN_LIFT_K = 15;
/** Real-world performance against the fit's laboratory figure (when2heat's 0.85 correction). */
export const COP_CORRECTION = 0.85;

/**
 * The air-source COP fit of Ruhnau et al. (2019), when2heat, as its data set publishes it (`input/cop/cop_parameters.csv`,
 * column "air"): COP = c0 + c1·ΔT + c2·ΔT². The paper rounds c0 to 6.08; the model uses the published 6.0801.
 */
export const AIR_SOURCE_COP_COEFFICIENTS = [6.0801, -0.0941, 0.0005] as const;

/** Ruhnau et al. (2019), when2heat, air-source: COP = (6.0801 − 0.0941·ΔT + 0.0005·ΔT²)·0.85, ΔT clipped at ≥ 15 K. */
export function heatPumpCop(liftK: number): number {
  const lift = Math.max(MIN_LIFT_K, liftK);
  const [c0, c1, c2] = AIR_SOURCE_COP_COEFFICIENTS;
  return (c0 + c1 * lift + c2 * lift * lift) * COP_CORRECTION;
}

/** COP of a system at an air temperature: the lift is its sink temperature minus the air's. */
export function systemCop(system: HeatingSystem, airC: number): number {
  return heatPumpCop(sinkTemperatureC(system, airC) - airC);
}

export interface DwellingDemand {
  /** Annual space-heating demand, kWh (thermal). */
  newBuildDetachedKwh: number;
  newBuildSemiTerracedKwh: number;
  existingDetachedKwh: number;
  existingSemiTerracedKwh: number;
}

export interface HeatPumpConstants {
  /** Degree-day base temperature, °C (Met Éireann and SEAI degree days use 15.5 °C). */
  degreeDayBaseC: number;
  /** Annual heating degree days at that base, K·day: about 2,000 for Ireland (SEAI degree days, Met Éireann data). */
  annualDegreeDaysKDay: number;
  annualDemand: DwellingDemand;
  /** The diversified intraday shape relative to its peak hour, 24 values (normalised before use). */
  intradayShape: readonly number[];
}

/**
 * Defaults. Annual demands = heat-loss indicator × floor area × 24 h × 2,000 K·day: existing homes at the SEAI
 * heat-pump threshold (HLI ≤ 2 W/K·m²; about 1.7 on 150 m² detached, 1.9 on 95 m² semi-detached or terraced), new
 * builds at NZEB levels (HLI about 1). The shape follows the diversified heat-pump profiles of the UK RHPP trial
 * (Love et al., Applied Energy 204, 2017): a morning peak at 07:00, a lower day, an evening shoulder and overnight
 * 0.4 of the peak.
 */
export const defaultHeatPumpConstants: Readonly<HeatPumpConstants> = {
  degreeDayBaseC: 15.5,
  annualDegreeDaysKDay: 2000,
  annualDemand: { newBuildDetachedKwh: 7000, newBuildSemiTerracedKwh: 4500, existingDetachedKwh: 12000, existingSemiTerracedKwh: 8500 },
  intradayShape: [
    0.4, 0.4, 0.4, 0.4, 0.4, 0.6, 0.9, 1, 0.95, 0.8, 0.7, 0.7, 0.7, 0.7, 0.7, 0.7, 0.75, 0.85, 0.9, 0.9, 0.85, 0.75, 0.6, 0.5,
  ],
};

/** The heat-pump fleet of an area, reduced to what its hourly load depends on. */
export interface HeatPumpMix {
  /** Σ over the four dwelling classes of share × UA24, UA24 = annual demand / annual degree days, kWh/(K·day). */
  ua24KwhPerKDay: number;
  highTemperatureShare: number;
  hybridShare: number;
  bivalentTemperatureC: number;
  degreeDayBaseC: number;
  /** The intraday shape normalised to sum to 1 (a fraction of the day's heat per hour). */
  hourlyFraction: Float64Array;
}

export function heatPumpMix(model: HpModelParameters, constants: HeatPumpConstants): HeatPumpMix {
  const newBuild = model.newBuildPercent / 100;
  const detached = model.detachedPercent / 100;
  const d = constants.annualDemand;
  // Domain-references §5: UA24 = annual heat demand / annual degree days, per dwelling class, weighted by the mix.
  const annualKwh =
    newBuild * (detached * d.newBuildDetachedKwh + (1 - detached) * d.newBuildSemiTerracedKwh) +
    (1 - newBuild) * (detached * d.existingDetachedKwh + (1 - detached) * d.existingSemiTerracedKwh);
  if (constants.intradayShape.length !== HOURS_PER_DAY) throw new RangeError('the intraday shape needs 24 values');
  const hourlyFraction = Float64Array.from(constants.intradayShape);
  const shapeSum = hourlyFraction.reduce((sum, value) => sum + value, 0);
  for (let h = 0; h < HOURS_PER_DAY; h++) hourlyFraction[h] = (hourlyFraction[h] as number) / shapeSum;
  return {
    ua24KwhPerKDay: annualKwh / constants.annualDegreeDaysKDay,
    highTemperatureShare: model.highTemperaturePercent / 100,
    hybridShare: model.hybridPercent / 100,
    bivalentTemperatureC: model.bivalentTemperatureC,
    degreeDayBaseC: constants.degreeDayBaseC,
    hourlyFraction,
  };
}

/** The day's mean of 24 hourly temperatures, °C. */
export function dailyMeanC(hourlyC: Float64Array): number {
  let sum = 0;
  for (let h = 0; h < HOURS_PER_DAY; h++) sum += hourlyC[h] as number;
  return sum / HOURS_PER_DAY;
}

/** Domain-references §5: Q_day = UA24·max(0, base − T_mean), kWh (thermal) per heat-pump home. */
export function dailyHeatDemandKwh(mix: HeatPumpMix, meanC: number): number {
  return mix.ua24KwhPerKDay * Math.max(0, mix.degreeDayBaseC - meanC);
}

/**
 * The electrical load of one heat pump of the mix in each hour, kW, written into `out`: the day's heat spread by the
 * intraday shape, divided by the COP at that hour's air temperature for the high/low-temperature mix; hybrids draw
 * nothing in hours below the bivalent temperature (their boiler runs). Allocation-free.
 */
export function heatPumpKwPerHp(mix: HeatPumpMix, ambientC: Float64Array, out: Float64Array): Float64Array {
  const heatKwh = dailyHeatDemandKwh(mix, dailyMeanC(ambientC));
  for (let h = 0; h < HOURS_PER_DAY; h++) {
    const airC = ambientC[h] as number;
    const perKwhHeat =
      mix.highTemperatureShare / systemCop('high_temperature', airC) + (1 - mix.highTemperatureShare) / systemCop('low_temperature', airC);
    const running = airC < mix.bivalentTemperatureC ? 1 - mix.hybridShare : 1;
    out[h] = heatKwh * (mix.hourlyFraction[h] as number) * perKwhHeat * running;
  }
  return out;
}

/** Spec §9, the 1-in-20 cold day: the day's hourly temperatures shifted so that their mean is `meanC` (the daily cycle kept). */
export function shiftToDailyMean(hourlyC: Float64Array, meanC: number, out: Float64Array): Float64Array {
  const shift = meanC - dailyMeanC(hourlyC);
  for (let h = 0; h < HOURS_PER_DAY; h++) out[h] = (hourlyC[h] as number) + shift;
  return out;
}
