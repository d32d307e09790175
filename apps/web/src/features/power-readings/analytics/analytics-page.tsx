import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { TimeRange } from '@gridlens/contract/power-readings';
import { formatDateTime } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { ISSUE_FLAG_NAMES } from '@gridlens/domain/power/issue-flags';
import { periodOfRange } from '@gridlens/domain/time-range';
import { useAssetList } from '@/lib/api/assets';
import { useFleetTotals, useIssueTimeline } from '@/lib/api/power-readings';
import { browserTimeZone } from '@/lib/api/config';
import { axisTimeLabel } from '@/lib/ui/axis-time';
import { ChartPanel } from '@/lib/ui/chart-panel';
import { DataTable, type DataColumn } from '@/lib/ui/data-table';
import { FactList } from '@/lib/ui/fact-list';
import { rangeOf, TimeRangeSelect } from '@/lib/ui/time-range-select';
import { usePaging } from '@/lib/ui/use-paging';
import { issueKey } from '@/lib/device-issue-search';
import { useHeaderSearch } from '@/lib/use-header-search';
import { partialStart } from '@/lib/ui/partial-start';
import { devicesByIssues, issueSeries, searchDevices, totalPowerFacts, type DeviceIssues } from './analytics-model';

const LIGHT = ['#b3261e', '#9a6700', '#0b57d0', '#7b1fa2', '#00695c', '#c2185b', '#37474f', '#e65100', '#2e7d32', '#5d4037'];
const DARK = ['#ff8a80', '#ffd54f', '#82b1ff', '#ce93d8', '#80cbc4', '#f48fb1', '#cfd8dc', '#ffab40', '#a5d6a7', '#bcaaa4'];

