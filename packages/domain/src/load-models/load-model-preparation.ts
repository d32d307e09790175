/**
 * Everything an EV model and an HP model decide before any transformer is seen: the forecast years, the uptake
 * per year, the per-EV charging shapes for weekdays and weekends, the heat-pump mix, and memoised binomial counts.
 * A fleet analysis prepares once and then does O(24 · years · days) work per transformer.
 */
import { HOURS_PER_DAY } from './arrival';
import { BinomialQuantileCache } from './binomial';
import { evDayShape, type EvDayShape } from './ev-charging';
import {
  defaultHeatPumpConstants,
  heatPumpKwPerHp,
  heatPumpMix,
  shiftToDailyMean,
  type HeatPumpConstants,
  type HeatPumpMix,
} from './heat-pump';
import { defaultLoadModelConstants, type EvModelParameters, type HpModelParameters, type LoadModelConstants } from './model-parameters';
import { evShareByYear, forecastYears, heatPumpShareByYear } from './uptake';

/**
 * 'expected': L_EV(h) = n_EV·q·P_avg·c(h); 'conservative': concurrent chargers ~ Binomial(n_EV, q·c(h)) at the EV
 * model's confidence level (domain-references §4).
 */
export type EvLoadMethod = 'expected' | 'conservative';

export interface LoadModelSettings {
  /** The year of the base-load data; the forecast runs from it to the horizon year. */
  baseYear: number;
  evLoadMethod?: EvLoadMethod;
  constants?: LoadModelConstants;
  heatPumpConstants?: HeatPumpConstants;
}

/** One day of a transformer: its measured base load and the ambient temperature, hour by hour. */
export interface TransformerDay {
  /** The day's identity in the caller's terms (an ISO date). */
  id: string;
  /** Weekend days take the weekend charging shape. */
  isWeekend: boolean;
  /** Measured apparent power by hour, kVA (24 values). */
  baseLoadKva: Float64Array;
  /** Ambient temperature by hour, °C (24 values). */
  ambientC: Float64Array;
}

export interface TransformerLoadInput {
  ratingKva: number;
  /** Connected customers (MPRNs): the N of the binomial counts. */
  connectedCustomers: number;
  /** The base-load day(s) of the model's day type; at least one. */
  days: readonly TransformerDay[];
}

export interface PreparedLoadModels {
  readonly ev: EvModelParameters;
  readonly hp: HpModelParameters;
  readonly constants: LoadModelConstants;
  readonly evLoadMethod: EvLoadMethod;
  readonly years: Int32Array;
  /** p_EV(y) and p_HP(y), fractions, one per forecast year. */
  readonly evShare: Float64Array;
  readonly hpShare: Float64Array;
  readonly evConfidence: number;
  readonly hpConfidence: number;
  readonly weekday: EvDayShape;
  readonly weekend: EvDayShape;
  readonly hpMix: HeatPumpMix;
  readonly quantiles: BinomialQuantileCache;
  readonly evCountsByCustomers: Map<number, Int32Array>;
  readonly hpCountsByCustomers: Map<number, Int32Array>;
  /** Conservative EV load by hour (kW) per EV count, one memo per charging shape: q·c(h) is fixed by the shape. */
  readonly conservativeKwByCount: { readonly weekday: Map<number, Float64Array>; readonly weekend: Map<number, Float64Array> };
}

