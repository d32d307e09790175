import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import PeopleIcon from '@mui/icons-material/People';
import SendIcon from '@mui/icons-material/Send';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useTranslation } from 'react-i18next';
import type { ReportSchedule } from '@gridlens/contract/report-schedules';
import { formatDateTime } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import type { ReportKind } from '@gridlens/domain/reports/schedules';
import { browserTimeZone } from '@/lib/api/config';
import { useDeleteSchedule, useReportSchedules, useSendNow } from '@/lib/api/report-schedules';
import { useAppStore } from '@/lib/app-store';
import { loadChunk } from '@/lib/chunk-load';
import { DataTable, type DataColumn } from '@/lib/ui/data-table';
import { LoadFailed } from '@/lib/ui/load-failed';
import { useScheduleText } from './schedule-text';

// The dialogs (and the contract schemas they check with) load when first opened.
const ScheduleDialog = lazy(() => loadChunk(() => import('./schedule-dialog')));
const ScheduleRecipientsDialog = lazy(() => loadChunk(() => import('./schedule-recipients-dialog')));

/** The contract's `consecutive_failures`: at 3 failures in a row the owner is emailed, and the screen says so too. */
const FAILING_AFTER = 3;
const isFailing = (schedule: ReportSchedule) => schedule.consecutive_failures >= FAILING_AFTER;

type Open =
  | { kind: 'schedule'; schedule: ReportSchedule | null }
  | { kind: 'recipients'; schedule: ReportSchedule }
  | { kind: 'delete'; schedule: ReportSchedule }
  | null;

interface Props {
  /** The reports offered, and listed: a screen that schedules one report shows only that report's schedules. */
  kinds: readonly ReportKind[];
  /** Shows a schedule's delivery history in the history panel; without it, no history button is offered. */
  onHistory?: (scheduleId: string) => void;
}

/**
 * The tenant's report schedules, with create, edit, recipients, send now, history and delete (after confirmation);
 * a schedule that keeps failing is named above the list and marked in its row.
 */
