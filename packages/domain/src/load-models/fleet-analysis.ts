/**
 * The EV/HP fleet analysis row of spec §3 for one transformer (domain-references §4): max EVs, max EV hour, first
 * year over capacity, max load day, min headroom, max load, max load hour.
 *
 * Units: the measured base load is apparent power (kVA, as the monitors measure it); it and the rating are turned
 * into demand with P_kW = S_kVA · PF (domain-references §3), EV and heat-pump loads are demand already, and every
 * figure is in kW against the capacity rating × PF × capacity limit (docs/decisions.md).
 */
import { HOURS_PER_DAY } from './arrival';
import { conservativeEvLoadKw, expectedEvLoadKw, type EvDayShape } from './ev-charging';
import {
  capacityKw,
  evCountsByYear,
  hpCountsByYear,
  scenarioCount,
  scenarioHeatPumpKw,
  validateTransformer,
  type PreparedLoadModels,
  type TransformerDay,
  type TransformerLoadInput,
} from './load-model-preparation';

export interface FleetAnalysisRow {
  /**
   * Max EVs in `maxEvsYear`: the largest n with max_h B(h) + L_EV(h; n) + n_HP(y)·hp(h) ≤ capacity on every day and
   * scenario evaluated, the heat pumps at that year's count (`maxEvsInYear`); 0 when that year is over capacity even
   * without EVs; null when EVs add (next to) no load, so that no limit shows within a million EVs.
   */
  maxEvs: number | null;
  /**
   * The year max EVs is for: the first year over capacity, or the horizon year when none. A year is over capacity
   * exactly when its forecast EV count exceeds its max EVs, so in this year the count is above max EVs when the
   * transformer goes over, and at most max EVs when it never does.
   */
  maxEvsYear: number;
  /** Hour (0-23) of the peak EV load on the day of the maximum load. */
  maxEvHour: number;
  /** First forecast year whose peak total load exceeds the capacity; null: none by the horizon year. */
  firstYearOverCapacity: number | null;
  /** The id of the day holding the maximum load (over all days, scenarios and years). */
  maxLoadDay: string;
  /** Whether that maximum is on the 1-in-20 cold version of the day. */
  maxLoadOnExtremeDay: boolean;
  /** The forecast year of the maximum load. */
  maxLoadYear: number;
  /** Capacity − max load, kW (negative when over). */
  minHeadroomKw: number;
  maxLoadKw: number;
  maxLoadHour: number;
}

/** Scratch for the per-transformer loops: the domain is synchronous, so one set serves every call. */
const ambientScratch = new Float64Array(HOURS_PER_DAY);
const hpScratch = new Float64Array(HOURS_PER_DAY);
const evScratch = new Float64Array(HOURS_PER_DAY);

/**
 * The EV load of `evCount` EVs in each hour on a day of `shape`, kW, by the prepared method, into `out`. The
 * conservative load is memoised per (shape, count): the fleet asks the same counts again and again.
 */
export function evLoadKw(prepared: PreparedLoadModels, shape: EvDayShape, evCount: number, out: Float64Array): Float64Array {
  if (prepared.evLoadMethod === 'expected') return expectedEvLoadKw(shape, evCount, out);
  const memo = prepared.conservativeKwByCount[shape.day];
  let known = memo.get(evCount);
  if (!known) {
    known = conservativeEvLoadKw(shape, evCount, prepared.evConfidence, prepared.quantiles, new Float64Array(HOURS_PER_DAY));
    memo.set(evCount, known);
  }
  out.set(known);
  return out;
}

export function shapeOf(prepared: PreparedLoadModels, day: TransformerDay): EvDayShape {
  return day.isWeekend ? prepared.weekend : prepared.weekday;
}

export function fleetAnalysisRow(prepared: PreparedLoadModels, input: TransformerLoadInput): FleetAnalysisRow {
  validateTransformer(input);
  const { years } = prepared;
  const powerFactor = prepared.constants.powerFactor;
  const capacity = capacityKw(prepared, input.ratingKva);
  const evCounts = evCountsByYear(prepared, input.connectedCustomers);
  const hpCounts = hpCountsByYear(prepared, input.connectedCustomers);
  const scenarios = scenarioCount(prepared);

  let maxLoadKw = -Infinity;
  let maxLoadHour = 0;
  let maxLoadDayIndex = 0;
  let maxLoadScenario = 0;
  let maxLoadYearIndex = 0;
  let firstOverIndex = years.length;
  for (let d = 0; d < input.days.length; d++) {
    const day = input.days[d] as TransformerDay;
    const shape = shapeOf(prepared, day);
    for (let scenario = 0; scenario < scenarios; scenario++) {
      const hpKw = scenarioHeatPumpKw(prepared, day, scenario, ambientScratch, hpScratch);
      for (let y = 0; y < years.length; y++) {
        const evKw = evLoadKw(prepared, shape, evCounts[y] as number, evScratch);
        const hpCount = hpCounts[y] as number;
        for (let h = 0; h < HOURS_PER_DAY; h++) {
          const totalKw = (day.baseLoadKva[h] as number) * powerFactor + (evKw[h] as number) + hpCount * (hpKw[h] as number);
          if (totalKw > capacity && y < firstOverIndex) firstOverIndex = y;
          if (totalKw > maxLoadKw) {
            maxLoadKw = totalKw;
            maxLoadHour = h;
            maxLoadDayIndex = d;
            maxLoadScenario = scenario;
            maxLoadYearIndex = y;
          }
        }
      }
    }
  }
  const maxDay = input.days[maxLoadDayIndex] as TransformerDay;
  const maxEvsYearIndex = Math.min(firstOverIndex, years.length - 1);
  return {
    maxEvs: maxEvsInYear(prepared, input, maxEvsYearIndex),
    maxEvsYear: years[maxEvsYearIndex] as number,
    // The binomial quantile is non-decreasing in p, so both methods peak where q·c(h) does.
    maxEvHour: argMax(shapeOf(prepared, maxDay).expectedKwPerEv),
    firstYearOverCapacity: firstOverIndex < years.length ? (years[firstOverIndex] as number) : null,
    maxLoadDay: maxDay.id,
    maxLoadOnExtremeDay: maxLoadScenario === 1,
    maxLoadYear: years[maxLoadYearIndex] as number,
    minHeadroomKw: capacity - maxLoadKw,
    maxLoadKw,
    maxLoadHour,
  };
}

