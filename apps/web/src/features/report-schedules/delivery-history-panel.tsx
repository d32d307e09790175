import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ReplayIcon from '@mui/icons-material/Replay';
import { useTranslation } from 'react-i18next';
import { canSendAgain, type ReportRun } from '@gridlens/contract/report-schedules';
import { formatDateTime } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { ApiRequestError } from '@/lib/api/api-client';
import { browserTimeZone } from '@/lib/api/config';
import { useReportSchedule, useSendRunAgain } from '@/lib/api/report-schedules';
import { useAppStore } from '@/lib/app-store';
import { DataTable, type DataColumn } from '@/lib/ui/data-table';
import { LoadFailed } from '@/lib/ui/load-failed';
import { runLinkHref, useScheduleText } from './schedule-text';

/** Narrower screens leave out the formats: the outcome, its reason and the addresses come first. */
const WIDE_PX = 1400;
/** The words of a cell wrap (the table's cells do not): a mail server's answer can be a long line. */
const WRAPPING = { whiteSpace: 'normal', overflowWrap: 'break-word' } as const;

/**
 * The deliveries of the chosen schedule, newest first: due, sent, outcome and why, attempts, to whom, formats, the
 * report in the portal, and "Send again" for a failed or skipped one. A pending delivery refreshes by itself
 * (lib/api/report-schedules.ts) until the runner is done with it.
 */
export function DeliveryHistoryPanel({ scheduleId }: { scheduleId: string | null }) {
  const { t, i18n } = useTranslation();
  const text = useScheduleText();
  const schedule = useReportSchedule(scheduleId);
  const sendAgain = useSendRunAgain();
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const timeZone = browserTimeZone();
  const time = (iso: string | null) => (iso === null ? '' : formatDateTime(Date.parse(iso), timeZone));

  const send = (run: ReportRun) => {
    if (scheduleId === null) return;
    sendAgain.mutate(
      { scheduleId, runId: run.id },
      {
        onSuccess: () => showSnackbar(t('reportSchedules.sendAgainStarted')),
        // 409: the run was sent, or is on its way, since the history was drawn.
        onError: (error) =>
          showSnackbar(
            error instanceof ApiRequestError && error.status === 409 ? t('reportSchedules.sendAgainRefused') : t('errors.error'),
          ),
      },
    );
  };

  const columns: DataColumn<ReportRun>[] = [
    { id: 'due', title: t('reportSchedules.runColumns.due'), cell: (r) => time(r.due_at) },
    { id: 'sent', title: t('reportSchedules.runColumns.sent'), cell: (r) => time(r.sent_at) },
    { id: 'status', title: t('reportSchedules.runColumns.status'), cell: (r) => <RunOutcomeCell run={r} time={time} /> },
    { id: 'reason', title: t('reportSchedules.runColumns.reason'), cell: (r) => <RunReasonCell run={r} /> },
    {
      id: 'recipients',
      title: t('reportSchedules.runColumns.recipients'),
      // The addresses themselves (their number is the count); with none to list, the count, unless it is none too.
      cell: (r) =>
        r.recipients.length > 0 ? (
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', maxWidth: 240, ...WRAPPING }} data-testid="run-recipients">
            {r.recipients.map((address) => (
              <li key={address}>{address}</li>
            ))}
          </Box>
        ) : r.recipient_count > 0 ? (
          formatNumber(r.recipient_count, i18n.language, 0)
        ) : (
          '–'
        ),
    },
    {
      id: 'formats',
      title: t('reportSchedules.runColumns.formats'),
      cell: (r) => r.formats.map((f) => t(`reportSchedules.formats.${f}`)).join(', '),
      shownFrom: WIDE_PX,
    },
    {
      id: 'actions',
      title: t('reportSchedules.columns.actions'),
      cell: (r) => {
        const href = runLinkHref(r.link);
        return (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            {href !== null && (
              <Link href={href} target="_blank" rel="noopener noreferrer" variant="body2" data-testid="run-link">
                {t('reportSchedules.openRun')}
              </Link>
            )}
            {canSendAgain(r.status) && (
              <Button
                size="small"
                variant="outlined"
                startIcon={<ReplayIcon />}
                disabled={sendAgain.isPending}
                onClick={() => send(r)}
                data-testid="send-again"
              >
                {t('reportSchedules.sendAgain')}
              </Button>
            )}
          </Box>
        );
      },
    },
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="history-title" data-testid="delivery-history">
      <Typography id="history-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('reportSchedules.historyTitle')}
      </Typography>
      {scheduleId === null && <Typography color="text.secondary">{t('reportSchedules.historyHint')}</Typography>}
      {schedule.isError && <LoadFailed onRetry={() => void schedule.refetch()} />}
      {scheduleId !== null && schedule.data && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('reportSchedules.historyOf', { report: text.kind(schedule.data.report), when: text.when(schedule.data) })}
          </Typography>
          {schedule.data.runs.length === 0 ? (
            <Typography data-testid="runs-none">{t('reportSchedules.noRuns')}</Typography>
          ) : (
            <DataTable
              label={t('reportSchedules.historyTitle')}
              columns={columns}
              rows={schedule.data.runs}
              rowKey={(r) => r.id}
              testId="report-runs"
              rowTestId={(r) => `report-run-${r.id}`}
            />
          )}
        </>
      )}
    </Paper>
  );
}

/** How a delivery went: its status, the attempts made at sending it, and for a pending one when it is tried next. */
function RunOutcomeCell({ run, time }: { run: ReportRun; time: (iso: string | null) => string }) {
  const { t, i18n } = useTranslation();
  // One attempt of a delivery that went, or none of one skipped, says nothing the status does not.
  const showAttempts = run.status === 'pending' || run.status === 'failed' || run.attempts > 1;
  return (
    <>
      {t(`reportSchedules.statuses.${run.status}`)}
      {showAttempts && (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="run-attempts">
          {t('reportSchedules.attempts', { attempts: formatNumber(run.attempts, i18n.language, 0) })}
        </Typography>
      )}
      {run.status === 'pending' && run.next_attempt_at !== null && (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="run-next-attempt">
          {t('reportSchedules.nextAttempt', { time: time(run.next_attempt_at) })}
        </Typography>
      )}
    </>
  );
}

/** Why a delivery went as it did: the reason in words, the server's detail below it in small type, the missing PDF. */
function RunReasonCell({ run }: { run: ReportRun }) {
  const { t } = useTranslation();
  const text = useScheduleText();
  // A delivery sent without its PDF carries the PDF's reason code too; its note says it, and "Sent" stays true.
  const showReason = run.reason_code !== null && !(run.status === 'sent' && run.pdf_missing !== null);
  return (
    <Box sx={{ minWidth: 200, maxWidth: 360, ...WRAPPING }}>
      {showReason && run.reason_code !== null && <Typography variant="body2">{text.reason(run.reason_code)}</Typography>}
      {showReason && run.reason && (
        <Typography variant="caption" color="text.secondary" component="p">
          {run.reason}
        </Typography>
      )}
      {run.pdf_missing !== null && (
        <Typography variant="body2" data-testid="run-pdf-missing">
          {t('reportSchedules.pdfMissing', { reason: run.pdf_missing })}
        </Typography>
      )}
    </Box>
  );
}
