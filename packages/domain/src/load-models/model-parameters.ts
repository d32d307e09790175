/**
 * The parameters of an EV model and a heat-pump model (spec §3 "EV model", "HP model"; domain-references §4, §5),
 * with their documented defaults. Percentages are 0-100 as a planner types them; the engines turn them into
 * fractions. The API contract mirrors these names field for field.
 */
import { DEFAULT_POWER_FACTOR } from '../power/admd';

/** Spec §4 "model day types": the base-load day is the most recent weekday or the day of the year's maximum load. */
export type ModelDayType = 'most_recent_weekday' | 'max_annual_load_day';
export type CommuterStatus = 'commuter' | 'non_commuter';
/** The plug-in (arrival) time distribution: a normal, or a uniform with the same mean and standard deviation. */
export type ArrivalDistribution = 'normal' | 'uniform';

export const MODEL_DAY_TYPES = ['most_recent_weekday', 'max_annual_load_day'] as const satisfies readonly ModelDayType[];
export const COMMUTER_STATUSES = ['commuter', 'non_commuter'] as const satisfies readonly CommuterStatus[];
export const ARRIVAL_DISTRIBUTIONS = ['normal', 'uniform'] as const satisfies readonly ArrivalDistribution[];

export interface EvModelParameters {
  /** Probability that an EV charges on a given weekday (q), 0-100 %. */
  chargeRateWeekdayPercent: number;
  /** A BEV's charge duration on a weekday, hours in (0, 24). */
  chargeDurationWeekdayHours: number;
  /** A BEV's charge duration on a weekend day, hours in (0, 24). */
  chargeDurationWeekendHours: number;
  /** The ratio of 7 kW to 3 kW chargers, as the 7 kW share (f7), 0-100 %. */
  charger7kwPercent: number;
  /** The ratio of BEV to PHEV, as the BEV share, 0-100 %. */
  bevPercent: number;
  /** Confidence level of the binomial counts, (0, 100) %. */
  confidenceLevelPercent: number;
  /** Households buying a new car per year, 0-100 %. */
  newCarBuyersPercentPerYear: number;
  /** EV share of new-car sales, 0-100 %. */
  evShareOfSalesPercent: number;
  /** Today's share of households with an EV, 0-100 %. */
  currentEvSharePercent: number;
  dayType: ModelDayType;
  commuterStatus: CommuterStatus;
  arrivalDistribution: ArrivalDistribution;
  /** Mean plug-in hour on a weekday, [0, 24). */
  arrivalMeanHour: number;
  /** Standard deviation of the weekday plug-in time, hours in (0, 12]. */
  arrivalSdHours: number;
}

export interface HpModelParameters {
  /** The ratio of new-build to existing homes, as the new-build share, 0-100 %. */
  newBuildPercent: number;
  /** The ratio of detached to semi-detached and terraced homes, as the detached share, 0-100 %. */
  detachedPercent: number;
  /** The ratio of hybrid to air-source (air-to-water) heat pumps, as the hybrid share, 0-100 %. */
  hybridPercent: number;
  /** The ratio of high- to low-temperature systems, as the high-temperature share, 0-100 %. */
  highTemperaturePercent: number;
  /** Homes installing a heat pump per year, 0-100 %. */
  installingPercentPerYear: number;
  /** Today's share of homes with a heat pump, 0-100 %. */
  currentHeatPumpSharePercent: number;
  /** Confidence level of the binomial counts, (0, 100) %. */
  confidenceLevelPercent: number;
  /** Spec §9: the 1-in-20 cold day as an extra scenario. */
  extremeScenario: boolean;
  /** Daily mean temperature of the 1-in-20 cold day, °C (spec §9: about −5 °C). */
  extremeDayMeanTemperatureC: number;
  /** Below this hourly ambient a hybrid heat pump runs on its boiler, °C. */
  bivalentTemperatureC: number;
}

/**
 * Weekday plug-in time by commuter status (domain-references §4: commuters arrive home around 18:00, sd 2 h; a
 * non-commuter area charges through the day, so flatter). The stored mean and sd are the model's; these are the
 * values a new model starts from for each status.
 */
