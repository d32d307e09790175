import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { WEEK_MS, weekIdOf, weekStartOfId } from '@gridlens/domain/tracking/weeks';
import { browserTimeZone } from '@/lib/api/config';
import { useLocationArrivals } from '@/lib/api/tracking-journeys';
import { ChartPanel } from '@/lib/ui/chart-panel';
import { DataTable } from '@/lib/ui/data-table';
import { FactList } from '@/lib/ui/fact-list';

/**
 * A location's arrivals per week and its dwell times (spec §7 /api/location/arrive_stats), for the location detail
 * page: the eight weeks up to the chosen one as a chart, that week's arrivals per day and its dwell figures.
 */
export function LocationArrivals({ locationId }: { locationId: string }) {
  const { t, i18n } = useTranslation();
  const dark = useTheme().palette.mode === 'dark';
  const [nowMs] = useState(() => Date.now());
  const [week, setWeek] = useState(() => weekIdOf(nowMs));
  const arrivals = useLocationArrivals(locationId, week);
  const timeZone = browserTimeZone();
  const number = (v: number | null, decimals = 2) => (v === null ? '–' : formatNumber(v, i18n.language, decimals));
  const startMs = weekStartOfId(week) ?? 0;
  const data = arrivals.data;
  const x = (data?.history ?? []).map((w) => weekStartOfId(w.week) ?? 0);
  const dayText = (ms: number) => formatDay(new Date(ms).toISOString().slice(0, 10), timeZone);
  const title = t('trackingJourneys.poiReport.arrivalsPerWeek');

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="location-arrivals-title" data-testid="location-arrivals">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id="location-arrivals-title" component="h3" variant="h6" sx={{ flex: 1 }}>
          {t('trackingJourneys.poiReport.arrivalsTitle', { week: formatDay(week, timeZone) })}
        </Typography>
        <Button size="small" variant="outlined" onClick={() => setWeek(weekIdOf(startMs - WEEK_MS))}>
          {t('trackingJourneys.previousWeek')}
        </Button>
        <Button size="small" variant="outlined" disabled={startMs + WEEK_MS > nowMs} onClick={() => setWeek(weekIdOf(startMs + WEEK_MS))}>
          {t('trackingJourneys.nextWeek')}
        </Button>
      </Box>
      {arrivals.isPending ? (
        <Typography>{t('assetDetail.loadingTab')}</Typography>
      ) : !data ? (
        <Typography role="alert">{t('assetDetail.tabFailed')}</Typography>
      ) : data.history.every((w) => w.arrivals === 0) ? (
        <Typography data-testid="location-arrivals-empty">{t('messages.noData')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
          <FactList
            testId="location-dwell"
            facts={[
              [t('trackingJourneys.poiReport.arrivals'), number(data.dwell.visits, 0)],
              [t('trackingJourneys.poiReport.medianDwell'), number(data.dwell.median_hours)],
              [t('trackingJourneys.poiReport.meanDwell'), number(data.dwell.mean_hours)],
              [t('trackingJourneys.poiReport.maxDwell'), number(data.dwell.max_hours)],
            ]}
          />
          <ChartPanel
            panelId={`arrivals-${locationId}`}
            title={title}
            description={t('trackingJourneys.poiReport.chartDescription', {
              chart: title,
              from: dayText(x[0] ?? 0),
              to: dayText(x.at(-1) ?? 0),
            })}
            lines={[
              { label: t('trackingJourneys.poiReport.arrivals'), colour: dark ? '#82b1ff' : '#0b57d0', dashed: false },
              { label: t('trackingJourneys.poiReport.medianDwell'), colour: dark ? '#ffd54f' : '#9a6700', dashed: true },
            ]}
            timeLabel={t('trackingJourneys.poiReport.week')}
            data={[x, data.history.map((w) => w.arrivals), data.history.map((w) => w.median_dwell_hours)]}
            xRange={{ fromMs: x[0] ?? 0, toMs: x.at(-1) ?? 0 }}
            syncKey={`arrivals-${locationId}`}
            formatValue={(v) => number(v)}
            formatTick={(v, decimals) => number(v, decimals)}
            formatTime={dayText}
            formatAxisTime={(ms) => dayText(ms).slice(0, 5)}
          />
          <DataTable
            label={t('trackingJourneys.poiReport.arrivalsPerDay')}
            columns={[
              { id: 'day', title: t('trackingJourneys.poiReport.day'), cell: (d) => formatDay(d.date, timeZone) },
              { id: 'arrivals', title: t('trackingJourneys.poiReport.arrivals'), numeric: true, cell: (d) => number(d.arrivals, 0) },
            ]}
            rows={data.days}
            rowKey={(d) => d.date}
            testId="location-arrivals-days"
          />
        </Box>
      )}
    </Paper>
  );
}