/**
 * Max EVs in the forecast year of index `yearIndex`: the largest n that fits under the capacity in every hour of every
 * day and scenario evaluated, with that year's heat pumps (0: over even without EVs; null: no practical limit).
 * The one definition behind the fleet row's figure and each year of a transformer's forecast.
 */
export function maxEvsInYear(prepared: PreparedLoadModels, input: TransformerLoadInput, yearIndex: number): number | null {
  const capacity = capacityKw(prepared, input.ratingKva);
  const hpCount = hpCountsByYear(prepared, input.connectedCustomers)[yearIndex] as number;
  let maxEvs: number | null = null;
  for (const day of input.days) {
    const shape = shapeOf(prepared, day);
    for (let scenario = 0; scenario < scenarioCount(prepared); scenario++) {
      const hpKw = scenarioHeatPumpKw(prepared, day, scenario, ambientScratch, hpScratch);
      const dayMaxEvs = maxEvsOnDay(prepared, shape, day.baseLoadKva, hpKw, hpCount, capacity);
      if (dayMaxEvs !== null && (maxEvs === null || dayMaxEvs < maxEvs)) maxEvs = dayMaxEvs;
    }
  }
  return maxEvs;
}

/** The first hour of the largest value. */
export function argMax(values: Float64Array): number {
  let best = 0;
  for (let h = 1; h < values.length; h++) if ((values[h] as number) > (values[best] as number)) best = h;
  return best;
}

/** Max EVs is searched up to a million per transformer; beyond it the answer is null (no practical limit). */
export const MAX_EVS_SEARCHED = 1_000_000;

/**
 * Largest n with max_h B(h) + L_EV(h; n) + n_HP·hp(h) ≤ capacity on one day. 0 when n = 0 is already over; null
 * when EVs add no load that day, or so little that a million of them still fit.
 */
export function maxEvsOnDay(
  prepared: PreparedLoadModels,
  shape: EvDayShape,
  baseLoadKva: Float64Array,
  hpKwPerHp: Float64Array,
  hpCount: number,
  capacity: number,
): number | null {
  const powerFactor = prepared.constants.powerFactor;
  let bound = Infinity;
  for (let h = 0; h < HOURS_PER_DAY; h++) {
    const spareKw = capacity - (baseLoadKva[h] as number) * powerFactor - hpCount * (hpKwPerHp[h] as number);
    if (spareKw < 0) return 0;
    const perEvKw = shape.expectedKwPerEv[h] as number;
    if (perEvKw > 0) bound = Math.min(bound, spareKw / perEvKw);
  }
  if (bound >= MAX_EVS_SEARCHED) return null;
  const fits = (n: number) => fitsOnDay(prepared, shape, baseLoadKva, hpKwPerHp, hpCount, capacity, n);
  if (prepared.evLoadMethod === 'expected') {
    // The bound is exact up to rounding; settle the last unit against the load itself.
    let n = Math.floor(bound);
    while (n > 0 && !fits(n)) n--;
    while (fits(n + 1)) n++;
    return n;
  }
  // Conservative: the binomial quantile is non-decreasing in n, so search for the last n that fits.
  if (!fits(0)) return 0;
  let low = 0;
  let high = 1;
  while (fits(high)) {
    if (high >= MAX_EVS_SEARCHED) return null;
    low = high;
    high *= 2;
  }
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle;
  }
  return low;
}

function fitsOnDay(
  prepared: PreparedLoadModels,
  shape: EvDayShape,
  baseLoadKva: Float64Array,
  hpKwPerHp: Float64Array,
  hpCount: number,
  capacity: number,
  evCount: number,
): boolean {
  const evKw = evLoadKw(prepared, shape, evCount, evScratch);
  const powerFactor = prepared.constants.powerFactor;
  for (let h = 0; h < HOURS_PER_DAY; h++) {
    const totalKw = (baseLoadKva[h] as number) * powerFactor + (evKw[h] as number) + hpCount * (hpKwPerHp[h] as number);
    if (totalKw > capacity) return false;
  }
  return true;
}

/**
 * Issue 20: the fleet table ranks what to reinforce first: the earliest first year over capacity first (none by
 * 2030 last), then the least headroom. A comparator for `Array.prototype.sort`.
 */
export function compareByReinforcementUrgency(
  a: Pick<FleetAnalysisRow, 'firstYearOverCapacity' | 'minHeadroomKw'>,
  b: Pick<FleetAnalysisRow, 'firstYearOverCapacity' | 'minHeadroomKw'>,
): number {
  const yearA = a.firstYearOverCapacity ?? Infinity;
  const yearB = b.firstYearOverCapacity ?? Infinity;
  if (yearA !== yearB) return yearA < yearB ? -1 : 1;
  return a.minHeadroomKw - b.minHeadroomKw;
}
