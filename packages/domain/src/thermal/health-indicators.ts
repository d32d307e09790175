/**
 * The health indicators of the XFRMR Health tab (spec §4: accelerated or future ageing, hydrogen alert or
 * rate-of-change alert, risk of overload or re-rating, replacement, maintenance or temperature). Each comes with
 * what triggered it: the figure, its value, the threshold and when. The thresholds that no standard fixes are
 * product decisions recorded in docs/decisions.md ("Thermal ageing and health (issue 20)").
 */
import { hydrogenRateOfChangePpmPerDay, type HydrogenSample } from '../power/hydrogen-trend';
import { isTemperatureOverLimit, TEMPERATURE_OVER_LIMIT_C } from '../power/temperature-checks';
import { lossOfLife, type PaperInsulation } from './ageing';
import { longestAcceleratedAgeingRun, worstAgeingDay } from './daily-ageing';
import { HOT_SPOT_LIMIT_C, limitExceedance, LOAD_LIMIT_PU, TOP_OIL_LIMIT_C } from './loading-limits';

export const HEALTH_INDICATORS = [
  'accelerated-ageing',
  'future-ageing',
  'hydrogen-alert',
  'hydrogen-rate-alert',
  'risk-of-overload',
  're-rating',
  'replacement',
  'maintenance',
  'temperature',
] as const;
export type HealthIndicatorKind = (typeof HEALTH_INDICATORS)[number];

export type HealthFigure =
  | 'daily-loss-of-life-days'
  | 'sustained-ageing-h'
  | 'equivalent-ageing-factor'
  | 'hydrogen-ppm'
  | 'hydrogen-rate-ppm-per-day'
  | 'hot-spot-c'
  | 'top-oil-c'
  | 'load-pu'
  | 'overload-share-percent'
  | 'loss-of-life-percent'
  | 'tank-temperature-c';

/** What set an indicator off: `value` of `figure` against `threshold`, at `atMs` (null for a whole-period figure). */
export interface HealthTrigger {
  figure: HealthFigure;
  value: number;
  threshold: number;
  atMs: number | null;
  /** Observed (measured or modelled from measured load) or forecast (e.g. with the EV and heat-pump load). */
  basis: 'observed' | 'forecast';
}

export interface HealthIndicator {
  kind: HealthIndicatorKind;
  triggered: boolean;
  triggers: HealthTrigger[];
}

/** A thermal series over a period: times (epoch ms), K (p.u.), top oil and hot spot (°C). */
export interface ThermalSeries {
  timesMs: Float64Array;
  loadPu: Float64Array;
  topOilC: Float64Array;
  hotSpotC: Float64Array;
}

export interface HealthInput {
  observed: ThermalSeries;
  paper: PaperInsulation;
  /** The modelled future (for example the same days with the forecast EV and heat-pump load), if any. */
  forecast?: ThermalSeries | undefined;
  /** Ready hydrogen readings of the period (filter with isReadyHydrogenStatus), if a sensor is fitted. */
  hydrogen?: readonly HydrogenSample[] | undefined;
  /** Tank temperature readings of the monitor's own sensor (°C) at times (epoch ms), if any. */
  tankTemperature?: { timesMs: Float64Array; temperatureC: Float64Array } | undefined;
  /** % of the normal insulation life consumed before the period (from earlier periods or an assessment); 0 if unknown. */
  priorLossOfLifePercent?: number | undefined;
  /** The time zone (IANA) whose midnights cut the days: the tenant's calendar; UTC by default. */
  timeZone?: string | undefined;
}

/** Product-decision thresholds (docs/decisions.md); each overridable. */
export interface HealthRules {
  /** A day whose loss of life exceeds this many days ages faster than rated (IEC 60076-7: 1 day per day). */
  dailyLossOfLifeDays: number;
  /** Hours of unbroken V > 1 that count as sustained accelerated ageing. */
  sustainedAgeingH: number;
  /** Dissolved hydrogen in ppm: IEEE C57.104-2008 Table 1, Condition 1 limit for H2. */
  hydrogenPpm: number;
  /** Hydrogen trend in ppm per day: the lowest generation-rate band edge of IEEE C57.104-2008 Table 3 (10 ppm/day). */
  hydrogenRatePpmPerDay: number;
  /** Share of the period (%) spent above rated current (K > 1) that calls for a re-rating study. */
  reRatingOverloadSharePercent: number;
  /** Cumulative % loss of life at which maintenance (oil test, inspection) is due. */
  maintenanceLossOfLifePercent: number;
  /** Cumulative % loss of life at which replacement should be planned. */
  replacementLossOfLifePercent: number;
}

