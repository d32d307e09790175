import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TimeRange } from '@gridlens/contract/power-readings';
import type { TrackerMessageRow } from '@gridlens/contract/tracking-devices';
import { formatDateTime } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { browserTimeZone } from '@/lib/api/config';
import { useDeviceMessages } from '@/lib/api/tracking-devices';
import { DataTable, type DataColumn } from '@/lib/ui/data-table';
import { LoadFailed } from '@/lib/ui/load-failed';
import { usePaging } from '@/lib/ui/use-paging';
import { valueText } from './use-device-text';

/** A device's messages of every type over the range, newest first, a page at a time. */
export function DeviceMessages({ deviceId, range }: { deviceId: string; range: TimeRange }) {
  const { t, i18n } = useTranslation();
  const timeZone = browserTimeZone();
  const paging = usePaging(range);
  const page = useDeviceMessages(deviceId, range, paging.page + 1, paging.pageSize);
  const number = (value: number | null, decimals: number) => (value === null ? '' : formatNumber(value, i18n.language, decimals));
  const columns: DataColumn<TrackerMessageRow>[] = [
    { id: 'time', title: t('trackingDevices.messages.time'), cell: (m) => formatDateTime(Date.parse(m.time), timeZone) },
    { id: 'type', title: t('trackingDevices.columns.last_message_type'), cell: (m) => valueText(t, 'last_message_type', m.message_type) },
    { id: 'seq', title: t('trackingDevices.messages.seq'), numeric: true, cell: (m) => m.seq },
    {
      id: 'position',
      title: t('trackingDevices.messages.position'),
      cell: (m) => (m.latitude === null || m.longitude === null ? '' : `${number(m.latitude, 5)}, ${number(m.longitude, 5)}`),
    },
    { id: 'accuracy', title: t('trackingDevices.messages.accuracy'), numeric: true, cell: (m) => number(m.accuracy_m, 0) },
    { id: 'battery', title: t('trackingDevices.columns.battery_pct'), numeric: true, cell: (m) => number(m.battery_pct, 0) },
    { id: 'temperature', title: t('trackingDevices.columns.temperature_c'), numeric: true, cell: (m) => number(m.temperature_c, 1) },
  ];
  // The heading counts the range's messages once they are known; until then it says what the section is.
  const title = page.data
    ? t('assetDetail.messagesTitle', { total: formatNumber(page.data.total, i18n.language, 0) })
    : t('assetDetail.tabs.messages');
  return (
    <>
      <Typography variant="h3" sx={{ fontSize: '1.125rem', mb: 1 }} data-testid="device-messages-title">
        {title}
      </Typography>
      {/* A failed load is said, with a way to try again, not left as an empty section (decisions.md, issue 27). */}
      {page.isError && <LoadFailed onRetry={() => void page.refetch()} />}
      {page.data &&
        (page.data.total === 0 ? (
          <p>{t('messages.noData')}</p>
        ) : (
          <DataTable
            label={title}
            columns={columns}
            rows={page.data.items}
            rowKey={(m) => `${m.message_type}-${m.seq}-${m.time}`}
            paging={{ ...paging, total: page.data.total }}
            testId="device-messages"
          />
        ))}
    </>
  );
}