export function SchedulesPanel({ kinds, onHistory }: Props) {
  const { t, i18n } = useTranslation();
  const text = useScheduleText();
  const schedules = useReportSchedules();
  const listed = schedules.data?.filter((s) => kinds.includes(s.report));
  const failing = listed?.filter(isFailing) ?? [];
  const remove = useDeleteSchedule();
  const sendNow = useSendNow();
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const [open, setOpen] = useState<Open>(null);
  const timeZone = browserTimeZone();

  const columns: DataColumn<ReportSchedule>[] = [
    {
      id: 'report',
      title: t('reportSchedules.columns.report'),
      cell: (s) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {isFailing(s) && (
            <WarningAmberIcon
              fontSize="small"
              color="warning"
              titleAccess={t('reportSchedules.failingMarker', { failures: s.consecutive_failures })}
              data-testid="schedule-failing"
            />
          )}
          {text.kind(s.report)}
        </Box>
      ),
    },
    { id: 'when', title: t('reportSchedules.columns.when'), cell: (s) => text.when(s) },
    {
      id: 'formats',
      title: t('reportSchedules.columns.formats'),
      cell: (s) => s.formats.map((f) => t(`reportSchedules.formats.${f}`)).join(', '),
    },
    { id: 'language', title: t('reportSchedules.columns.language'), cell: (s) => t(`languages.${s.language}`) },
    {
      id: 'recipients',
      title: t('reportSchedules.columns.recipients'),
      numeric: true,
      cell: (s) => formatNumber(s.recipient_count, i18n.language, 0),
    },
    { id: 'next', title: t('reportSchedules.columns.nextDue'), cell: (s) => formatDateTime(Date.parse(s.next_due_at), timeZone) },
    {
      id: 'actions',
      title: t('reportSchedules.columns.actions'),
      cell: (s) => (
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          <IconButton size="small" aria-label={t('reportSchedules.edit')} onClick={() => setOpen({ kind: 'schedule', schedule: s })}>
            <EditIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={t('reportSchedules.recipients')}
            onClick={() => setOpen({ kind: 'recipients', schedule: s })}
            data-testid="open-recipients"
          >
            <PeopleIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={t('reportSchedules.sendNow')}
            disabled={sendNow.isPending}
            onClick={() => sendScheduleNow(s)}
            data-testid="send-now"
          >
            <SendIcon fontSize="small" />
          </IconButton>
          {onHistory && (
            <IconButton size="small" aria-label={t('reportSchedules.history')} onClick={() => onHistory(s.id)} data-testid="open-history">
              <HistoryIcon fontSize="small" />
            </IconButton>
          )}
          <IconButton size="small" aria-label={t('reportSchedules.delete')} onClick={() => setOpen({ kind: 'delete', schedule: s })}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      ),
    },
  ];

  // The delivery shows in the history at once, pending, until the runner has sent it.
  const sendScheduleNow = (schedule: ReportSchedule) =>
    sendNow.mutate(schedule.id, {
      onSuccess: () => {
        showSnackbar(t('reportSchedules.sendNowStarted'));
        onHistory?.(schedule.id);
      },
      onError: () => showSnackbar(t('errors.error')),
    });

  const confirmDelete = (schedule: ReportSchedule) =>
    remove.mutate(schedule.id, {
      onSuccess: () => {
        setOpen(null);
        showSnackbar(t('reportSchedules.deleted'));
      },
      onError: () => showSnackbar(t('errors.error')),
    });

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="schedules-title">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography id="schedules-title" component="h2" variant="h6" sx={{ flex: 1 }}>
          {t('reportSchedules.schedulesTitle')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setOpen({ kind: 'schedule', schedule: null })}
          data-testid="new-schedule"
        >
          {t('reportSchedules.newSchedule')}
        </Button>
      </Box>
      {schedules.isError && <LoadFailed onRetry={() => void schedules.refetch()} />}
      {failing.length > 0 && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="schedules-failing">
          {failing.map((s) => (
            <Box key={s.id} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <span>
                {t('reportSchedules.failingAlert', { report: text.kind(s.report), when: text.when(s), failures: s.consecutive_failures })}
              </span>
              {onHistory && (
                <Button size="small" color="inherit" onClick={() => onHistory(s.id)}>
                  {t('reportSchedules.history')}
                </Button>
              )}
            </Box>
          ))}
        </Alert>
      )}
      {listed && listed.length === 0 && <Typography data-testid="schedules-none">{t('reportSchedules.noSchedules')}</Typography>}
      {listed && listed.length > 0 && (
        <DataTable
          label={t('reportSchedules.schedulesTitle')}
          columns={columns}
          rows={listed}
          rowKey={(s) => s.id}
          testId="report-schedules"
        />
      )}
      <Suspense fallback={null}>
        {open?.kind === 'schedule' && <ScheduleDialog schedule={open.schedule} kinds={kinds} onClose={() => setOpen(null)} />}
        {open?.kind === 'recipients' && <ScheduleRecipientsDialog schedule={open.schedule} onClose={() => setOpen(null)} />}
      </Suspense>
      {open?.kind === 'delete' && (
        <Dialog open onClose={() => setOpen(null)} aria-labelledby="delete-schedule-title">
          <DialogTitle id="delete-schedule-title">{t('reportSchedules.deleteTitle')}</DialogTitle>
          <DialogContent>
            <Typography>
              {t('reportSchedules.deleteBody', { report: text.kind(open.schedule.report), when: text.when(open.schedule) })}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(null)}>{t('reportSchedules.cancel')}</Button>
            <Button
              color="error"
              variant="contained"
              disabled={remove.isPending}
              onClick={() => confirmDelete(open.schedule)}
              data-testid="confirm-delete"
            >
              {t('reportSchedules.delete')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Paper>
  );
}