export const DEFAULT_HEALTH_RULES: Readonly<HealthRules> = Object.freeze({
  dailyLossOfLifeDays: 1,
  sustainedAgeingH: 6,
  hydrogenPpm: 100,
  hydrogenRatePpmPerDay: 10,
  reRatingOverloadSharePercent: 5,
  maintenanceLossOfLifePercent: 50,
  replacementLossOfLifePercent: 80,
});

/** All nine indicators, in HEALTH_INDICATORS order. */
export function healthIndicators(input: HealthInput, rules: HealthRules = DEFAULT_HEALTH_RULES): HealthIndicator[] {
  const hydrogenTriggers = hydrogenLevelTriggers(input.hydrogen, rules);
  const hydrogenRate = hydrogenRateTriggers(input.hydrogen, rules);
  const period = lossOfLife(input.observed.timesMs, input.observed.hotSpotC, input.paper);
  const consumedPercent = (input.priorLossOfLifePercent ?? 0) + period.lossOfLifePercent;
  const lifeTrigger = (threshold: number): HealthTrigger[] =>
    consumedPercent >= threshold
      ? [{ figure: 'loss-of-life-percent', value: consumedPercent, threshold, atMs: null, basis: 'observed' }]
      : [];
  const byKind: Record<HealthIndicatorKind, HealthTrigger[]> = {
    'accelerated-ageing': ageingTriggers(input.observed, input, rules, 'observed'),
    'future-ageing': input.forecast ? ageingTriggers(input.forecast, input, rules, 'forecast') : [],
    'hydrogen-alert': hydrogenTriggers,
    'hydrogen-rate-alert': hydrogenRate,
    'risk-of-overload': overloadTriggers(input),
    're-rating': reRatingTriggers(input.observed, rules),
    replacement: lifeTrigger(rules.replacementLossOfLifePercent),
    maintenance: [...lifeTrigger(rules.maintenanceLossOfLifePercent), ...hydrogenTriggers, ...hydrogenRate],
    temperature: temperatureTriggers(input),
  };
  return HEALTH_INDICATORS.map((kind) => ({ kind, triggered: byKind[kind].length > 0, triggers: byKind[kind] }));
}

/** Domain-references §2: accelerated ageing is a day's L over 1 day, or V > 1 sustained; the forecast adds F_EQA > 1. */
function ageingTriggers(series: ThermalSeries, input: HealthInput, rules: HealthRules, basis: HealthTrigger['basis']): HealthTrigger[] {
  const triggers: HealthTrigger[] = [];
  const day = worstAgeingDay(series.timesMs, series.hotSpotC, input.paper, input.timeZone);
  if (day && day.lossOfLifeDays > rules.dailyLossOfLifeDays) {
    triggers.push({
      figure: 'daily-loss-of-life-days',
      value: day.lossOfLifeDays,
      threshold: rules.dailyLossOfLifeDays,
      atMs: day.dayStartMs,
      basis,
    });
  }
  const run = longestAcceleratedAgeingRun(series.timesMs, series.hotSpotC, input.paper);
  if (run && run.durationH >= rules.sustainedAgeingH) {
    triggers.push({ figure: 'sustained-ageing-h', value: run.durationH, threshold: rules.sustainedAgeingH, atMs: run.startMs, basis });
  }
  if (basis === 'forecast') {
    const factor = lossOfLife(series.timesMs, series.hotSpotC, input.paper).equivalentAgeingFactor;
    if (factor > 1) triggers.push({ figure: 'equivalent-ageing-factor', value: factor, threshold: 1, atMs: null, basis });
  }
  return triggers;
}

function hydrogenLevelTriggers(samples: readonly HydrogenSample[] | undefined, rules: HealthRules): HealthTrigger[] {
  let worst: HydrogenSample | null = null;
  for (const sample of samples ?? []) if (worst === null || sample.h2Ppm > worst.h2Ppm) worst = sample;
  if (worst === null || !(worst.h2Ppm > rules.hydrogenPpm)) return [];
  return [{ figure: 'hydrogen-ppm', value: worst.h2Ppm, threshold: rules.hydrogenPpm, atMs: worst.atMs, basis: 'observed' }];
}

