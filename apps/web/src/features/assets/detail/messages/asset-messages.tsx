import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import type { TimeRange } from '@gridlens/contract/power-readings';
import { formatNumber } from '@gridlens/domain/number-format';
import { utcDay } from '@gridlens/domain/time-range';
import { useAppStore } from '@/lib/app-store';
import { csvBlob, downloadBlob } from '@/lib/csv';
import { fetchAllMessages, useMessagesPage } from '@/lib/api/power-readings';
import { isNumericMessageColumn, messageCell, MESSAGE_COLUMNS, type MessageDisplay } from './message-columns';
import { messagesCsv } from './messages-csv';

interface AssetMessagesProps {
  deviceId: string;
  range: TimeRange;
  display: Omit<MessageDisplay, 'yes' | 'no'>;
}

const PAGE_SIZES = [25, 100, 500];

/** The Messages tab: the device's messages over the range, newest first, a page at a time, exportable whole. */
export function AssetMessages({ deviceId, range, display }: AssetMessagesProps) {
  const { t } = useTranslation();
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(100);
  const [pageOfRange, setPageOfRange] = useState(range);
  const [exporting, setExporting] = useState(false);
  if (pageOfRange !== range) {
    setPageOfRange(range);
    setPage(0);
  }
  const messages = useMessagesPage(deviceId, range, page + 1, pageSize);
  const shown: MessageDisplay = { ...display, yes: t('assets.values.boolean.true'), no: t('assets.values.boolean.false') };
  const unit = display.temperatureMetric === 'fahrenheit' ? '°F' : '°C';
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

  if (messages.isPending) return <Typography sx={{ p: 2 }}>{t('assetDetail.loadingMessages')}</Typography>;
  if (!messages.data) return <Typography sx={{ p: 2 }}>{t('assetDetail.messagesFailed')}</Typography>;
  const { items, total } = messages.data;

  return (
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
          {exporting ? t('assetDetail.exporting') : t('assets.exportCsv')}
        </Button>
      </Box>
      {total === 0 ? (
        <Typography sx={{ p: 2 }} data-testid="messages-no-data">
          {t('messages.noData')}
        </Typography>
      ) : (
        <>
          {/* Scrolls on its own, so it takes the keyboard focus to be scrolled without a mouse. */}
          <TableContainer
            sx={{ maxHeight: 640 }}
            tabIndex={0}
            role="region"
            aria-label={t('assetDetail.messagesTable', { device: deviceId })}
          >
            <Table size="small" stickyHeader aria-label={t('assetDetail.messagesTable', { device: deviceId })}>
              <TableHead>
                <TableRow>
                  {MESSAGE_COLUMNS.map((col, c) => (
                    <TableCell key={col.id} align={isNumericMessageColumn(col) ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                      {headers[c]}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((message) => (
                  <TableRow key={message.seq} hover data-missed={message.missed || undefined}>
                    {MESSAGE_COLUMNS.map((col) => (
                      <TableCell
                        key={col.id}
                        align={isNumericMessageColumn(col) ? 'right' : 'left'}
                        sx={{
                          whiteSpace: 'nowrap',
                          fontVariantNumeric: 'tabular-nums',
                          ...(col.id === 'missed' && message.missed ? { color: 'warning.main', fontWeight: 600 } : {}),
                        }}
                      >
                        {messageCell(col, message, shown)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={total}
            page={page}
            onPageChange={(_event, next) => setPage(next)}
            rowsPerPage={pageSize}
            rowsPerPageOptions={PAGE_SIZES}
            onRowsPerPageChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(0);
            }}
            labelRowsPerPage={t('assetDetail.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) =>
              t('assetDetail.displayedRows', {
                from: formatNumber(from, display.languageTag, 0),
                to: formatNumber(to, display.languageTag, 0),
                count: formatNumber(count, display.languageTag, 0),
              })
            }
            getItemAriaLabel={(type) => t(`assetDetail.pagination.${type}`)}
          />
        </>
      )}
    </Paper>
  );
}
