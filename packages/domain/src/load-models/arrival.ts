/**
 * Plug-in (arrival) time distributions discretised to the 24 hours of the day and renormalised
 * (domain-references §4). Hour h holds the probability of arriving in [h:00, h+1:00); the day wraps, so an arrival
 * drawn at 25:30 falls in hour 1.
 */
import type { ArrivalDistribution } from './model-parameters';

export const HOURS_PER_DAY = 24;
/** Wraps of the day either side of the mean summed for the normal: 4 days = 8 sd at the largest sd of 12 h. */
const WRAPS = 4;

/**
 * erfc(x) with fractional error under 1.2e-7 everywhere, tails included (Press et al., Numerical Recipes in C,
 * 2nd ed., §6.2, `erfcc`, a Chebyshev fit).
 */
export function complementaryErrorFunction(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const poly =
    -1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const value = t * Math.exp(-z * z + poly);
  return x >= 0 ? value : 2 - value;
}

/** Standard normal CDF Φ(x) = erfc(−x/√2)/2. */
export function standardNormalCdf(x: number): number {
  return 0.5 * complementaryErrorFunction(-x / Math.SQRT2);
}

/**
 * a(h), h = 0..23, summing to 1. 'normal': the mass of N(mean, sd²) in each hour, folded over the day's wraps.
 * 'uniform': the uniform of the same mean and sd (half-width √3·sd), folded the same way.
 */
export function arrivalDistribution(kind: ArrivalDistribution, meanHour: number, sdHours: number): Float64Array {
  if (!(meanHour >= 0 && meanHour < HOURS_PER_DAY)) throw new RangeError(`arrival mean hour must be in [0, 24), got ${meanHour}`);
  if (!(sdHours > 0 && sdHours <= 12)) throw new RangeError(`arrival sd must be in (0, 12] hours, got ${sdHours}`);
  const mass = kind === 'normal' ? foldedNormal(meanHour, sdHours) : foldedUniform(meanHour, sdHours);
  let total = 0;
  for (let h = 0; h < HOURS_PER_DAY; h++) total += mass[h] as number;
  for (let h = 0; h < HOURS_PER_DAY; h++) mass[h] = (mass[h] as number) / total;
  return mass;
}

function foldedNormal(meanHour: number, sdHours: number): Float64Array {
  const mass = new Float64Array(HOURS_PER_DAY);
  for (let h = 0; h < HOURS_PER_DAY; h++) {
    let sum = 0;
    for (let wrap = -WRAPS; wrap <= WRAPS; wrap++) {
      const start = h + wrap * HOURS_PER_DAY;
      // Each bin as a difference of upper tails on the far side keeps precision in the tails.
      sum += Math.max(0, binMass(start - meanHour, start + 1 - meanHour, sdHours));
    }
    mass[h] = sum;
  }
  return mass;
}

/** P(lo ≤ X − μ < hi) for X ~ N(μ, sd²), computed from the nearer tail so that neither difference cancels. */
function binMass(loHours: number, hiHours: number, sdHours: number): number {
  if (loHours >= 0) return standardNormalCdf(-loHours / sdHours) - standardNormalCdf(-hiHours / sdHours);
  return standardNormalCdf(hiHours / sdHours) - standardNormalCdf(loHours / sdHours);
}

function foldedUniform(meanHour: number, sdHours: number): Float64Array {
  const mass = new Float64Array(HOURS_PER_DAY);
  const halfWidth = Math.sqrt(3) * sdHours;
  const from = meanHour - halfWidth;
  const to = meanHour + halfWidth;
  for (let h = -2 * HOURS_PER_DAY; h < 3 * HOURS_PER_DAY; h++) {
    const overlap = Math.min(h + 1, to) - Math.max(h, from);
    if (overlap > 0) {
      const hour = ((h % HOURS_PER_DAY) + HOURS_PER_DAY) % HOURS_PER_DAY;
      mass[hour] = (mass[hour] as number) + overlap;
    }
  }
  return mass;
}