/** Analytics overview (/powercoil_analytics): the fleet's total power and its issues over a range, and the devices behind them. */
export function AnalyticsPage() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const [params, setParams] = useSearchParams();
  const range = rangeOf(params.get('range'));
  const totals = useFleetTotals(range);
  const timeline = useIssueTimeline(range);
  const list = useAssetList();
  const search = useHeaderSearch();
  const paging = usePaging(`${range}|${search}`);
  const timeZone = browserTimeZone();
  const language = i18n.language;
  const palette = theme.palette.mode === 'dark' ? DARK : LIGHT;
  const number = (value: number | null, decimals = 2) => (value === null ? '–' : formatNumber(value, language, decimals));
  const time = (ms: number) => formatDateTime(ms, timeZone);
  const axisTime = (ms: number, span: number) => axisTimeLabel(ms, span, timeZone);
  // The range as the server read it (it ends when the answer was made), so the chart spans all of it.
  const period = periodOfRange(range, totals.dataUpdatedAt);
  const ranked = useMemo(() => (list.data ? devicesByIssues(list.data) : []), [list.data]);
  // The header search narrows the devices list over the texts its rows show (issues in the user's language);
  // the fleet charts above stay whole-fleet figures and say so while a search is on.
  const found = useMemo(
    () => (list.data ? searchDevices(list.data, ranked, search, (issue) => t(issueKey(issue))) : []),
    [ranked, list.data, search, t],
  );
  // Made once per answer: a new array on every render (a page of the devices table) would redraw both charts.
  const powerSeries = useMemo((): [number[], number[], number[]] => {
    const points = totals.data?.points ?? [];
    return [points.map((p) => Date.parse(p.time)), points.map((p) => p.max_kva), points.map((p) => p.mean_kva)];
  }, [totals.data]);
  const issuesSeries = useMemo(() => (timeline.data ? issueSeries(timeline.data) : null), [timeline.data]);

  const facts = totals.data ? totalPowerFacts(totals.data) : null;
  const columns = list.data?.columns;
  const deviceColumns: DataColumn<DeviceIssues>[] = columns
    ? [
        {
          id: 'device',
          title: t('assets.columns.device_id'),
          cell: (r) => (
            <Link component={RouterLink} to={`/asset/${encodeURIComponent(columns.device_id[r.index] ?? '')}`}>
              {columns.device_id[r.index]}
            </Link>
          ),
        },
        { id: 'name', title: t('assets.columns.transformer_name'), cell: (r) => columns.transformer_name[r.index] },
        { id: 'count', title: t('powerReadings.analytics.issueCount'), numeric: true, cell: (r) => r.issues.length },
        {
          id: 'issues',
          title: t('powerReadings.analytics.issues'),
          cell: (r) => r.issues.map((issue) => t(issueKey(issue))).join(', '),
        },
        {
          id: 'capacity',
          title: t('assets.columns.capacity_percent'),
          numeric: true,
          cell: (r) => number(columns.capacity_percent[r.index] ?? null),
        },
        {
          id: 'imbalance',
          title: t('assets.columns.imbalance_percent'),
          numeric: true,
          cell: (r) => number(columns.imbalance_percent[r.index] ?? null),
        },
      ]
    : [];

  const chart = (
    id: string,
    title: string,
    lines: { label: string; colour: string; dashed: boolean }[],
    data: [number[], ...(number | null)[][]],
    xRange: { fromMs: number; toMs: number },
    decimals: number,
    partialFromMs: number | null,
  ) => (
    <ChartPanel
      panelId={id}
      title={title}
      description={t('assetDetail.chartDescription', { chart: title, period: `${time(xRange.fromMs)} – ${time(xRange.toMs)}` })}
      lines={lines}
      timeLabel={t('assetDetail.timeLabel')}
      data={data}
      xRange={xRange}
      syncKey={`analytics-${id}`}
      formatValue={(v) => number(v, decimals)}
      formatTick={(v, d) => number(v, d)}
      formatTime={time}
      formatAxisTime={axisTime}
      partialFromMs={partialFromMs}
      partialLabel={t('figures.partialDay')}
    />
  );

  return (
    <Box data-testid="analytics-page" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 2 }}>
        <Button component={RouterLink} to="/powercoil_admd" variant="outlined" data-testid="admd-link">
          {t('loadAnalysis.title')}
        </Button>
        <TimeRangeSelect value={range} onChange={(next: TimeRange) => setParams({ range: next }, { replace: true })} />
      </Box>

      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="analytics-power-title">
        <Typography id="analytics-power-title" component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('powerReadings.analytics.totalPowerTitle')}
        </Typography>
        {totals.isPending ? (
          <Typography>{t('assetDetail.loadingTab')}</Typography>
        ) : !totals.data || !facts ? (
          <Typography>{t('assetDetail.tabFailed')}</Typography>
        ) : (
          <>
            <FactList
              facts={(
                [
                  ['devices', number(totals.data.device_count, 0)],
                  ['reporting', number(totals.data.reporting_devices, 0)],
                  ['rating', number(totals.data.total_rating_kva, 0)],
                  ['peak', number(facts.peak)],
                  ['mean', number(facts.mean)],
                  ['utilisation', number(facts.utilisation)],
                ] as const
              ).map(([key, text]) => [t(`powerReadings.analytics.facts.${key}`), text])}
              testId="analytics-facts"
              marginBottom={2}
            />
            {totals.data.points.length === 0 ? (
              <Typography data-testid="analytics-power-no-data">{t('messages.noData')}</Typography>
            ) : (
              chart(
                'total-power',
                t('powerReadings.analytics.totalPowerChart'),
                [
                  { label: t('powerReadings.analytics.peak'), colour: palette[0] as string, dashed: false },
                  { label: t('powerReadings.analytics.mean'), colour: palette[2] as string, dashed: true },
                ],
                powerSeries,
                period,
                2,
                partialStart(totals.data.points.map((p) => ({ fromMs: Date.parse(p.time), partial: p.partial }))),
              )
            )}
          </>
        )}
      </Paper>

      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="analytics-issues-title">
        <Typography id="analytics-issues-title" component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('powerReadings.analytics.issuesTitle')}
        </Typography>
        {timeline.isPending ? (
          <Typography>{t('assetDetail.loadingTab')}</Typography>
        ) : !timeline.data || timeline.data.buckets.length === 0 ? (
          <Typography>{t('assetDetail.tabFailed')}</Typography>
        ) : (
          chart(
            'issues',
            t('powerReadings.analytics.issuesChart'),
            ISSUE_FLAG_NAMES.map((flag, f) => ({ label: t(`issueFlags.${flag}`), colour: palette[f] as string, dashed: f >= 7 })),
            issuesSeries ?? [[]],
            { fromMs: Date.parse(timeline.data.buckets[0]?.from ?? ''), toMs: Date.parse(timeline.data.buckets.at(-1)?.to ?? '') },
            0,
            partialStart(timeline.data.buckets.map((b) => ({ fromMs: Date.parse(b.from), partial: b.partial }))),
          )
        )}
      </Paper>

      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="analytics-devices-title">
        <Typography id="analytics-devices-title" component="h2" variant="h6">
          {t('powerReadings.analytics.devicesTitle', { total: number(found.length, 0) })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('powerReadings.analytics.devicesNote')}
          {search ? ` ${t('filters.analyticsSearch')}` : ''}
        </Typography>
        {list.isPending ? (
          <Typography>{t('assetDetail.loadingTab')}</Typography>
        ) : !columns ? (
          <Typography>{t('assetDetail.tabFailed')}</Typography>
        ) : found.length === 0 ? (
          <Typography data-testid="analytics-devices-none">{t('messages.noData')}</Typography>
        ) : (
          <DataTable
            label={t('powerReadings.analytics.devicesTable')}
            columns={deviceColumns}
            rows={found.slice(paging.page * paging.pageSize, (paging.page + 1) * paging.pageSize)}
            rowKey={(r) => r.index}
            paging={{ ...paging, total: found.length }}
            testId="analytics-devices"
          />
        )}
      </Paper>
    </Box>
  );
}
