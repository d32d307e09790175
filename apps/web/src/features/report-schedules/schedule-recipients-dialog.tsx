import { useTranslation } from 'react-i18next';
import type { ReportSchedule } from '@gridlens/contract/report-schedules';
import { useAddReportRecipient, useRemoveReportRecipient, useReportRecipients } from '@/lib/api/report-schedules';
import { RecipientsDialog } from '@/lib/ui/recipients-dialog';
import { useScheduleText } from './schedule-text';

/** The people a schedule emails its report to (spec §3: name, email, nickname): list, add, remove. */
export default function ScheduleRecipientsDialog({ schedule, onClose }: { schedule: ReportSchedule; onClose: () => void }) {
  const { t } = useTranslation();
  const text = useScheduleText();
  const recipients = useReportRecipients(schedule.id);
  const add = useAddReportRecipient();
  const remove = useRemoveReportRecipient();
  return (
    <RecipientsDialog
      title={t('reportSchedules.recipientsTitle', { report: text.kind(schedule.report) })}
      about={text.when(schedule)}
      none={t('reportSchedules.noRecipients')}
      recipients={recipients.data}
      adding={add.isPending}
      onAdd={(body, callbacks) => add.mutate({ scheduleId: schedule.id, body }, callbacks)}
      onRemove={(recipientId, callbacks) => remove.mutate({ scheduleId: schedule.id, recipientId }, callbacks)}
      onClose={onClose}
    />
  );
}