export function prepareLoadModels(ev: EvModelParameters, hp: HpModelParameters, settings: LoadModelSettings): PreparedLoadModels {
  const constants = settings.constants ?? defaultLoadModelConstants;
  const years = forecastYears(settings.baseYear, constants.horizonYear);
  return {
    ev,
    hp,
    constants,
    evLoadMethod: settings.evLoadMethod ?? 'expected',
    years,
    evShare: evShareByYear(ev.currentEvSharePercent, ev.newCarBuyersPercentPerYear, ev.evShareOfSalesPercent, years),
    hpShare: heatPumpShareByYear(hp.currentHeatPumpSharePercent, hp.installingPercentPerYear, years),
    evConfidence: ev.confidenceLevelPercent / 100,
    hpConfidence: hp.confidenceLevelPercent / 100,
    weekday: evDayShape(ev, constants, 'weekday'),
    weekend: evDayShape(ev, constants, 'weekend'),
    hpMix: heatPumpMix(hp, settings.heatPumpConstants ?? defaultHeatPumpConstants),
    quantiles: new BinomialQuantileCache(),
    evCountsByCustomers: new Map(),
    hpCountsByCustomers: new Map(),
    conservativeKwByCount: { weekday: new Map(), weekend: new Map() },
  };
}

/** n_EV(y) = min{k : BinomCDF(k; N, p_EV(y)) ≥ CL} for each forecast year, memoised by N. */
export function evCountsByYear(prepared: PreparedLoadModels, customers: number): Int32Array {
  return countsByYear(prepared.evCountsByCustomers, prepared.quantiles, customers, prepared.evShare, prepared.evConfidence);
}

/** n_HP(y), the same binomial machinery driven by the heat-pump share (domain-references §5). */
export function hpCountsByYear(prepared: PreparedLoadModels, customers: number): Int32Array {
  return countsByYear(prepared.hpCountsByCustomers, prepared.quantiles, customers, prepared.hpShare, prepared.hpConfidence);
}

function countsByYear(
  memo: Map<number, Int32Array>,
  quantiles: BinomialQuantileCache,
  customers: number,
  shares: Float64Array,
  confidence: number,
): Int32Array {
  const known = memo.get(customers);
  if (known) return known;
  const counts = new Int32Array(shares.length);
  for (let i = 0; i < shares.length; i++) counts[i] = quantiles.quantile(customers, shares[i] as number, confidence);
  memo.set(customers, counts);
  return counts;
}

/** The scenarios each input day is evaluated under: as measured, and (when the HP model asks) its 1-in-20 cold twin. */
export function scenarioCount(prepared: PreparedLoadModels): number {
  return prepared.hp.extremeScenario ? 2 : 1;
}

/**
 * The ambient of a day under a scenario (0 as measured, 1 the cold day of spec §9) and the load of one heat pump
 * in each hour, written into the scratch arrays given.
 */
export function scenarioHeatPumpKw(
  prepared: PreparedLoadModels,
  day: TransformerDay,
  scenario: number,
  ambientOut: Float64Array,
  hpKwOut: Float64Array,
): Float64Array {
  if (scenario === 1) shiftToDailyMean(day.ambientC, prepared.hp.extremeDayMeanTemperatureC, ambientOut);
  else ambientOut.set(day.ambientC);
  return heatPumpKwPerHp(prepared.hpMix, ambientOut, hpKwOut);
}

/** The transformer's limit for "over capacity": rating × PF × the capacity limit (docs/decisions.md), kW. */
export function capacityKw(prepared: PreparedLoadModels, ratingKva: number): number {
  return ratingKva * prepared.constants.powerFactor * (prepared.constants.capacityLimitPercent / 100);
}

export function validateTransformer(input: TransformerLoadInput): void {
  if (!(input.ratingKva > 0)) throw new RangeError(`ratingKva must be > 0, got ${input.ratingKva}`);
  if (!Number.isInteger(input.connectedCustomers) || input.connectedCustomers < 0)
    throw new RangeError(`connectedCustomers must be a whole number ≥ 0, got ${input.connectedCustomers}`);
  if (input.days.length === 0) throw new RangeError('at least one base-load day is needed');
  for (const day of input.days)
    if (day.baseLoadKva.length !== HOURS_PER_DAY || day.ambientC.length !== HOURS_PER_DAY)
      throw new RangeError(`day ${day.id}: 24 hourly base loads and temperatures are needed`);
}
