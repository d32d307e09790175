import { capacityState, type CapacityState } from './electrical';

/**
 * The capacity rule (issue 20, docs/decisions.md "Capacity rule"): a transformer's capacity state over a period
 * is the spec §4/§9 state of the period's PEAK capacity % (peak apparent power over the rating), for both ends.
 * A transformer is sized for its peak: it is overutilised when the peak passes 85 % of the rating, and
 * under-used (oversized, a candidate for a smaller unit) only when even its peak stays under 15 %. Judging the
 * low end on the mean instead flagged ordinary domestic units (load factor 0.3-0.5: a 40 % peak is a 15 % mean).
 *
 * The chart's state, the HasCapacityUnderLimit and HasCapacityOverLimit flags, the filters and the report all
 * come from this one function. Null means no state: no reading in the period, or a transformer without power
 * (every phase under the no-power current), which HasNoPower reports instead of calling it under-used.
 */
export function periodCapacityState(peakCapacityPercent: number | null, noPower: boolean): CapacityState | null {
  if (peakCapacityPercent === null || noPower) return null;
  return capacityState(peakCapacityPercent);
}
