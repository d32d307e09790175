import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PQ_EVENT_ONLY_TYPES, type PqEvent } from '@gridlens/contract/power-quality';
import { formatDateTime } from '@gridlens/domain/date-format';
import { formatDuration, formatNumber } from '@gridlens/domain/number-format';
import type { PqEventType } from '@gridlens/domain/power/enumerations';
import { usePqEvents, type EventFilter } from '@/lib/api/power-quality';
import { DataTable, type DataColumn } from '@/lib/ui/data-table';
import { phaseName, type TabProps } from './tab-display';
import { LoadFailed } from '@/lib/ui/load-failed';
import { useLastData } from '@/lib/ui/use-last-data';
import { usePaging } from '@/lib/ui/use-paging';

const ALL = 'all';
const PRIORITIES = [1, 2, 3, 4];

/** Events: the power-quality events (spec §4 event types other than faults) with priority 1–4, filterable. */
export function EventsTab({ deviceId, range, languageTag, timeZone }: TabProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<EventFilter>({ eventType: null, priority: null });
  const paging = usePaging(`${range}/${filter.eventType}/${filter.priority}`);
  const events = usePqEvents(deviceId, range, filter, paging.page + 1, paging.pageSize);
  const shownPage = useLastData(events.data);
  const total = shownPage?.total ?? 0;

  const columns: DataColumn<PqEvent>[] = [
    { id: 'time', title: t('assetDetail.messageColumns.time'), cell: (e) => formatDateTime(Date.parse(e.time), timeZone) },
    { id: 'type', title: t('powerQuality.events.type'), cell: (e) => t(`powerQuality.eventTypes.${e.event_type}`) },
    { id: 'priority', title: t('powerQuality.events.priority'), numeric: true, cell: (e) => e.priority, emphasis: (e) => e.priority === 1 },
    { id: 'phase', title: t('powerQuality.events.phase'), cell: (e) => phaseName(e.phase) },
    {
      id: 'duration',
      title: t('powerQuality.events.duration'),
      numeric: true,
      cell: (e) => (e.duration_ms === null ? '–' : formatDuration(e.duration_ms, languageTag)),
    },
    {
      id: 'magnitude',
      title: t('powerQuality.events.magnitude'),
      numeric: true,
      cell: (e) => (e.magnitude === null ? '–' : formatNumber(e.magnitude, languageTag)),
    },
  ];

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="asset-events">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
        <Typography component="h3" variant="h6" sx={{ flex: 1 }}>
          {t('powerQuality.events.title', { total: formatNumber(total, languageTag, 0) })}
        </Typography>
        <TextField
          select
          size="small"
          label={t('powerQuality.events.type')}
          value={filter.eventType ?? ALL}
          onChange={(event) =>
            setFilter((f) => ({ ...f, eventType: event.target.value === ALL ? null : (event.target.value as PqEventType) }))
          }
          sx={{ minWidth: 200 }}
          data-testid="event-type-filter"
        >
          <MenuItem value={ALL}>{t('powerQuality.events.allTypes')}</MenuItem>
          {PQ_EVENT_ONLY_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`powerQuality.eventTypes.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('powerQuality.events.priority')}
          value={filter.priority === null ? ALL : String(filter.priority)}
          onChange={(event) => setFilter((f) => ({ ...f, priority: event.target.value === ALL ? null : Number(event.target.value) }))}
          sx={{ minWidth: 140 }}
          data-testid="event-priority-filter"
        >
          <MenuItem value={ALL}>{t('powerQuality.events.allPriorities')}</MenuItem>
          {PRIORITIES.map((priority) => (
            <MenuItem key={priority} value={String(priority)}>
              {t('powerQuality.events.priorityN', { priority })}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {events.isError && shownPage && <LoadFailed onRetry={() => void events.refetch()} />}
      {events.isPending ? (
        <Typography sx={{ p: 2 }}>{t('assetDetail.loadingTab')}</Typography>
      ) : !shownPage ? (
        <Typography sx={{ p: 2 }}>{t('assetDetail.tabFailed')}</Typography>
      ) : total === 0 ? (
        <Typography sx={{ p: 2 }} data-testid="events-no-data">
          {t('messages.noData')}
        </Typography>
      ) : (
        <DataTable
          label={t('powerQuality.events.table', { device: deviceId })}
          columns={columns}
          rows={shownPage.items}
          rowKey={(e) => e.seq}
          paging={{ ...paging, total }}
          testId="events-table"
        />
      )}
    </Paper>
  );
}
