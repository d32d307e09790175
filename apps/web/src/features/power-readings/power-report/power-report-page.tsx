import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { AssetListColumns } from '@gridlens/contract/assets';
import { formatDateTime, formatDay } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { temperatureInMetric, temperatureUnit } from '@gridlens/domain/temperature';
import { utcDay } from '@gridlens/domain/time-range';
import { usePowerReport } from '@/lib/api/power-readings';
import { browserTimeZone, useTenantSettings, useUserSettings } from '@/lib/api/config';
import { DataTable, type DataColumn } from '@/lib/ui/data-table';
import { ReportReady } from '@/lib/ui/report-ready';
import { reportPrintCss } from '@/lib/ui/report-print';
import { WindowNote } from '@/lib/ui/window-note';
import { usePaging } from '@/lib/ui/use-paging';
import { loadChunk } from '@/lib/chunk-load';
import { issueKey } from '@/lib/device-issue-search';
import { useHeaderSearch } from '@/lib/use-header-search';
import { fleetCountsOf, fleetStatusRows, reportSearch, type FleetStatusRow } from './report-model';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
// The date picker (about 60 KB) follows the report instead of holding it back: the tables need none of it.
const DayPicker = lazy(() => loadChunk(() => import('@/lib/ui/day-picker')).then((m) => ({ default: m.DayPicker })));
const HIDE_IN_PRINT = { '@media print': { display: 'none' } } as const;

interface PowerReportProps {
  /** /powercoil_report_snapshot: no shell, no controls, every device on one page, for printing and PDFs. */
  snapshot: boolean;
  /** More controls beside print (the app's schedule-by-email button): given by the screen, never in the snapshot. */
  actions?: ReactNode;
}

