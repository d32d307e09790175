import { describe, expect, it } from 'vitest';
import type { ChartData, PowerMessage } from '@gridlens/contract/power-readings';
import { tabOf, tabsOf } from './asset-tabs';
import { alignPanel, CHART_PANELS, hasChartData, pannedView } from './charts/chart-data';
import { messageCell, MESSAGE_COLUMNS, type MessageDisplay } from './messages/message-columns';
import { messagesCsv } from './messages/messages-csv';
import { axisTimeLabel } from '@/lib/ui/axis-time';
import { rangeOf } from '@/lib/ui/time-range-select';
import { imageProblem } from './pq/image-rules';
import { enumKey } from '../enum-key';
import { phaseName } from './pq/tab-display';

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

describe('tabs and range in the URL', () => {
  it('offer the spec’s four asset tabs, and the eight power-data device tabs to a power-quality monitor', () => {
    expect(tabsOf({ power_quality_enabled: false })).toEqual(['charts', 'messages', 'ev', 'hp']);
    expect(tabsOf({ power_quality_enabled: true })).toEqual([
      'charts',
      'messages',
      'trends',
      'events',
      'faults',
      'health',
      'metering',
      'images',
    ]);
  });

  it('fall back to the first tab and the default range for anything unknown', () => {
    const tabs = tabsOf({ power_quality_enabled: false });
    expect(tabOf('messages', tabs)).toBe('messages');
    expect(tabOf('hp', tabsOf({ power_quality_enabled: true }))).toBe('charts');
    expect(tabOf(null, tabs)).toBe('charts');
    expect(rangeOf('1y')).toBe('1y');
    expect(rangeOf('2y')).toBe('7d');
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

describe('power-quality tab helpers', () => {
  it('accept only JPEG, PNG or WebP images up to 5 MiB before uploading', () => {
    expect(imageProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageProblem({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
    expect(imageProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('size');
    expect(imageProblem({ type: 'image/gif', size: 10 })).toBe('type');
    expect(imageProblem({ type: '', size: 10 })).toBe('type');
  });

  it('name phases and key enumerated values for translation', () => {
    expect(phaseName(2)).toBe('L2');
    expect(phaseName(null)).toBe('–');
    expect(enumKey('Natural Ester')).toBe('Natural_Ester');
    expect(enumKey('CT-PT')).toBe('CT_PT');
  });
});

describe('time-axis labels', () => {
  const at = (iso: string) => Date.parse(iso);
  it('show the time of day on short charts, and the date at midnight', () => {
    expect(axisTimeLabel(at('2026-11-22T09:30:00Z'), 86_400_000, 'UTC')).toBe('09:30');
    expect(axisTimeLabel(at('2026-11-22T00:00:00Z'), 86_400_000, 'UTC')).toBe('22/11');
    expect(axisTimeLabel(at('2026-11-22T00:00:00Z'), 86_400_000, 'America/New_York')).toBe('19:00');
  });

  it('label only midnights on long charts, in the user’s date order', () => {
    expect(axisTimeLabel(at('2026-11-22T12:00:00Z'), 7 * 86_400_000, 'UTC')).toBe('');
    expect(axisTimeLabel(at('2026-11-22T00:00:00Z'), 7 * 86_400_000, 'UTC')).toBe('22/11');
    expect(axisTimeLabel(at('2026-11-22T05:00:00Z'), 7 * 86_400_000, 'America/New_York')).toBe('11/22');
  });
});
