/**
 * One transformer's analysis with every figure behind it (the asset's EV and HP Analysis tabs, `evbasedata`):
 * the row of spec §3, the year-by-year forecast to the horizon and the hourly profiles, each computed by the same
 * functions as the fleet row so that the two never disagree.
 */
import { HOURS_PER_DAY } from './arrival';
import { fleetAnalysisRow, evLoadKw, maxEvsInYear, shapeOf, type FleetAnalysisRow } from './fleet-analysis';
import { dailyHeatDemandKwh, dailyMeanC } from './heat-pump';
import {
  capacityKw,
  evCountsByYear,
  hpCountsByYear,
  scenarioCount,
  scenarioHeatPumpKw,
  type PreparedLoadModels,
  type TransformerDay,
  type TransformerLoadInput,
} from './load-model-preparation';

export interface YearForecast {
  year: number;
  /** p_EV(y) and p_HP(y), fractions of the connected customers. */
  evShare: number;
  evCount: number;
  hpShare: number;
  hpCount: number;
  /** Max EVs in this year, with this year's heat pumps (`maxEvsInYear`); the year is over capacity exactly when evCount exceeds it. */
  maxEvs: number | null;
  /** Peak total load over the days and scenarios evaluated, kW, and where it falls. */
  peakLoadKw: number;
  peakHour: number;
  peakDay: string;
  headroomKw: number;
  overCapacity: boolean;
}

export interface HourlyProfile {
  year: number;
  baseKw: Float64Array;
  evKw: Float64Array;
  hpKw: Float64Array;
  totalKw: Float64Array;
}

export interface DayExplanation {
  id: string;
  isWeekend: boolean;
  /** The 1-in-20 cold version of the day (spec §9). */
  extreme: boolean;
  ambientC: Float64Array;
  meanTemperatureC: number;
  /** Q_day per heat-pump home, kWh (thermal). */
  heatDemandKwhPerHome: number;
  /** The load of one heat pump by hour, kW. */
  hpKwPerHp: Float64Array;
  /** q, P_avg, a(h), c(h) and q·P_avg·c(h) of the day's charging shape. */
  chargeProbability: number;
  averageChargerKw: number;
  arrival: Float64Array;
  coverage: Float64Array;
  expectedKwPerEv: Float64Array;
  profiles: HourlyProfile[];
}

export interface TransformerExplanation {
  row: FleetAnalysisRow;
  ratingKva: number;
  powerFactor: number;
  capacityKw: number;
  connectedCustomers: number;
  evConfidence: number;
  hpConfidence: number;
  evLoadMethod: PreparedLoadModels['evLoadMethod'];
  forecast: YearForecast[];
  days: DayExplanation[];
}

export function explainTransformer(prepared: PreparedLoadModels, input: TransformerLoadInput): TransformerExplanation {
  const row = fleetAnalysisRow(prepared, input);
  const capacity = capacityKw(prepared, input.ratingKva);
  const evCounts = evCountsByYear(prepared, input.connectedCustomers);
  const hpCounts = hpCountsByYear(prepared, input.connectedCustomers);
  const days: DayExplanation[] = [];
  for (const day of input.days)
    for (let scenario = 0; scenario < scenarioCount(prepared); scenario++)
      days.push(explainDay(prepared, day, scenario, evCounts, hpCounts));
  const forecast = Array.from(prepared.years, (year, y): YearForecast => {
    let peakLoadKw = -Infinity;
    let peakHour = 0;
    let peakDay = '';
    for (const day of days) {
      const totalKw = (day.profiles[y] as HourlyProfile).totalKw;
      for (let h = 0; h < HOURS_PER_DAY; h++)
        if ((totalKw[h] as number) > peakLoadKw) {
          peakLoadKw = totalKw[h] as number;
          peakHour = h;
          peakDay = day.id;
        }
    }
    return {
      year,
      evShare: prepared.evShare[y] as number,
      evCount: evCounts[y] as number,
      hpShare: prepared.hpShare[y] as number,
      hpCount: hpCounts[y] as number,
      maxEvs: maxEvsInYear(prepared, input, y),
      peakLoadKw,
      peakHour,
      peakDay,
      headroomKw: capacity - peakLoadKw,
      overCapacity: peakLoadKw > capacity,
    };
  });
  return {
    row,
    ratingKva: input.ratingKva,
    powerFactor: prepared.constants.powerFactor,
    capacityKw: capacity,
    connectedCustomers: input.connectedCustomers,
    evConfidence: prepared.evConfidence,
    hpConfidence: prepared.hpConfidence,
    evLoadMethod: prepared.evLoadMethod,
    forecast,
    days,
  };
}

function explainDay(
  prepared: PreparedLoadModels,
  day: TransformerDay,
  scenario: number,
  evCounts: Int32Array,
  hpCounts: Int32Array,
): DayExplanation {
  const ambientC = new Float64Array(HOURS_PER_DAY);
  const hpKwPerHp = scenarioHeatPumpKw(prepared, day, scenario, ambientC, new Float64Array(HOURS_PER_DAY));
  const meanTemperatureC = dailyMeanC(ambientC);
  const shape = shapeOf(prepared, day);
  const profiles = Array.from(prepared.years, (year, y): HourlyProfile => {
    const baseKw = new Float64Array(HOURS_PER_DAY);
    const hpKw = new Float64Array(HOURS_PER_DAY);
    const totalKw = new Float64Array(HOURS_PER_DAY);
    const evKw = evLoadKw(prepared, shape, evCounts[y] as number, new Float64Array(HOURS_PER_DAY));
    for (let h = 0; h < HOURS_PER_DAY; h++) {
      baseKw[h] = (day.baseLoadKva[h] as number) * prepared.constants.powerFactor;
      hpKw[h] = (hpCounts[y] as number) * (hpKwPerHp[h] as number);
      totalKw[h] = (baseKw[h] as number) + (evKw[h] as number) + (hpKw[h] as number);
    }
    return { year, baseKw, evKw, hpKw, totalKw };
  });
  return {
    id: day.id,
    isWeekend: day.isWeekend,
    extreme: scenario === 1,
    ambientC,
    meanTemperatureC,
    heatDemandKwhPerHome: dailyHeatDemandKwh(prepared.hpMix, meanTemperatureC),
    hpKwPerHp,
    chargeProbability: shape.chargeProbability,
    averageChargerKw: shape.averageChargerKw,
    arrival: shape.arrival,
    coverage: shape.coverage,
    expectedKwPerEv: shape.expectedKwPerEv,
    profiles,
  };
}
