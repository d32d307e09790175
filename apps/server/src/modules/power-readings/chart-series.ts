import type { ChartData } from '@gridlens/contract/power-readings';
import { atAnswerPrecisionOrNull } from '@gridlens/domain/number-format';
import { downsampleMinMax } from '@gridlens/domain/power/downsample';
import { apparentPowerKva, capacityPercent, imbalancePercent, type PhaseCurrentsA } from '@gridlens/domain/power/electrical';
import type { ChartColumns, HourlyColumns } from './power-readings.repository';

/** Brief §8: at most about 2,000 points per series, with every bucket's minimum and maximum kept. */
export const CHART_MAX_POINTS = 2000;

type Point = [number, number | null];
type SeriesName = keyof ChartData['series'];

/** Turns readings into the chart series (derived values from the domain rules) and downsamples each on its own. */
export function chartSeries(columns: ChartColumns, ratingKva: number, maxPoints = CHART_MAX_POINTS): ChartData['series'] {
  const series: Record<SeriesName, Point[]> = {
    current_max_a_1: [],
    current_max_a_2: [],
    current_max_a_3: [],
    current_med_a_1: [],
    current_med_a_2: [],
    current_med_a_3: [],
    temperature_max_c: [],
    temperature_med_c: [],
    capacity_percent: [],
    imbalance_percent: [],
    total_kva: [],
  };
  const { t: times, x1, x2, x3, m1, m2, m3, tx, tm } = columns;
  for (let i = 0; i < times.length; i += 1) {
    const t = times[i] as number;
    const max: PhaseCurrentsA = [x1[i] as number, x2[i] as number, x3[i] as number];
    const med: PhaseCurrentsA = [m1[i] as number, m2[i] as number, m3[i] as number];
    series.current_max_a_1.push([t, max[0]]);
    series.current_max_a_2.push([t, max[1]]);
    series.current_max_a_3.push([t, max[2]]);
    series.current_med_a_1.push([t, med[0]]);
    series.current_med_a_2.push([t, med[1]]);
    series.current_med_a_3.push([t, med[2]]);
    series.temperature_max_c.push([t, tx[i] ?? null]);
    series.temperature_med_c.push([t, tm[i] ?? null]);
    series.capacity_percent.push([t, atAnswerPrecisionOrNull(capacityPercent(apparentPowerKva(max), ratingKva))]);
    series.imbalance_percent.push([t, atAnswerPrecisionOrNull(imbalancePercent(max))]);
    series.total_kva.push([t, atAnswerPrecisionOrNull(apparentPowerKva(med))]);
  }
  const value = (p: Point) => (p[1] === null ? Number.NaN : p[1]);
  for (const name of Object.keys(series) as SeriesName[]) series[name] = downsampleMinMax(series[name], maxPoints, value);
  return series;
}

const HOUR_MS = 3_600_000;

/**
 * Whole hours per bucket so that a period's hourly rollup fits in `maxPoints` points per series (two per
 * bucket: its minimum and its maximum).
 */
export const hoursPerBucket = (periodMs: number, maxPoints = CHART_MAX_POINTS) =>
  Math.max(1, Math.ceil(periodMs / HOUR_MS / (maxPoints / 2)));

/**
 * Chart series from the hourly rollup merged into buckets of `bucketHours`: each bucket gives its minimum at
 * its start and its maximum half a bucket later, so the envelope of the data (and every peak) survives;
 * then the usual min/max downsampling (a no-op when the buckets already fit).
 */
export function hourlyChartSeries(
  columns: HourlyColumns,
  ratingKva: number,
  bucketHours = 1,
  maxPoints = CHART_MAX_POINTS,
): ChartData['series'] {
  const halfBucketMs = (bucketHours * HOUR_MS) / 2;
  const pick = (values: (number | null)[], i: number, scale = 1): number | null => {
    const value = values[i];
    return value === null || value === undefined ? null : atAnswerPrecisionOrNull(value * scale);
  };
  const capacityScale = 100 / ratingKva;
  const sources: Record<SeriesName, [(number | null)[], (number | null)[], number]> = {
    current_max_a_1: [columns.max_a1_min, columns.max_a1_max, 1],
    current_max_a_2: [columns.max_a2_min, columns.max_a2_max, 1],
    current_max_a_3: [columns.max_a3_min, columns.max_a3_max, 1],
    current_med_a_1: [columns.med_a1_min, columns.med_a1_max, 1],
    current_med_a_2: [columns.med_a2_min, columns.med_a2_max, 1],
    current_med_a_3: [columns.med_a3_min, columns.med_a3_max, 1],
    temperature_max_c: [columns.temperature_max_min, columns.temperature_max_max, 1],
    temperature_med_c: [columns.temperature_med_min, columns.temperature_med_max, 1],
    capacity_percent: [columns.apparent_max_kva_min, columns.apparent_max_kva_max, capacityScale],
    imbalance_percent: [columns.imbalance_min, columns.imbalance_max, 1],
    total_kva: [columns.apparent_med_kva_min, columns.apparent_med_kva_max, 1],
  };
  const value = (p: Point) => (p[1] === null ? Number.NaN : p[1]);
  const series = {} as Record<SeriesName, Point[]>;
  for (const [name, [mins, maxes, scale]] of Object.entries(sources) as [SeriesName, [(number | null)[], (number | null)[], number]][]) {
    const points: Point[] = [];
    columns.h.forEach((hourMs, i) => {
      points.push([hourMs, pick(mins, i, scale)], [hourMs + halfBucketMs, pick(maxes, i, scale)]);
    });
    series[name] = downsampleMinMax(points, maxPoints, value);
  }
  return series;
}
