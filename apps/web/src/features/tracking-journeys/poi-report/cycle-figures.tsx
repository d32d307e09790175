import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { WEEK_MS, weekStartOfId } from '@gridlens/domain/tracking/weeks';
import { browserTimeZone } from '@/lib/api/config';
import { useCycles } from '@/lib/api/tracking-journeys';
import { ChartPanel } from '@/lib/ui/chart-panel';
import { FactList } from '@/lib/ui/fact-list';
import { partialStart } from '@/lib/ui/partial-start';
import { PhaseDonut } from './phase-donut';

const HIDE_IN_PRINT = { '@media print': { display: 'none' } } as const;

/** The POI report's cycle figures: cycle times, where each asset is in its cycle (a donut) and cycle times per week. */
export function CycleFigures({ customerId }: { customerId: string | null }) {
  const { t, i18n } = useTranslation();
  const dark = useTheme().palette.mode === 'dark';
  const [includeMidcycle, setIncludeMidcycle] = useState(false);
  const { stats, history, donut } = useCycles(customerId, includeMidcycle);
  const language = i18n.language;
  const timeZone = browserTimeZone();
  const number = (v: number | null, decimals = 2) => (v === null ? '–' : formatNumber(v, language, decimals));
  const weeks = history.data ?? [];
  const x = weeks.map((w) => weekStartOfId(w.week) ?? 0);
  // The week under way is hatched, as the other screens hatch today so far: its cycles are not all back yet.
  const partialFromMs = partialStart(weeks.map((w, i) => ({ fromMs: x[i] ?? 0, partial: w.partial })));
  const dayText = (ms: number) => formatDay(new Date(ms).toISOString().slice(0, 10), timeZone);
  const title = t('trackingJourneys.poiReport.cycleChart');

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="poi-cycles-title" data-testid="poi-cycles">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography id="poi-cycles-title" component="h3" variant="h6" sx={{ flex: 1 }}>
          {t('trackingJourneys.poiReport.cyclesTitle')}
        </Typography>
        <FormControlLabel
          sx={HIDE_IN_PRINT}
          control={<Switch checked={includeMidcycle} onChange={(e) => setIncludeMidcycle(e.target.checked)} />}
          label={t('trackingJourneys.poiReport.includeMidcycle')}
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('trackingJourneys.poiReport.cyclesExplain')}
      </Typography>
      {stats.data && (
        <FactList
          testId="poi-cycle-stats"
          marginBottom={2}
          facts={[
            [t('trackingJourneys.poiReport.cycles'), number(stats.data.cycles, 0)],
            [t('trackingJourneys.poiReport.midcycle'), number(stats.data.midcycle, 0)],
            [t('trackingJourneys.poiReport.medianCycle'), number(stats.data.median_hours)],
            [t('trackingJourneys.poiReport.meanCycle'), number(stats.data.mean_hours)],
            [t('trackingJourneys.poiReport.maxCycle'), number(stats.data.max_hours)],
          ]}
        />
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 420px), 1fr))' }}>
        <Box>
          <Typography component="h4" variant="subtitle2" sx={{ mb: 1 }}>
            {t('trackingJourneys.poiReport.phasesTitle')}
          </Typography>
          {donut.data && (
            <PhaseDonut
              testId="poi-phases"
              formatCount={(n) => number(n, 0)}
              parts={donut.data.map((d) => ({ key: d.phase, label: t(`trackingJourneys.poiReport.phases.${d.phase}`), count: d.devices }))}
            />
          )}
        </Box>
        {weeks.length > 0 && (
          <ChartPanel
            panelId="poi-cycle-history"
            title={title}
            description={t('trackingJourneys.poiReport.chartDescription', {
              chart: title,
              from: dayText(x[0] ?? 0),
              to: dayText(x.at(-1) ?? 0),
            })}
            lines={[
              { label: t('trackingJourneys.poiReport.medianCycle'), colour: dark ? '#82b1ff' : '#0b57d0', dashed: false },
              { label: t('trackingJourneys.poiReport.meanCycle'), colour: dark ? '#80cbc4' : '#00695c', dashed: true },
            ]}
            timeLabel={t('trackingJourneys.poiReport.week')}
            data={[x, weeks.map((w) => w.median_hours), weeks.map((w) => w.mean_hours)]}
            xRange={{ fromMs: x[0] ?? 0, toMs: (x.at(-1) ?? 0) + WEEK_MS / 7 }}
            syncKey="poi-cycles"
            partialFromMs={partialFromMs}
            partialLabel={t('figures.partialDay')}
            formatValue={(v) => number(v)}
            formatTick={(v, decimals) => number(v, decimals)}
            formatTime={dayText}
            formatAxisTime={(ms) => dayText(ms).slice(0, 5)}
          />
        )}
      </Box>
    </Paper>
  );
}
