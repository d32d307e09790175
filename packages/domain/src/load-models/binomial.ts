/**
 * The exact inverse binomial CDF of domain-references §4: n = min{k : BinomCDF(k; N, p) ≥ CL}, never the normal
 * approximation.
 *
 * How it stays exact and free of underflow for N up to 10^5 and p near 0 or 1: the weights w(k) ∝ pmf(k) start at
 * w(mode) = 1 and are carried outward with the ratio pmf(k+1)/pmf(k) = (N−k)/(k+1) · p/(1−p), so every weight lies in
 * (0, 1]; the walk stops once a weight falls below 1e-30 of the mode's (the binomial is unimodal, so the rest of
 * that tail is smaller still). Dividing by the sum of the weights normalises them, so no factorial or Γ function
 * is ever evaluated. The work is O(√(N·p·(1−p))) terms.
 */

const NEGLIGIBLE_WEIGHT = 1e-30;
/** CDF values within this of CL count as reaching it, so that exact ties (CL = 0.75 for N = 2, p = ½) are not lost to rounding. */
const TIE_TOLERANCE = 1e-12;

/** The mode of Binomial(N, p): ⌊(N+1)·p⌋, clipped to [0, N]. */
export function binomialMode(trials: number, probability: number): number {
  return Math.min(trials, Math.max(0, Math.floor((trials + 1) * probability)));
}

/**
 * n = min{k : BinomCDF(k; trials, probability) ≥ confidence}. `trials` a whole number ≥ 0, `probability` in [0, 1],
 * `confidence` a fraction in (0, 1). Returns 0 when p = 0 and `trials` when p = 1.
 */
export function binomialQuantile(trials: number, probability: number, confidence: number): number {
  if (!Number.isInteger(trials) || trials < 0) throw new RangeError(`trials must be a whole number ≥ 0, got ${trials}`);
  if (!(probability >= 0 && probability <= 1)) throw new RangeError(`probability must be in [0, 1], got ${probability}`);
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  if (trials === 0 || probability === 0) return 0;
  if (probability === 1) return trials;

  const mode = binomialMode(trials, probability);
  const odds = probability / (1 - probability);
  // Left of the mode: w(k−1) = w(k) · k / ((N−k+1) · odds).
  const left: number[] = [];
  let weight = 1;
  for (let k = mode; k > 0; k--) {
    weight *= k / ((trials - k + 1) * odds);
    if (weight < NEGLIGIBLE_WEIGHT) break;
    left.push(weight);
  }
  // Right of the mode: w(k+1) = w(k) · (N−k) / (k+1) · odds.
  let rightSum = 0;
  weight = 1;
  for (let k = mode; k < trials; k++) {
    weight *= ((trials - k) / (k + 1)) * odds;
    if (weight < NEGLIGIBLE_WEIGHT) break;
    rightSum += weight;
  }
  // Sum the left tail from its smallest term up, for accuracy.
  let leftSum = 0;
  for (let i = left.length - 1; i >= 0; i--) leftSum += left[i] as number;
  const total = leftSum + 1 + rightSum;
  const target = confidence * total - TIE_TOLERANCE * total;

  // Walk up from the lowest kept k (mode − left.length), accumulating the unnormalised CDF.
  let cumulative = 0;
  for (let i = left.length - 1; i >= 0; i--) {
    cumulative += left[i] as number;
    if (cumulative >= target) return mode - 1 - i;
  }
  cumulative += 1;
  if (cumulative >= target) return mode;
  weight = 1;
  for (let k = mode; k < trials; k++) {
    weight *= ((trials - k) / (k + 1)) * odds;
    cumulative += weight;
    if (cumulative >= target) return k + 1;
  }
  return trials;
}

/**
 * Quantiles memoised by (N, p, CL): a fleet analysis asks the same few (customers, uptake, confidence) questions for
 * thousands of transformers. The key is exact (the numbers' own text), so a hit returns what a fresh call would.
 */
export class BinomialQuantileCache {
  readonly #values = new Map<string, number>();

  quantile(trials: number, probability: number, confidence: number): number {
    const key = `${trials}|${probability}|${confidence}`;
    const known = this.#values.get(key);
    if (known !== undefined) return known;
    const value = binomialQuantile(trials, probability, confidence);
    this.#values.set(key, value);
    return value;
  }

  get size(): number {
    return this.#values.size;
  }
}
