import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { StatusChange } from '@gridlens/contract/rollout';
import { formatDateTime } from '@gridlens/domain/date-format';
import { browserTimeZone } from '@/lib/api/config';
import { useDeviceHistory } from '@/lib/api/rollout';
import { DataTable } from '@/lib/ui/data-table';
import { deviceStatusKey } from './status-words';

/** A device's dated status history, newest first: each change, what made it, and by whom. */
export function DeviceHistoryDialog({ deviceId, onClose }: { deviceId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const history = useDeviceHistory(deviceId);
  const timeZone = browserTimeZone();
  const status = (value: string | null) => (value === null ? '–' : t(deviceStatusKey(value)));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="device-history-title">
      <DialogTitle id="device-history-title">{t('rollout.history.title', { device: deviceId })}</DialogTitle>
      <DialogContent>
        {history.isPending ? (
          <Typography>{t('rollout.loading')}</Typography>
        ) : !history.data ? (
          <Typography color="error">{t('rollout.loadFailed')}</Typography>
        ) : history.data.length === 0 ? (
          <Typography>{t('messages.noData')}</Typography>
        ) : (
          <DataTable<StatusChange>
            label={t('rollout.history.title', { device: deviceId })}
            testId="device-history"
            rows={history.data}
            rowKey={(row) => `${row.at}-${row.to}-${row.event}`}
            columns={[
              { id: 'at', title: t('rollout.history.at'), cell: (row) => formatDateTime(Date.parse(row.at), timeZone) },
              { id: 'from', title: t('rollout.history.from'), cell: (row) => status(row.from) },
              { id: 'to', title: t('rollout.history.to'), cell: (row) => status(row.to) },
              { id: 'event', title: t('rollout.history.event'), cell: (row) => t(`rollout.events.${row.event}`) },
              { id: 'detail', title: t('rollout.history.detail'), cell: (row) => row.detail ?? '–' },
              { id: 'by', title: t('rollout.history.by'), cell: (row) => row.by ?? '–' },
            ]}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('rollout.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
