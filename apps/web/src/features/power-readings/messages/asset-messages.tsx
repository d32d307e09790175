import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { temperatureUnit } from '@gridlens/domain/temperature';
import type { PowerMessage, TimeRange } from '@gridlens/contract/power-readings';
import { formatNumber } from '@gridlens/domain/number-format';
import { utcDay } from '@gridlens/domain/time-range';
import { useAppStore } from '@/lib/app-store';
import { csvBlob, downloadBlob } from '@/lib/csv';
import { fetchAllMessages, useMessagesPage } from '@/lib/api/power-readings';
import { isNumericMessageColumn, messageCell, MESSAGE_COLUMNS, type MessageDisplay } from './message-columns';
import { messagesCsv } from './messages-csv';
import { DataTable } from '@/lib/ui/data-table';
import { LoadFailed } from '@/lib/ui/load-failed';
import { useLastData } from '@/lib/ui/use-last-data';
import { usePaging } from '@/lib/ui/use-paging';

interface AssetMessagesProps {
  deviceId: string;
  range: TimeRange;
  display: Omit<MessageDisplay, 'yes' | 'no'>;
  /** Shown below the messages (the device's refused messages, ingest's): the asset page passes it in. */
  refused: ReactNode;
}

/** The Messages tab: the device's messages over the range, newest first, a page at a time, exportable whole. */
export function AssetMessages({ deviceId, range, display, refused }: AssetMessagesProps) {
  const { t } = useTranslation();
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const paging = usePaging(range);
  const [exporting, setExporting] = useState(false);
  const messages = useMessagesPage(deviceId, range, paging.page + 1, paging.pageSize);
  const shownPage = useLastData(messages.data);
  const shown: MessageDisplay = { ...display, yes: t('assets.values.boolean.true'), no: t('assets.values.boolean.false') };
  const unit = temperatureUnit(display.temperatureMetric);
  const headers = MESSAGE_COLUMNS.map((col) => t(`assetDetail.messageColumns.${col.id}`, { unit }));

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await fetchAllMessages(deviceId, range);
      downloadBlob(csvBlob(messagesCsv(all, headers, shown)), `messages-${deviceId}-${range}-${utcDay(Date.now())}.csv`);
    } catch (error) {
      console.error(error);
      showSnackbar(t('errors.error'));
    } finally {
      setExporting(false);
    }
  };

  if (messages.isPending) return <Typography sx={{ p: 2 }}>{t('powerReadings.loadingMessages')}</Typography>;
  if (!shownPage)
    return (
      <>
        <Typography sx={{ p: 2 }}>{t('powerReadings.messagesFailed')}</Typography>
        {refused}
      </>
    );
  const { items, total } = shownPage;

  return (
    <>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="asset-messages">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography component="h3" variant="h6" sx={{ flex: 1 }}>
            {t('assetDetail.messagesTitle', { total: formatNumber(total, display.languageTag, 0) })}
          </Typography>
          <Button
            startIcon={<DownloadIcon />}
            disabled={exporting || total === 0}
            onClick={() => void exportCsv()}
            data-testid="export-messages"
          >
            {exporting ? t('powerReadings.exporting') : t('assets.exportCsv')}
          </Button>
        </Box>
        {messages.isError && <LoadFailed onRetry={() => void messages.refetch()} />}
        {total === 0 ? (
          <Typography sx={{ p: 2 }} data-testid="messages-no-data">
            {t('messages.noData')}
          </Typography>
        ) : (
          <DataTable
            label={t('powerReadings.messagesTable', { device: deviceId })}
            columns={MESSAGE_COLUMNS.map((col, c) => ({
              id: col.id,
              title: headers[c] ?? col.id,
              numeric: isNumericMessageColumn(col),
              cell: (message: PowerMessage) => messageCell(col, message, shown),
              emphasis: col.id === 'missed' ? (message: PowerMessage) => message.missed : undefined,
            }))}
            rows={items}
            rowKey={(message) => message.seq}
            paging={{ ...paging, total }}
          />
        )}
      </Paper>
      {refused}
    </>
  );
}