/** Main power report (/powercoil_report): the fleet status and the devices of one UTC day (?day=, today by default). */
function PowerReport({ snapshot, actions }: PowerReportProps) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [today] = useState(() => utcDay(Date.now()));
  const asked = params.get('day');
  const day = asked && DAY_PATTERN.test(asked) && asked <= today ? asked : today;
  const report = usePowerReport(day);
  // The header search narrows both tables; the snapshot has no header, so it always shows the whole fleet.
  const headerSearch = useHeaderSearch();
  const search = snapshot ? '' : headerSearch;
  const paging = usePaging(`${day}|${search}`);
  const metric = useUserSettings().data?.temperature_metric ?? 'celsius';
  const tenantName = useTenantSettings().data?.name;
  const timeZone = browserTimeZone();
  const language = i18n.language;
  const number = (value: number | null | undefined, decimals = 2) =>
    value === null || value === undefined ? '–' : formatNumber(value, language, decimals);
  const label = (group: string, value: string | null) => t(`assets.values.${group}.${value === null ? 'none' : value}`);
  const unit = temperatureUnit(metric);
  const dayText = formatDay(day, timeZone);
  // On paper every page says whose report, of which day, in which zone (the snapshot is what the PDF prints).
  const running =
    snapshot && tenantName !== undefined
      ? t('powerReadings.powerReport.running', { tenant: tenantName, day: dayText, zone: timeZone })
      : null;
  const indices = useMemo(() => {
    const devices = report.data?.devices;
    return devices ? reportSearch(devices.columns, devices.count, search, (issue) => t(issueKey(issue))) : [];
  }, [report.data, search, t]);
  const fleet = useMemo(
    () => (report.data ? (search ? fleetCountsOf(report.data.devices.columns, indices) : report.data.fleet) : null),
    [report.data, search, indices],
  );
  const statusRows = useMemo(() => (fleet ? fleetStatusRows({ fleet }) : []), [fleet]);

  const statusColumns: DataColumn<FleetStatusRow>[] = [
    { id: 'group', title: t('powerReadings.powerReport.group'), cell: (r) => t(`assets.columns.${r.group}`) },
    { id: 'value', title: t('powerReadings.powerReport.state'), cell: (r) => label(r.group, r.value) },
    { id: 'devices', title: t('powerReadings.powerReport.devices'), numeric: true, cell: (r) => number(r.devices, 0) },
    { id: 'share', title: t('powerReadings.powerReport.share'), numeric: true, cell: (r) => number(r.sharePercent) },
  ];
  const deviceColumns = (c: AssetListColumns): DataColumn<number>[] => [
    {
      id: 'device',
      title: t('assets.columns.device_id'),
      cell: (i) =>
        snapshot ? (
          c.device_id[i]
        ) : (
          <Link component={RouterLink} to={`/asset/${encodeURIComponent(c.device_id[i] ?? '')}`}>
            {c.device_id[i]}
          </Link>
        ),
    },
    { id: 'name', title: t('assets.columns.transformer_name'), cell: (i) => c.transformer_name[i] },
    { id: 'status', title: t('assets.columns.status_category'), cell: (i) => label('status_category', c.status_category[i] ?? null) },
    { id: 'capacity', title: t('assets.columns.capacity_percent'), numeric: true, cell: (i) => number(c.capacity_percent[i]) },
    { id: 'utilisation', title: t('assets.columns.utilisation_percent'), numeric: true, cell: (i) => number(c.utilisation_percent[i]) },
    { id: 'imbalance', title: t('assets.columns.imbalance_percent'), numeric: true, cell: (i) => number(c.imbalance_percent[i]) },
    { id: 'l1', title: t('assets.columns.Current0Max'), numeric: true, cell: (i) => number(c.Current0Max[i]) },
    { id: 'l2', title: t('assets.columns.Current1Max'), numeric: true, cell: (i) => number(c.Current1Max[i]) },
    { id: 'l3', title: t('assets.columns.Current2Max'), numeric: true, cell: (i) => number(c.Current2Max[i]) },
    {
      id: 'temperature',
      title: `${t('assets.columns.temperature_max_c')} (${unit})`,
      numeric: true,
      cell: (i) => {
        const celsius = c.temperature_max_c[i];
        return celsius === null || celsius === undefined ? '–' : number(temperatureInMetric(celsius, metric));
      },
    },
    { id: 'battery', title: t('assets.columns.battery_pct'), numeric: true, cell: (i) => number(c.battery_pct[i]) },
    { id: 'messages', title: t('assets.columns.message_count'), numeric: true, cell: (i) => number(c.message_count[i], 0) },
    {
      id: 'missed',
      title: t('assets.columns.missed_messages'),
      numeric: true,
      cell: (i) => number(c.missed_messages[i], 0),
      emphasis: (i) => (c.missed_messages[i] ?? 0) > 0,
    },
  ];

  return (
    <Box data-testid="power-report" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, ...(snapshot ? { p: 2 } : {}) }}>
      {running !== null && <style>{reportPrintCss(running, 'landscape')}</style>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Box sx={{ flex: 1, minWidth: 260 }}>
          <Typography component="h2" variant="h5" data-testid="report-title">
            {t('powerReadings.powerReport.title', { day: dayText })}
          </Typography>
          {report.data && (
            <Typography variant="body2" color="text.secondary">
              {t('powerReadings.powerReport.generated', { time: formatDateTime(Date.parse(report.data.generated_at), timeZone) })}
              {day < today ? ` ${t('powerReadings.powerReport.pastDayNote')}` : ''}
            </Typography>
          )}
          {report.data && <WindowNote window={report.data.window} timeZone={timeZone} testId="report-window" />}
        </Box>
        {!snapshot && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', ...HIDE_IN_PRINT }}>
            <Suspense fallback={<Box sx={{ width: 180, height: 40 }} />}>
              <DayPicker
                label={t('powerReadings.powerReport.day')}
                value={day}
                max={today}
                onChange={(next) => DAY_PATTERN.test(next) && next <= today && setParams({ day: next }, { replace: true })}
                testId="report-day"
              />
            </Suspense>
            <Button startIcon={<PrintIcon />} variant="outlined" onClick={() => window.print()}>
              {t('powerReadings.powerReport.print')}
            </Button>
            <Link component={RouterLink} to={`/powercoil_report_snapshot?day=${day}`} variant="body2" data-testid="report-snapshot-link">
              {t('powerReadings.powerReport.snapshotLink')}
            </Link>
            {actions}
          </Box>
        )}
      </Box>
      {report.isPending ? (
        <Typography>{t('assetDetail.loadingTab')}</Typography>
      ) : !report.data ? (
        <Typography>{t('assetDetail.tabFailed')}</Typography>
      ) : snapshot && running === null ? null : (
        // Marked ready once the day's data is drawn: the server's PDF renderer prints the snapshot then.
        <ReportReady>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="report-fleet-title">
            <Typography id="report-fleet-title" component="h3" variant="h6" sx={{ mb: 1 }}>
              {t('powerReadings.powerReport.fleetTitle', { total: number(fleet?.device_count ?? 0, 0) })}
            </Typography>
            {search && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="report-search-note">
                {t('filters.reportSearch')}
              </Typography>
            )}
            <DataTable
              label={t('powerReadings.powerReport.fleetTable', { day: dayText })}
              columns={statusColumns}
              rows={statusRows}
              rowKey={(r) => `${r.group}/${r.value}`}
              testId="report-fleet"
            />
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="report-devices-title">
            <Typography id="report-devices-title" component="h3" variant="h6" sx={{ mb: 1 }}>
              {t('powerReadings.powerReport.devicesTitle', { total: number(indices.length, 0) })}
            </Typography>
            {indices.length === 0 ? (
              <Typography>{t('messages.noData')}</Typography>
            ) : (
              <DataTable
                label={t('powerReadings.powerReport.devicesTable', { day: dayText })}
                columns={deviceColumns(report.data.devices.columns)}
                rows={snapshot ? indices : indices.slice(paging.page * paging.pageSize, (paging.page + 1) * paging.pageSize)}
                rowKey={(i) => i}
                paging={snapshot ? undefined : { ...paging, total: indices.length }}
                testId="report-devices"
              />
            )}
          </Paper>
        </ReportReady>
      )}
    </Box>
  );
}

export function PowerReportPage({ actions }: { actions?: ReactNode }) {
  return <PowerReport snapshot={false} actions={actions} />;
}

export function PowerReportSnapshotPage() {
  return <PowerReport snapshot />;
}
