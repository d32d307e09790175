import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DeviceJourneyList } from '@gridlens/contract/tracking-journeys';
import { formatDateTime } from '@gridlens/domain/date-format';
import { browserTimeZone } from '@/lib/api/config';
import { durationText } from '@/lib/duration-text';
import { JOURNEY_WEEKS, useDeviceJourneyList } from '@/lib/api/tracking-journeys';
import { DataTable, type DataColumn } from '@/lib/ui/data-table';

type Row = DeviceJourneyList[number];

/** A device's journeys over the last eight weeks (spec §7 /api/device/journeys), for the device detail page. */
export function DeviceJourneys({ deviceId }: { deviceId: string }) {
  const { t, i18n } = useTranslation();
  const journeys = useDeviceJourneyList(deviceId);
  const timeZone = browserTimeZone();
  const time = (iso: string) => formatDateTime(Date.parse(iso), timeZone);
  const weekPath = (j: Row) =>
    `/journey/${encodeURIComponent(j.origin.location_id)}/${encodeURIComponent(j.destination.location_id)}/${j.week}`;
  const columns: DataColumn<Row>[] = [
    { id: 'origin', title: t('trackingJourneys.origin'), cell: (j) => j.origin.name },
    { id: 'destination', title: t('trackingJourneys.destination'), cell: (j) => j.destination.name },
    { id: 'departed', title: t('trackingJourneys.departed'), cell: (j) => time(j.departed_at) },
    {
      id: 'arrived',
      title: t('trackingJourneys.arrived'),
      cell: (j) => (
        <Link component={RouterLink} to={weekPath(j)}>
          {time(j.arrived_at)}
        </Link>
      ),
    },
    {
      id: 'duration',
      title: t('trackingJourneys.duration'),
      numeric: true,
      cell: (j) => durationText(j.duration_minutes, i18n.language, t),
    },
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="device-journeys-title" data-testid="device-journeys">
      <Typography id="device-journeys-title" component="h3" variant="h6" sx={{ mb: 1 }}>
        {t('trackingJourneys.deviceTitle', { weeks: JOURNEY_WEEKS })}
      </Typography>
      {journeys.isPending ? (
        <Typography>{t('assetDetail.loadingTab')}</Typography>
      ) : !journeys.data ? (
        <Typography role="alert">{t('assetDetail.tabFailed')}</Typography>
      ) : journeys.data.length === 0 ? (
        <Typography data-testid="device-journeys-empty">{t('messages.noData')}</Typography>
      ) : (
        <DataTable
          label={t('trackingJourneys.deviceTitle', { weeks: JOURNEY_WEEKS })}
          columns={columns}
          rows={journeys.data}
          rowKey={(j) => j.arrived_at}
          testId="device-journeys-table"
        />
      )}
    </Paper>
  );
}
