import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import type { JourneyDevices } from '@gridlens/contract/tracking-journeys';
import { formatDateTime, formatDay } from '@gridlens/domain/date-format';
import { WEEK_MS, weekIdOf, weekStartOfId } from '@gridlens/domain/tracking/weeks';
import { browserTimeZone } from '@/lib/api/config';
import { useJourneyDevices } from '@/lib/api/tracking-journeys';
import { textsMatch } from '@/lib/text-search';
import { useClientPaging } from '@/lib/ui/use-client-paging';
import { DataTable, type DataColumn } from '@/lib/ui/data-table';
import { useHeaderSearch } from '@/lib/use-header-search';
import { durationText } from '@/lib/duration-text';

type Row = JourneyDevices['weeks'][number]['journeys'][number];

/** /journey/:originId/:destinationId/:week: the devices that made one journey in one week, with their times. */
export function JourneyDetailPage() {
  const { t, i18n } = useTranslation();
  const { originId = '', destinationId = '', week = '' } = useParams();
  const startMs = weekStartOfId(week);
  const [nowMs] = useState(() => Date.now());
  const answer = useJourneyDevices(originId, destinationId, week);
  const search = useHeaderSearch();
  const timeZone = browserTimeZone();
  const rows = (answer.data?.weeks[0]?.journeys ?? []).filter((j) => textsMatch([j.device_id, j.name], search));
  const { pageRows, paging } = useClientPaging(rows);
  if (startMs === null) return <Typography data-testid="journey-bad-week">{t('trackingJourneys.badWeek')}</Typography>;
  const base = `/journey/${encodeURIComponent(originId)}/${encodeURIComponent(destinationId)}`;
  const time = (iso: string) => formatDateTime(Date.parse(iso), timeZone);
  const columns: DataColumn<Row>[] = [
    {
      id: 'device',
      title: t('trackingJourneys.device'),
      cell: (j) => (
        <Link component={RouterLink} to={`/device/${encodeURIComponent(j.device_id)}`}>
          {j.device_id}
        </Link>
      ),
    },
    { id: 'name', title: t('trackingJourneys.name'), cell: (j) => j.name },
    { id: 'departed', title: t('trackingJourneys.departed'), cell: (j) => time(j.departed_at) },
    { id: 'arrived', title: t('trackingJourneys.arrived'), cell: (j) => time(j.arrived_at) },
    {
      id: 'duration',
      title: t('trackingJourneys.duration'),
      numeric: true,
      cell: (j) => durationText(j.duration_minutes, i18n.language, t),
    },
  ];
  const previous = weekIdOf(startMs - WEEK_MS);
  const next = weekIdOf(startMs + WEEK_MS);
  const nextIsFuture = startMs + WEEK_MS > nowMs;

  return (
    <Box data-testid="journey-detail" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="journey-title">
        <Typography id="journey-title" component="h2" variant="h6" data-testid="journey-title">
          {answer.data
            ? t('trackingJourneys.pairName', { origin: answer.data.origin.name, destination: answer.data.destination.name })
            : `${originId} → ${destinationId}`}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="journey-week">
          {t('trackingJourneys.weekOf', { day: formatDay(week, timeZone) })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, mb: 2 }}>
          <Button component={RouterLink} to={`${base}/${previous}`} size="small" variant="outlined">
            {t('trackingJourneys.previousWeek')}
          </Button>
          <Button component={RouterLink} to={`${base}/${next}`} size="small" variant="outlined" disabled={nextIsFuture}>
            {t('trackingJourneys.nextWeek')}
          </Button>
          <Button component={RouterLink} to="/journeys" size="small">
            {t('trackingJourneys.allJourneys')}
          </Button>
        </Box>
        {answer.isPending ? (
          <Typography>{t('assetDetail.loadingTab')}</Typography>
        ) : answer.isError ? (
          <Typography role="alert">{t('trackingJourneys.notFound')}</Typography>
        ) : rows.length === 0 ? (
          <Typography data-testid="journey-empty">{t('messages.noData')}</Typography>
        ) : (
          <DataTable
            label={t('trackingJourneys.devicesLabel')}
            columns={columns}
            rows={pageRows}
            paging={paging}
            rowKey={(j) => `${j.device_id}/${j.arrived_at}`}
            testId="journey-devices"
          />
        )}
      </Paper>
    </Box>
  );
}
