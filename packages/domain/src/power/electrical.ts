/**
 * Loading, capacity and imbalance of a three-phase distribution transformer (domain-references §1).
 * Phase currents are RMS magnitudes in amperes (never negative), one per phase L1, L2, L3.
 */

/** Spec §9: every power figure uses a 230 V phase-to-neutral voltage basis. */
export const VOLTAGE_BASIS_V = 230;

export type PhaseCurrentsA = readonly [number, number, number];

/** Spec §9 and domain-references §1: S_kVA = (I_L1 + I_L2 + I_L3) * 230 / 1000. */
export function apparentPowerKva(currentsA: PhaseCurrentsA): number {
  const [i1, i2, i3] = currentsA;
  return apparentPowerOfTotalCurrentKva(i1 + i2 + i3);
}

/** The same formula from the three phases' currents already summed (a mean of sums is the sum of means). */
export function apparentPowerOfTotalCurrentKva(totalCurrentA: number): number {
  return (totalCurrentA * VOLTAGE_BASIS_V) / 1000;
}

/** Domain-references §1: capacity % = 100 * S_kVA / rating_kVA. A missing or non-positive rating gives NaN. */
export function capacityPercent(apparentKva: number, ratingKva: number): number {
  if (!(ratingKva > 0)) return Number.NaN;
  return (100 * apparentKva) / ratingKva;
}

/** Spec §4 and §9: below 15 % a transformer is underperforming. */
export const CAPACITY_UNDER_LIMIT_PERCENT = 15;
/** Spec §4 and §9: above 85 % a transformer is overutilised. */
export const CAPACITY_OVER_LIMIT_PERCENT = 85;

export const CAPACITY_STATES = ['underperforming', 'normal', 'overutilised'] as const;
export type CapacityState = (typeof CAPACITY_STATES)[number];

/**
 * Spec §4 capacity state: < 15 % underperforming, 15-85 % (both ends included) normal, > 85 % overutilised.
 * NaN (unknown rating) is 'normal': unknown data must not raise a capacity problem.
 */
export function capacityState(percent: number): CapacityState {
  if (percent < CAPACITY_UNDER_LIMIT_PERCENT) return 'underperforming';
  if (percent > CAPACITY_OVER_LIMIT_PERCENT) return 'overutilised';
  return 'normal';
}

/** Domain-references §1: I_rated_phase = rating_kVA * 1000 / (3 * 230). NaN for a non-positive rating. */
export function ratedPhaseCurrentA(ratingKva: number): number {
  if (!(ratingKva > 0)) return Number.NaN;
  return (ratingKva * 1000) / (3 * VOLTAGE_BASIS_V);
}

/**
 * Domain-references §1: phase loading % = 100 * max(I_p) / I_rated_phase. It catches one overloaded phase
 * that the three-phase capacity % averages away. NaN for a non-positive rating.
 */
export function phaseLoadingPercent(currentsA: PhaseCurrentsA, ratingKva: number): number {
  return (100 * Math.max(...currentsA)) / ratedPhaseCurrentA(ratingKva);
}

/** Domain-references §1 (product decision): imbalance % = 100 * (I_max - I_min) / I_max, 0 when no phase carries current. Range 0-100. */
export function imbalancePercent(currentsA: PhaseCurrentsA): number {
  const maxA = Math.max(...currentsA);
  if (!(maxA > 0)) return 0;
  return (100 * (maxA - Math.min(...currentsA))) / maxA;
}

/** Spec §9: the phase-imbalance flag is raised when the period's maximum imbalance exceeds 90 %. */
export const IMBALANCE_FLAG_PERCENT = 90;

export const IMBALANCE_STATES = ['normal', 'imbalance'] as const;
export type ImbalanceState = (typeof IMBALANCE_STATES)[number];

/** Spec §4 and §9: 'imbalance' strictly above 90 %; exactly 90 % is still normal. */
export function imbalanceState(maxImbalancePercent: number): ImbalanceState {
  return maxImbalancePercent > IMBALANCE_FLAG_PERCENT ? 'imbalance' : 'normal';
}

/** Domain-references §1, NEMA definition: 100 * max |I_p - mean| / mean, 0 when the mean is 0. Range 0-200. */
export function nemaImbalancePercent(currentsA: PhaseCurrentsA): number {
  const meanA = (currentsA[0] + currentsA[1] + currentsA[2]) / 3;
  if (!(meanA > 0)) return 0;
  const maxDeviationA = Math.max(...currentsA.map((currentA) => Math.abs(currentA - meanA)));
  return (100 * maxDeviationA) / meanA;
}

/**
 * Domain-references §1: estimated neutral current sqrt(I1² + I2² + I3² - I1·I2 - I2·I3 - I3·I1), assuming equal
 * power factors and phases 120° apart. Computed in the equal form ((I1-I2)² + (I2-I3)² + (I3-I1)²) / 2, which
 * cannot go negative through rounding; the clamp to 0 is kept as a guard.
 */
export function neutralCurrentA(currentsA: PhaseCurrentsA): number {
  const [i1, i2, i3] = currentsA;
  const squareA2 = ((i1 - i2) ** 2 + (i2 - i3) ** 2 + (i3 - i1) ** 2) / 2;
  return Math.sqrt(Math.max(0, squareA2));
}
