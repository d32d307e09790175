/**
 * The load of the "future ageing" health indicator (spec §4): the measured days again, with the load the EV and
 * heat-pump models add by a forecast year. The added load is given in kVA for each hour of the local day (the
 * load models' hourly profile of the transformer's base-load day) and is taken as balanced over the phases, so it
 * adds its share of the rating to K, which follows the most loaded phase (load-factor.ts):
 * K_future(t) = K(t) + ΔS(hour of t) / S_rated.
 */
import { zonedDay, zonedDayStartMs } from '../time-range';

const HOURS_PER_DAY = 24;
const MS_PER_HOUR = 3_600_000;

/**
 * K per sample with `addedKvaByHour` (24 values, kVA, hour 0 = midnight to 01:00 on the clock of `timeZone`) added.
 * A day with a clock change has 23 or 25 hours: its last hour takes hour 23's value. NaN for a non-positive rating.
 */
export function loadFactorsWithAddedLoad(
  timesMs: Float64Array,
  loadPu: Float64Array,
  addedKvaByHour: Float64Array,
  ratingKva: number,
  timeZone: string,
  outPu: Float64Array = new Float64Array(loadPu.length),
): Float64Array {
  if (addedKvaByHour.length !== HOURS_PER_DAY) throw new RangeError(`the added load has one value per hour, got ${addedKvaByHour.length}`);
  const dayStarts = new Map<string, number>();
  for (let i = 0; i < loadPu.length; i++) {
    const atMs = timesMs[i]!;
    const day = zonedDay(atMs, timeZone);
    let startMs = dayStarts.get(day);
    if (startMs === undefined) dayStarts.set(day, (startMs = zonedDayStartMs(day, timeZone)));
    const hour = Math.min(HOURS_PER_DAY - 1, Math.floor((atMs - startMs) / MS_PER_HOUR));
    outPu[i] = ratingKva > 0 ? loadPu[i]! + addedKvaByHour[hour]! / ratingKva : Number.NaN;
  }
  return outPu;
}
