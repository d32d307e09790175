import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FaultRecord } from '@gridlens/contract/power-quality';
import { formatDateTime } from '@gridlens/domain/date-format';
import { formatDuration, formatNumber } from '@gridlens/domain/number-format';
import { useFaultRecords } from '@/lib/api/power-quality';
import { DataTable, type DataColumn } from '@/lib/ui/data-table';
import { phaseName, type TabProps } from './tab-display';
import { LoadFailed } from '@/lib/ui/load-failed';
import { useLastData } from '@/lib/ui/use-last-data';
import { usePaging } from '@/lib/ui/use-paging';

/** Fault Records: each loss of mains with its start, end and duration (spec §4: LOSS_OF_MAINS is a fault). */
export function FaultsTab({ deviceId, range, languageTag, timeZone }: TabProps) {
  const { t } = useTranslation();
  const paging = usePaging(range);
  const faults = useFaultRecords(deviceId, range, paging.page + 1, paging.pageSize);
  const shownPage = useLastData(faults.data);
  const total = shownPage?.total ?? 0;
  const time = (iso: string | null) => (iso === null ? '–' : formatDateTime(Date.parse(iso), timeZone));

  const columns: DataColumn<FaultRecord>[] = [
    { id: 'type', title: t('powerQuality.events.type'), cell: (f) => t(`powerQuality.eventTypes.${f.event_type}`) },
    { id: 'start', title: t('powerQuality.faults.start'), cell: (f) => time(f.start_time) },
    { id: 'end', title: t('powerQuality.faults.end'), cell: (f) => time(f.end_time) },
    {
      id: 'duration',
      title: t('powerQuality.events.duration'),
      numeric: true,
      cell: (f) => (f.duration_ms === null ? '–' : formatDuration(f.duration_ms, languageTag)),
    },
    { id: 'priority', title: t('powerQuality.events.priority'), numeric: true, cell: (f) => f.priority, emphasis: (f) => f.priority === 1 },
    { id: 'phase', title: t('powerQuality.events.phase'), cell: (f) => phaseName(f.phase) },
  ];

  if (faults.isPending) return <Typography sx={{ p: 2 }}>{t('assetDetail.loadingTab')}</Typography>;
  if (!shownPage) return <Typography sx={{ p: 2 }}>{t('assetDetail.tabFailed')}</Typography>;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="asset-faults">
      <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
        {t('powerQuality.faults.title', { total: formatNumber(total, languageTag, 0) })}
      </Typography>
      {faults.isError && <LoadFailed onRetry={() => void faults.refetch()} />}
      {total === 0 ? (
        <Typography sx={{ p: 2 }} data-testid="faults-no-data">
          {t('messages.noData')}
        </Typography>
      ) : (
        <DataTable
          label={t('powerQuality.faults.table', { device: deviceId })}
          columns={columns}
          rows={shownPage.items}
          rowKey={(f) => f.seq}
          paging={{ ...paging, total }}
          testId="faults-table"
        />
      )}
    </Paper>
  );
}