/** The trend of hydrogen-trend.ts (least-squares slope), dated at the last reading. */
function hydrogenRateTriggers(samples: readonly HydrogenSample[] | undefined, rules: HealthRules): HealthTrigger[] {
  if (!samples || samples.length < 2) return [];
  const rate = hydrogenRateOfChangePpmPerDay(samples);
  if (rate === null || !(rate > rules.hydrogenRatePpmPerDay)) return [];
  const lastAtMs = samples.reduce((latest, sample) => Math.max(latest, sample.atMs), -Infinity);
  return [{ figure: 'hydrogen-rate-ppm-per-day', value: rate, threshold: rules.hydrogenRatePpmPerDay, atMs: lastAtMs, basis: 'observed' }];
}

/** IEC 60076-7 limits: the observed current over 1.5 p.u., or any forecast limit breach. */
function overloadTriggers(input: HealthInput): HealthTrigger[] {
  const triggers = exceedanceTriggers(input.observed.timesMs, input.observed.loadPu, LOAD_LIMIT_PU, 'load-pu', 'observed');
  if (input.forecast) {
    const { timesMs, loadPu, topOilC, hotSpotC } = input.forecast;
    triggers.push(
      ...exceedanceTriggers(timesMs, hotSpotC, HOT_SPOT_LIMIT_C, 'hot-spot-c', 'forecast'),
      ...exceedanceTriggers(timesMs, topOilC, TOP_OIL_LIMIT_C, 'top-oil-c', 'forecast'),
      ...exceedanceTriggers(timesMs, loadPu, LOAD_LIMIT_PU, 'load-pu', 'forecast'),
    );
  }
  return triggers;
}

/** Observed temperatures over their limits: top oil and hot spot (IEC 60076-7 limits), the tank sensor (90 °C). */
function temperatureTriggers(input: HealthInput): HealthTrigger[] {
  const { timesMs, topOilC, hotSpotC } = input.observed;
  const triggers = [
    ...exceedanceTriggers(timesMs, hotSpotC, HOT_SPOT_LIMIT_C, 'hot-spot-c', 'observed'),
    ...exceedanceTriggers(timesMs, topOilC, TOP_OIL_LIMIT_C, 'top-oil-c', 'observed'),
  ];
  const tank = input.tankTemperature;
  if (tank) {
    let worst = -1;
    for (let i = 0; i < tank.temperatureC.length; i++) {
      // temperature-checks.ts discards sense errors and impossible readings before comparing.
      if (isTemperatureOverLimit(tank.temperatureC[i]) && (worst < 0 || tank.temperatureC[i]! > tank.temperatureC[worst]!)) worst = i;
    }
    if (worst >= 0) {
      triggers.push({
        figure: 'tank-temperature-c',
        value: tank.temperatureC[worst]!,
        threshold: TEMPERATURE_OVER_LIMIT_C,
        atMs: tank.timesMs[worst]!,
        basis: 'observed',
      });
    }
  }
  return triggers;
}

/** Share of the period's time (rectangle rule) with K above 1 p.u., dated at the first such sample. */
function reRatingTriggers(series: ThermalSeries, rules: HealthRules): HealthTrigger[] {
  const { timesMs, loadPu } = series;
  let overMs = 0;
  let firstAtMs: number | null = null;
  for (let i = 1; i < timesMs.length; i++) {
    if (!(loadPu[i]! > 1)) continue;
    overMs += timesMs[i]! - timesMs[i - 1]!;
    firstAtMs ??= timesMs[i]!;
  }
  const totalMs = timesMs.length > 1 ? timesMs[timesMs.length - 1]! - timesMs[0]! : 0;
  const sharePercent = totalMs > 0 ? (100 * overMs) / totalMs : 0;
  if (!(sharePercent > rules.reRatingOverloadSharePercent)) return [];
  return [
    {
      figure: 'overload-share-percent',
      value: sharePercent,
      threshold: rules.reRatingOverloadSharePercent,
      atMs: firstAtMs,
      basis: 'observed',
    },
  ];
}

function exceedanceTriggers(
  timesMs: Float64Array,
  values: Float64Array,
  threshold: number,
  figure: HealthFigure,
  basis: HealthTrigger['basis'],
): HealthTrigger[] {
  const over = limitExceedance(timesMs, values, threshold);
  return over ? [{ figure, value: over.maxValue, threshold, atMs: over.maxAtMs, basis }] : [];
}
