/** Dissolved-hydrogen trend figures for the XFRMR Health tab (spec §3 Transformer health, §4 hydrogen sensor). */

const MS_PER_DAY = 86_400_000;

/** One hydrogen measurement: when (epoch ms) and how much dissolved H2 (ppm). */
export interface HydrogenSample {
  atMs: number;
  h2Ppm: number;
}

/**
 * Product decision: only readings whose sensor status is Ready (2 old data, 3 new data; spec §4) count towards
 * the period's maximum and trend. Not Ready (0) and Error (1) readings may carry a placeholder value (often 0)
 * that would drag a trend line down; they are still listed, and the latest reading shows their status.
 */
export function isReadyHydrogenStatus(statusCode: number): boolean {
  return statusCode === 2 || statusCode === 3;
}

/**
 * The rate of change of dissolved hydrogen in ppm per day: the ordinary least-squares slope of h2 against time
 * over the samples (a trend line, so one outlier moves it less than first-to-last would). Null with fewer than
 * two samples or when every sample has the same time. Times are centred on their mean before summing so that
 * epoch milliseconds (~1.7e12) do not cost precision.
 */
export function hydrogenRateOfChangePpmPerDay(samples: readonly HydrogenSample[]): number | null {
  const n = samples.length;
  if (n < 2) return null;
  let sumT = 0;
  let sumH = 0;
  for (const s of samples) {
    sumT += s.atMs;
    sumH += s.h2Ppm;
  }
  const meanT = sumT / n;
  const meanH = sumH / n;
  let covariance = 0;
  let varianceT = 0;
  for (const s of samples) {
    const dtDays = (s.atMs - meanT) / MS_PER_DAY;
    covariance += dtDays * (s.h2Ppm - meanH);
    varianceT += dtDays * dtDays;
  }
  return varianceT > 0 ? covariance / varianceT : null;
}
