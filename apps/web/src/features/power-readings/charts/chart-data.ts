import type { ChartData } from '@gridlens/contract/power-readings';
import { temperatureInMetric, type TemperatureMetric } from '@gridlens/domain/temperature';

type SeriesName = keyof ChartData['series'];

/** One line of a chart panel: which series, how it is named (i18n key under assetDetail.series) and drawn. */
export interface PanelLine {
  series: SeriesName;
  labelKey: string;
  /** Index into the chart palette: phases keep their colour across panels. */
  colour: number;
  dashed: boolean;
}

export interface ChartPanel {
  id: 'current' | 'temperature' | 'capacity' | 'imbalance' | 'power';
  /** Values in °C on the wire, shown in the user's unit. */
  temperature: boolean;
  lines: readonly PanelLine[];
}

const line = (series: SeriesName, labelKey: string, colour: number, dashed = false): PanelLine => ({ series, labelKey, colour, dashed });

/** The Charts tab (issue 4): per-phase current max and median, temperature, capacity, imbalance and total power. */
export const CHART_PANELS: readonly ChartPanel[] = [
  {
    id: 'current',
    temperature: false,
    lines: [
      line('current_max_a_1', 'maxL1', 0),
      line('current_max_a_2', 'maxL2', 1),
      line('current_max_a_3', 'maxL3', 2),
      line('current_med_a_1', 'medL1', 0, true),
      line('current_med_a_2', 'medL2', 1, true),
      line('current_med_a_3', 'medL3', 2, true),
    ],
  },
  { id: 'temperature', temperature: true, lines: [line('temperature_max_c', 'max', 3), line('temperature_med_c', 'median', 3, true)] },
  { id: 'capacity', temperature: false, lines: [line('capacity_percent', 'capacity', 4)] },
  { id: 'imbalance', temperature: false, lines: [line('imbalance_percent', 'imbalance', 5)] },
  { id: 'power', temperature: false, lines: [line('total_kva', 'power', 6)] },
];

/**
 * A panel's series on one time axis, as uPlot takes them: [times, values of line 1, …]. Each series comes
 * downsampled on its own (its own minima and maxima), so their times differ; a line has `undefined` where only
 * another line has a point (uPlot draws across those) and keeps `null` where the device sent no value (a gap).
 */
export function alignPanel(data: ChartData, panel: ChartPanel, metric: TemperatureMetric): [number[], ...(number | null | undefined)[][]] {
  const times = new Set<number>();
  for (const { series } of panel.lines) for (const [time] of data.series[series] ?? []) times.add(time);
  const axis = [...times].sort((a, b) => a - b);
  const position = new Map(axis.map((time, i) => [time, i]));
  const convert = (value: number | null) =>
    value === null || !panel.temperature ? value : Math.round(temperatureInMetric(value, metric) * 100) / 100;
  const lines = panel.lines.map(({ series }) => {
    const values: (number | null | undefined)[] = new Array<number | null | undefined>(axis.length).fill(undefined);
    for (const [time, value] of data.series[series] ?? []) values[position.get(time) as number] = convert(value);
    return values;
  });
  return [axis, ...lines];
}

/** Whether any series of the answer has a value (else the tab says 'No data available'). */
export const hasChartData = (data: ChartData) => Object.values(data.series).some((points) => points.some(([, value]) => value !== null));

/** A zoomed view moved by half its width, kept inside the range. */
export function pannedView(view: { fromMs: number; toMs: number }, bounds: { fromMs: number; toMs: number }, direction: -1 | 1) {
  const width = view.toMs - view.fromMs;
  const shift = (width / 2) * direction;
  const fromMs = Math.min(Math.max(view.fromMs + shift, bounds.fromMs), bounds.toMs - width);
  return { fromMs, toMs: fromMs + width };
}

/** Zooming further than this shows nothing more: a reading comes every 15 minutes. */
export const MIN_VIEW_MS = 60 * 60_000;
