import { useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { TimeRange } from '@gridlens/contract/power-readings';
import { formatDateTime } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { temperatureUnit, type TemperatureMetric } from '@gridlens/domain/temperature';
import { useChartData, type PeriodChoice } from '@/lib/api/power-readings';
import { alignPanel, CHART_PANELS, hasChartData, MIN_VIEW_MS, pannedView } from './chart-data';
import { axisTimeLabel } from '@/lib/ui/axis-time';
import { ChartPanel } from '@/lib/ui/chart-panel';

interface AssetChartsProps {
  deviceId: string;
  range: TimeRange;
  timeZone: string;
  languageTag: string;
  temperatureMetric: TemperatureMetric;
}

type View = { fromMs: number; toMs: number };

/** Line colours, one per palette index of chart-data.ts: three phases, temperature, capacity, imbalance, power. */
const LIGHT = ['#b3261e', '#9a6700', '#0b57d0', '#7b1fa2', '#00695c', '#c2185b', '#37474f'];
const DARK = ['#ff8a80', '#ffd54f', '#82b1ff', '#ce93d8', '#80cbc4', '#f48fb1', '#cfd8dc'];

/**
 * The Charts tab: five panels over the chosen range. Dragging across a panel zooms every panel to that
 * window and fetches it again, so a zoomed view shows every reading (the range's answer is downsampled with
 * each bucket's minimum and maximum, so no peak is lost at any zoom); Earlier and Later pan the view.
 */
export function AssetCharts({ deviceId, range, timeZone, languageTag, temperatureMetric }: AssetChartsProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const [view, setView] = useState<View | null>(null);
  const [viewOfRange, setViewOfRange] = useState(range);
  if (viewOfRange !== range) {
    // A new range drops the zoom (set during render: no frame shows the old zoom on the new range).
    setViewOfRange(range);
    setView(null);
  }
  const whole = useChartData(deviceId, { range });
  const period: PeriodChoice = view ?? { range };
  const shown = useChartData(deviceId, period);
  const bounds = whole.data ? { fromMs: Date.parse(whole.data.from), toMs: Date.parse(whole.data.to) } : null;
  // A zoomed view that failed to load leaves the whole range on screen, with a way to try again.
  const viewFailed = view !== null && shown.isError;
  const data = viewFailed ? whole.data : shown.data;

  const palette = theme.palette.mode === 'dark' ? DARK : LIGHT;
  const unit = temperatureUnit(temperatureMetric);
  const aligned = useMemo(
    () => (data ? CHART_PANELS.map((panel) => alignPanel(data, panel, temperatureMetric)) : []),
    [data, temperatureMetric],
  );
  const formatValue = useCallback((value: number) => formatNumber(value, languageTag), [languageTag]);
  const formatTick = useCallback((value: number, decimals: number) => formatNumber(value, languageTag, decimals), [languageTag]);
  const formatTime = useCallback((ms: number) => formatDateTime(ms, timeZone), [timeZone]);
  const formatAxisTime = useCallback((ms: number, spanMs: number) => axisTimeLabel(ms, spanMs, timeZone), [timeZone]);
  const zoom = useCallback((fromMs: number, toMs: number) => {
    const middle = (fromMs + toMs) / 2;
    const width = Math.max(toMs - fromMs, MIN_VIEW_MS);
    setView({ fromMs: Math.round(middle - width / 2), toMs: Math.round(middle + width / 2) });
  }, []);
  const resetZoom = useCallback(() => setView(null), []);

  if (whole.isPending) return <Typography sx={{ p: 2 }}>{t('powerReadings.loadingCharts')}</Typography>;
  if (!data || !bounds) return <Typography sx={{ p: 2 }}>{t('powerReadings.chartsFailed')}</Typography>;
  const xRange = (viewFailed ? null : view) ?? bounds;
  const zoomBy = (factor: number) => {
    const middle = (xRange.fromMs + xRange.toMs) / 2;
    const width = (xRange.toMs - xRange.fromMs) * factor;
    if (width >= bounds.toMs - bounds.fromMs) setView(null);
    else zoom(Math.max(bounds.fromMs, middle - width / 2), Math.min(bounds.toMs, middle + width / 2));
  };
  const periodText = `${formatTime(xRange.fromMs)} – ${formatTime(xRange.toMs)}`;

  return (
    <Box data-testid="asset-charts">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 240 }} data-testid="chart-period">
          {periodText}
          {' · '}
          {t(data.resolution === 'hour' ? 'powerReadings.resolutionHour' : 'powerReadings.resolutionReading')}
          {shown.isFetching ? ` · ${t('powerReadings.loadingView')}` : ''}
        </Typography>
        <Button size="small" onClick={() => zoomBy(0.5)} disabled={xRange.toMs - xRange.fromMs <= MIN_VIEW_MS} data-testid="zoom-in">
          {t('powerReadings.zoomIn')}
        </Button>
        <Button size="small" disabled={!view} onClick={() => zoomBy(2)} data-testid="zoom-out">
          {t('powerReadings.zoomOut')}
        </Button>
        <Button size="small" disabled={!view} onClick={() => view && setView(pannedView(view, bounds, -1))} data-testid="pan-earlier">
          {t('powerReadings.panEarlier')}
        </Button>
        <Button size="small" disabled={!view} onClick={() => view && setView(pannedView(view, bounds, 1))} data-testid="pan-later">
          {t('powerReadings.panLater')}
        </Button>
        <Button size="small" variant="outlined" disabled={!view} onClick={resetZoom} data-testid="reset-zoom">
          {t('powerReadings.resetZoom')}
        </Button>
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {t('powerReadings.zoomHint')}
      </Typography>
      {viewFailed && (
        <Typography role="alert" color="error" sx={{ mb: 1 }} data-testid="view-failed">
          {t('powerReadings.viewFailed')}{' '}
          <Button size="small" onClick={() => void shown.refetch()}>
            {t('assetDetail.retry')}
          </Button>
        </Typography>
      )}
      {!hasChartData(data) ? (
        <Typography sx={{ p: 2 }} data-testid="charts-no-data">
          {t('messages.noData')}
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 520px), 1fr))' }}>
          {CHART_PANELS.map((panel, p) => {
            const title = t(`powerReadings.chartTitles.${panel.id}`, { unit });
            return (
              <ChartPanel
                key={panel.id}
                panelId={panel.id}
                title={title}
                description={t('assetDetail.chartDescription', { chart: title, period: periodText })}
                lines={panel.lines.map((line) => ({
                  label: t(`powerReadings.series.${line.labelKey}`),
                  colour: palette[line.colour] ?? '#888',
                  dashed: line.dashed,
                }))}
                timeLabel={t('assetDetail.timeLabel')}
                data={aligned[p] ?? [[]]}
                xRange={xRange}
                syncKey={`asset-${deviceId}`}
                formatValue={formatValue}
                formatTick={formatTick}
                formatTime={formatTime}
                formatAxisTime={formatAxisTime}
                onZoom={zoom}
                onResetZoom={resetZoom}
              />
            );
          })}
        </Box>
      )}
    </Box>
  );
}
