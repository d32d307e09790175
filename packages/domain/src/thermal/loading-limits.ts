/**
 * Loading limits for warnings: IEC 60076-7:2018, the table of current and temperature limits for loading beyond
 * nameplate rating, normal cyclic loading of distribution transformers
 * (domain-references §2). Above them the standard expects the operator to act.
 */

/** IEC 60076-7:2018 limits table: top-oil temperature limit for normal cyclic loading, in °C. */
export const TOP_OIL_LIMIT_C = 105;
/** IEC 60076-7:2018 limits table: hot-spot temperature limit for normal cyclic loading, in °C. */
export const HOT_SPOT_LIMIT_C = 120;
/** IEC 60076-7:2018 limits table: current limit for normal cyclic loading, per unit of rated current. */
export const LOAD_LIMIT_PU = 1.5;

/** Where a series went over a limit: the first sample over it and the worst one, with their times. */
export interface LimitExceedance {
  thresholdValue: number;
  firstAtMs: number;
  firstValue: number;
  maxAtMs: number;
  maxValue: number;
}

/** The first and worst samples strictly above `threshold`, or null when none is (NaN samples never count). */
export function limitExceedance(timesMs: Float64Array, values: Float64Array, threshold: number): LimitExceedance | null {
  let firstIndex = -1;
  let maxIndex = -1;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (!(value > threshold)) continue;
    if (firstIndex < 0) firstIndex = i;
    if (maxIndex < 0 || value > values[maxIndex]!) maxIndex = i;
  }
  if (firstIndex < 0) return null;
  return {
    thresholdValue: threshold,
    firstAtMs: timesMs[firstIndex]!,
    firstValue: values[firstIndex]!,
    maxAtMs: timesMs[maxIndex]!,
    maxValue: values[maxIndex]!,
  };
}