export const DEFAULT_WEEKDAY_ARRIVAL: Readonly<Record<CommuterStatus, { meanHour: number; sdHours: number }>> = {
  commuter: { meanHour: 18, sdHours: 2 },
  non_commuter: { meanHour: 14, sdHours: 4 },
};

/**
 * Defaults, each an order of magnitude for an Irish low-voltage area (docs/decisions.md, "EV and heat-pump load
 * models (issue 20)", lists the sources):
 * - q 50 %: UK trials (My Electric Avenue, Electric Nation) saw home charging on about every other day;
 * - 4 h weekday, 3 h weekend: a 20-30 kWh top-up at 7 kW;
 * - 80 % 7 kW chargers: most grant-aided Irish home chargers are 7.4 kW;
 * - 70 % BEV: about two thirds of Irish plug-in registrations in 2024 were battery-electric;
 * - 6 % buying a new car a year: about 120,000 new cars for about 1.9 million households (SIMI, CSO);
 * - 22 % EV share of sales: Irish plug-in share of new cars in 2024 (SIMI);
 * - 6 % of households with an EV today.
 */
export const defaultEvModelParameters: Readonly<EvModelParameters> = {
  chargeRateWeekdayPercent: 50,
  chargeDurationWeekdayHours: 4,
  chargeDurationWeekendHours: 3,
  charger7kwPercent: 80,
  bevPercent: 70,
  confidenceLevelPercent: 95,
  newCarBuyersPercentPerYear: 6,
  evShareOfSalesPercent: 22,
  currentEvSharePercent: 6,
  dayType: 'most_recent_weekday',
  commuterStatus: 'commuter',
  arrivalDistribution: 'normal',
  arrivalMeanHour: DEFAULT_WEEKDAY_ARRIVAL.commuter.meanHour,
  arrivalSdHours: DEFAULT_WEEKDAY_ARRIVAL.commuter.sdHours,
};

/**
 * Defaults: 30 % new build (most Irish heat pumps so far went into new homes), 40 % detached (CSO Census 2022:
 * about 42 % of occupied dwellings), 10 % hybrid, 30 % high-temperature (retrofits keeping radiators), 2 % of homes
 * installing a year and 5 % with one today (Climate Action Plan trajectory to 2030), 95 % confidence, and the
 * spec §9 cold day of −5 °C with a 2 °C bivalent point (domain-references §5).
 */
export const defaultHpModelParameters: Readonly<HpModelParameters> = {
  newBuildPercent: 30,
  detachedPercent: 40,
  hybridPercent: 10,
  highTemperaturePercent: 30,
  installingPercentPerYear: 2,
  currentHeatPumpSharePercent: 5,
  confidenceLevelPercent: 95,
  extremeScenario: false,
  extremeDayMeanTemperatureC: -5,
  bivalentTemperatureC: 2,
};

/** Engine constants that are not fields of a stored model, each with its unit and default. */
export interface LoadModelConstants {
  /** Spec §9: the forecast runs to 2030. */
  horizonYear: number;
  /** Charger powers of spec §9, kW. */
  charger7Kw: number;
  charger3Kw: number;
  /** A PHEV's charge, hours: a 10-12 kWh battery at the 3.6 kW its on-board charger draws. */
  phevChargeDurationHours: number;
  /**
   * The weekend charge rate as a multiple of the weekday rate. 1: the model stores one rate, and trial data show
   * fewer but longer weekend sessions, which the shorter weekend duration and flatter arrival already carry.
   */
  weekendChargeRateRatio: number;
  /** Weekend plug-in time (no commute whatever the area): mean 13:00, sd 4 h. */
  weekendArrivalMeanHour: number;
  weekendArrivalSdHours: number;
  /** Demand P_kW = S_kVA · PF (domain-references §3), also applied to the base load and to the rating. */
  powerFactor: number;
  /** "Over capacity" means total demand above this share of the nameplate rating, %. */
  capacityLimitPercent: number;
}

export const defaultLoadModelConstants: Readonly<LoadModelConstants> = {
  horizonYear: 2030,
  charger7Kw: 7,
  charger3Kw: 3,
  phevChargeDurationHours: 3,
  weekendChargeRateRatio: 1,
  weekendArrivalMeanHour: 13,
  weekendArrivalSdHours: 4,
  powerFactor: DEFAULT_POWER_FACTOR,
  capacityLimitPercent: 100,
};
