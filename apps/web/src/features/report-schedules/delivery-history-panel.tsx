import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ReportRun } from '@gridlens/contract/report-schedules';
import { formatDateTime } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { browserTimeZone } from '@/lib/api/config';
import { useReportSchedule } from '@/lib/api/report-schedules';
import { DataTable, type DataColumn } from '@/lib/ui/data-table';
import { LoadFailed } from '@/lib/ui/load-failed';
import { useScheduleText } from './schedule-text';

/** The deliveries of the chosen schedule, newest first: due, sent, outcome, recipients, formats and why. */
export function DeliveryHistoryPanel({ scheduleId }: { scheduleId: string | null }) {
  const { t, i18n } = useTranslation();
  const text = useScheduleText();
  const schedule = useReportSchedule(scheduleId);
  const timeZone = browserTimeZone();
  const time = (iso: string | null) => (iso === null ? '' : formatDateTime(Date.parse(iso), timeZone));
  const columns: DataColumn<ReportRun>[] = [
    { id: 'due', title: t('reportSchedules.runColumns.due'), cell: (r) => time(r.due_at) },
    { id: 'sent', title: t('reportSchedules.runColumns.sent'), cell: (r) => time(r.sent_at) },
    { id: 'status', title: t('reportSchedules.runColumns.status'), cell: (r) => t(`reportSchedules.statuses.${r.status}`) },
    {
      id: 'recipients',
      title: t('reportSchedules.runColumns.recipients'),
      numeric: true,
      cell: (r) => formatNumber(r.recipient_count, i18n.language, 0),
    },
    {
      id: 'formats',
      title: t('reportSchedules.runColumns.formats'),
      cell: (r) => r.formats.map((f) => t(`reportSchedules.formats.${f}`)).join(', '),
    },
    { id: 'reason', title: t('reportSchedules.runColumns.reason'), cell: (r) => r.reason ?? '' },
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
            />
          )}
        </>
      )}
    </Paper>
  );
}
