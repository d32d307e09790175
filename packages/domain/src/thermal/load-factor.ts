/**
 * Load factor K for the thermal model (IEC 60076-7:2018 3.x "load factor": load current / rated current).
 * K uses the most loaded phase: I_rated_phase = rating_kVA * 1000 / (3 * 230) (domain-references §1, §2).
 * Conservative by design: the hottest winding sits on the heaviest phase, and an unbalanced load heats the
 * transformer more than its three-phase mean suggests, so taking the mean would understate the hot spot.
 */
import { ratedPhaseCurrentA } from '../power/electrical';

/**
 * K per sample from three phase-current series (amperes), written into `outPu` (allocated when not given).
 * Allocation-free when the caller passes `outPu`. NaN for a non-positive rating.
 */
export function loadFactorsPu(
  l1A: Float64Array,
  l2A: Float64Array,
  l3A: Float64Array,
  ratingKva: number,
  outPu: Float64Array = new Float64Array(l1A.length),
): Float64Array {
  const ratedA = ratedPhaseCurrentA(ratingKva);
  for (let i = 0; i < l1A.length; i++) {
    outPu[i] = Math.max(l1A[i]!, l2A[i]!, l3A[i]!) / ratedA;
  }
  return outPu;
}
