import type { ChartData } from '@gridlens/contract/power-readings';
import { downsampleMinMax } from '@gridlens/domain/power/downsample';
import { apparentPowerKva, capacityPercent, imbalancePercent, type PhaseCurrentsA } from '@gridlens/domain/power/electrical';
import type { ChartColumns } from './power-readings.repository';

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
    series.capacity_percent.push([t, capacityPercent(apparentPowerKva(max), ratingKva)]);
    series.imbalance_percent.push([t, imbalancePercent(max)]);
    series.total_kva.push([t, apparentPowerKva(med)]);
  }
  const value = (p: Point) => (p[1] === null ? Number.NaN : p[1]);
  for (const name of Object.keys(series) as SeriesName[]) series[name] = downsampleMinMax(series[name], maxPoints, value);
  return series;
}
