import { PowerReportPage } from '@/features/power-readings/power-report/power-report-page';
import { ScheduleByEmailButton } from '@/features/report-schedules/schedule-by-email';

/** The power report (/powercoil_report), with report scheduling's button to have it emailed on a schedule. */
export function PowerReportScreen() {
  return <PowerReportPage actions={<ScheduleByEmailButton kind="power" />} />;
}
