import type uPlot from 'uplot';
import { useMemo } from 'react';
import { browserTimeZone } from '@/lib/api/config';
import { formatDay } from '@gridlens/domain/date-format';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { TransformerAnalysis } from '@gridlens/contract/load-planning';
import { formatNumber } from '@gridlens/domain/number-format';
import { ChartPanel } from '@/lib/ui/chart-panel';
import { loadSeriesColours } from './load-series-colours';

const HOUR_MS = 3_600_000;
type AnalysedDay = TransformerAnalysis['measured_day'];

interface LoadProfileChartProps {
  day: AnalysedDay;
  year: number;
  capacityKw: number;
  languageTag: string;
  testId: string;
  /** The chart's title, which says which day it draws (the measured day or its 1-in-20 cold version). */
  title: string;
}

/**
 * One day's load by hour in a forecast year: base, EV, heat pumps and their total against the capacity, kW. Each
 * series has its one colour (load-series-colours.ts) in every chart.
 */
export function LoadProfileChart({ day, year, capacityKw, languageTag, testId, title }: LoadProfileChartProps) {
  const { t } = useTranslation();
  const { palette } = useTheme();
  const colours = loadSeriesColours(palette.mode);
  const profile = day.profiles.find((p) => p.year === year) ?? day.profiles[0];
  const startMs = Date.parse(`${day.day}T00:00:00Z`);
  const hourText = (ms: number) => `${String(Math.floor((ms - startMs) / HOUR_MS)).padStart(2, '0')}:00`;
  const number = (value: number, decimals = 1) => formatNumber(value, languageTag, decimals);

  const series = useMemo(() => {
    const x = Array.from({ length: 24 }, (_, h) => startMs + h * HOUR_MS);
    const lines = [
      { label: t('loadPlanning.base'), colour: colours.base, dashed: false, values: profile?.base_kw ?? [] },
      { label: t('loadPlanning.ev'), colour: colours.ev, dashed: false, values: profile?.ev_kw ?? [] },
      { label: t('loadPlanning.hp'), colour: colours.hp, dashed: false, values: profile?.hp_kw ?? [] },
      { label: t('loadPlanning.total'), colour: colours.total, dashed: false, values: profile?.total_kw ?? [] },
      { label: t('loadPlanning.capacity'), colour: colours.capacity, dashed: true, values: x.map(() => capacityKw) },
    ];
    // The chart redraws when `data` is a new array: made here, once per answer, not on every render.
    return { lines, data: [x, ...lines.map((line) => line.values)] as uPlot.AlignedData };
  }, [startMs, profile, capacityKw, colours, t]);

  const dayText = formatDay(day.day, browserTimeZone());
  return (
    <>
      <ChartPanel
        panelId={testId}
        title={title}
        description={t('assetDetail.chartDescription', { chart: title, period: dayText })}
        lines={series.lines.map(({ label, colour, dashed }) => ({ label, colour, dashed }))}
        timeLabel={t('loadPlanning.hour')}
        data={series.data}
        xRange={{ fromMs: startMs, toMs: startMs + 23 * HOUR_MS }}
        syncKey={testId}
        formatValue={(v) => `${number(v)} kW`}
        formatTick={(v, decimals) => number(v, decimals)}
        formatTime={hourText}
        formatAxisTime={hourText}
      />
    </>
  );
}
