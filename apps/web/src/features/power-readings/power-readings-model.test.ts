import { describe, expect, it } from 'vitest';
import type { ChartData, PowerMessage } from '@gridlens/contract/power-readings';
import { alignPanel, CHART_PANELS, hasChartData, pannedView } from './charts/chart-data';
import { messageCell, MESSAGE_COLUMNS, type MessageDisplay } from './messages/message-columns';
import { messagesCsv } from './messages/messages-csv';

const panel = (id: string) => CHART_PANELS.find((p) => p.id === id)!;

function chartData(series: Partial<ChartData['series']>): ChartData {
  const empty = Object.fromEntries(CHART_PANELS.flatMap((p) => p.lines.map((l) => [l.series, []]))) as unknown as ChartData['series'];
  return {
    device_id: 'TX-1',
    from: '2026-11-15T00:00:00Z',
    to: '2026-11-22T00:00:00Z',
    points_in_period: 3,
    resolution: 'reading',
    series: { ...empty, ...series },
  };
}

describe('chart panels', () => {
  it('put lines downsampled apart on one time axis, undefined where only another line has a point, null kept as a gap', () => {
    const data = chartData({
      current_max_a_1: [
        [1000, 10],
        [3000, null],
        [4000, 12],
      ],
      current_max_a_2: [
        [2000, 20],
        [4000, 22],
      ],
    });
    const [times, l1, l2, l3] = alignPanel(data, panel('current'), 'celsius');
    expect(times).toEqual([1000, 2000, 3000, 4000]);
    expect(l1).toEqual([10, undefined, null, 12]);
    expect(l2).toEqual([undefined, 20, undefined, 22]);
    expect(l3).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('show temperatures in the user’s unit and nothing else converted', () => {
    const data = chartData({ temperature_max_c: [[1000, 100]], temperature_med_c: [[1000, 0]], capacity_percent: [[1000, 50]] });
    expect(alignPanel(data, panel('temperature'), 'fahrenheit').slice(1)).toEqual([[212], [32]]);
    expect(alignPanel(data, panel('capacity'), 'fahrenheit')[1]).toEqual([50]);
  });

  it('say there is no data when every value is missing', () => {
    expect(hasChartData(chartData({ total_kva: [[1000, null]] }))).toBe(false);
    expect(hasChartData(chartData({ total_kva: [[1000, 0]] }))).toBe(true);
  });

  it('pan a zoomed view by half its width, never out of the range', () => {
    const bounds = { fromMs: 0, toMs: 1000 };
    expect(pannedView({ fromMs: 400, toMs: 600 }, bounds, -1)).toEqual({ fromMs: 300, toMs: 500 });
    expect(pannedView({ fromMs: 400, toMs: 600 }, bounds, 1)).toEqual({ fromMs: 500, toMs: 700 });
    expect(pannedView({ fromMs: 50, toMs: 250 }, bounds, -1)).toEqual({ fromMs: 0, toMs: 200 });
    expect(pannedView({ fromMs: 750, toMs: 950 }, bounds, 1)).toEqual({ fromMs: 800, toMs: 1000 });
  });
});

const message: PowerMessage = {
  seq: 42,
  time: '2026-11-22T09:44:40Z',
  missed: true,
  lqi: 120,
  current_max_a: [100.123, 90, 80],
  current_med_a: [60, 55, 50],
  temperature_max_c: 40,
  temperature_med_c: null,
  battery_pct: 80,
  total_kva: 38.5,
  capacity_percent: 12.345,
  imbalance_percent: 5,
};
const display: MessageDisplay = { languageTag: 'fr', timeZone: 'Europe/Dublin', temperatureMetric: 'fahrenheit', yes: 'Oui', no: 'Non' };
const cellOf = (id: string) =>
  messageCell(
    MESSAGE_COLUMNS.find((c) => c.id === id)!,
    message,
    display,
  );

describe('message cells', () => {
  it('show two decimals in the user’s language, temperatures in their unit, times to the minute in their zone', () => {
    expect(cellOf('maxL1')).toBe('100,12');
    expect(cellOf('capacity')).toBe('12,35'); // rounded half up at two decimals, French decimal comma
    expect(cellOf('temperatureMax')).toBe('104,00');
    expect(cellOf('temperatureMed')).toBe('–');
    expect(cellOf('time')).toBe('22/11/2026 09:45');
    expect(cellOf('missed')).toBe('Oui');
    expect(cellOf('seq')).toBe('42');
  });

  it('export as CSV with plain numbers and the shown times', () => {
    const csv = messagesCsv(
      [message],
      MESSAGE_COLUMNS.map((c) => c.id),
      display,
    );
    const [header, line] = csv.trim().split('\r\n');
    expect(header?.split(',')).toEqual(MESSAGE_COLUMNS.map((c) => c.id));
    expect(line).toBe('42,22/11/2026 09:45,Oui,120,100.12,90.00,80.00,60.00,55.00,50.00,104.00,,12.35,5.00,38.50,80.00');
  });
});
