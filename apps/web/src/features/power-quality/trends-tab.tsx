import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { DailyTrend } from '@gridlens/contract/power-readings';
import { formatDay } from '@gridlens/domain/date-format';
import { DAY_MS, utcDay } from '@gridlens/domain/time-range';
import { formatNumber } from '@gridlens/domain/number-format';
import { temperatureInMetric, temperatureUnit } from '@gridlens/domain/temperature';
import { useDailyTrends } from '@/lib/api/power-readings';
import { ChartPanel } from '@/lib/ui/chart-panel';
import { partialStart } from '@/lib/ui/partial-start';
import { DataTable, type DataColumn } from '@/lib/ui/data-table';
import type { TabProps } from './tab-display';

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Trends Data: the daily rollups over the range, as two charts and a table of days, newest first. */
export function TrendsTab({ deviceId, range, languageTag, timeZone, temperatureMetric }: TabProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const trends = useDailyTrends(deviceId, range);
  const days = trends.data?.days;
  const number = (value: number | null, decimals = 2) => (value === null ? '–' : formatNumber(value, languageTag, decimals));
  const unit = temperatureUnit(temperatureMetric);
  const temperature = (c: number | null) => (c === null ? '–' : number(temperatureInMetric(c, temperatureMetric)));
  const dark = theme.palette.mode === 'dark';

  const charts = useMemo(() => {
    const x = (days ?? []).map((d) => dayMs(d.day));
    return {
      load: [x, (days ?? []).map((d) => d.apparent_max_kva), (days ?? []).map((d) => d.apparent_mean_kva)] as [
        number[],
        number[],
        number[],
      ],
      capacity: [x, (days ?? []).map((d) => d.capacity_max_percent), (days ?? []).map((d) => d.utilisation_percent)] as [
        number[],
        number[],
        number[],
      ],
    };
  }, [days]);

  if (trends.isPending) return <Typography sx={{ p: 2 }}>{t('assetDetail.loadingTab')}</Typography>;
  if (!trends.data || !days) return <Typography sx={{ p: 2 }}>{t('assetDetail.tabFailed')}</Typography>;
  if (days.length === 0)
    return (
      <Typography sx={{ p: 2 }} data-testid="trends-no-data">
        {t('messages.noData')}
      </Typography>
    );

  // The axis ends with the last day's point (today's, still under way), not at an empty tomorrow.
  const firstDayMs = dayMs(days[0]?.day ?? '');
  const lastDayMs = dayMs(days.at(-1)?.day ?? '');
  const xRange = { fromMs: firstDayMs, toMs: lastDayMs > firstDayMs ? lastDayMs : firstDayMs + DAY_MS };
  // The segment into today's point is hatched: today so far, not a whole day.
  const partialFromMs = partialStart(days.map((d) => ({ fromMs: dayMs(d.day), partial: d.partial })));
  const dayText = (ms: number) => formatDay(utcDay(ms), timeZone);
  const columns: DataColumn<DailyTrend>[] = [
    { id: 'day', title: t('powerQuality.trends.day'), cell: (d) => formatDay(d.day, timeZone) },
    { id: 'messages', title: t('assets.columns.message_count'), numeric: true, cell: (d) => number(d.message_count, 0) },
    {
      id: 'missed',
      title: t('assets.columns.missed_messages'),
      numeric: true,
      cell: (d) => number(d.missed_messages, 0),
      emphasis: (d) => d.missed_messages > 0,
    },
    ...[0, 1, 2].map((phase) => ({
      id: `max${phase}`,
      title: t(`assetDetail.messageColumns.maxL${phase + 1}`),
      numeric: true,
      cell: (d: DailyTrend) => number(d.current_max_a[phase] ?? null),
    })),
    { id: 'peak', title: t('powerQuality.trends.peakKva'), numeric: true, cell: (d) => number(d.apparent_max_kva) },
    { id: 'mean', title: t('powerQuality.trends.meanKva'), numeric: true, cell: (d) => number(d.apparent_mean_kva) },
    { id: 'capacity', title: t('assets.columns.capacity_percent'), numeric: true, cell: (d) => number(d.capacity_max_percent) },
    { id: 'utilisation', title: t('assets.columns.utilisation_percent'), numeric: true, cell: (d) => number(d.utilisation_percent) },
    { id: 'imbalance', title: t('assets.columns.imbalance_percent'), numeric: true, cell: (d) => number(d.imbalance_max_percent) },
    {
      id: 'tmax',
      title: t('assetDetail.messageColumns.temperatureMax', { unit }),
      numeric: true,
      cell: (d) => temperature(d.temperature_max_c),
    },
    { id: 'tmin', title: t('powerQuality.trends.temperatureMin', { unit }), numeric: true, cell: (d) => temperature(d.temperature_min_c) },
  ];
  const panel = (id: 'load' | 'capacity', names: [string, string], colours: [string, string]) => {
    const title = t(`powerQuality.trends.${id}Chart`);
    return (
      <ChartPanel
        panelId={`trends-${id}`}
        title={title}
        description={t('assetDetail.chartDescription', {
          chart: title,
          period: `${dayText(xRange.fromMs)} – ${dayText(lastDayMs)}`,
        })}
        lines={[
          { label: names[0], colour: colours[0], dashed: false },
          { label: names[1], colour: colours[1], dashed: true },
        ]}
        timeLabel={t('powerQuality.trends.day')}
        data={charts[id]}
        xRange={xRange}
        syncKey={`trends-${deviceId}`}
        formatValue={(v) => number(v)}
        formatTick={(v, decimals) => number(v, decimals)}
        formatTime={dayText}
        formatAxisTime={(ms) => dayText(ms).slice(0, 5)}
        partialFromMs={partialFromMs}
        partialLabel={t('figures.partialDay')}
      />
    );
  };

  return (
    <Box data-testid="asset-trends">
      <Box sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 520px), 1fr))' }}>
        {panel(
          'load',
          [t('powerQuality.trends.peakKva'), t('powerQuality.trends.meanKva')],
          dark ? ['#82b1ff', '#80cbc4'] : ['#0b57d0', '#00695c'],
        )}
        {panel(
          'capacity',
          [t('assets.columns.capacity_percent'), t('assets.columns.utilisation_percent')],
          dark ? ['#ffd54f', '#ce93d8'] : ['#9a6700', '#7b1fa2'],
        )}
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <DataTable
          label={t('powerQuality.trends.table', { device: deviceId })}
          columns={columns}
          rows={[...days].reverse()}
          rowKey={(d) => d.day}
          testId="trends-table"
        />
      </Paper>
    </Box>
  );
}
