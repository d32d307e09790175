import type { ReportSchedule, ReportScheduleBody } from '@gridlens/contract/report-schedules';
import { ReportScheduleBodySchema } from '@gridlens/contract/report-schedules';
import type { Language } from '@gridlens/domain/language';
import { isDailyReport, type ReportFormat, type ReportKind, type ScheduleFrequency } from '@gridlens/domain/reports/schedules';
import type { FieldProblem } from '@/lib/field-problem';

/** The schedule dialog's values as typed: numbers and the zone as text ('' for the organisation's zone, no customer). */
export interface ScheduleFormValues {
  report: ReportKind;
  frequency: ScheduleFrequency;
  dayOfWeek: string;
  dayOfMonth: string;
  localTime: string;
  timeZone: string;
  language: Language;
  formats: ReportFormat[];
  customerId: string;
  onlyWhenAttention: boolean;
}
export type ScheduleField = keyof ScheduleFormValues;

/**
 * A new schedule: weekly on Monday at 07:00 (daily for a daily report, which a weekly email would show one day in
 * seven of), PDF, in the user's language, of the tenant's first report.
 */
export const emptySchedule = (report: ReportKind, language: Language): ScheduleFormValues => ({
  report,
  frequency: isDailyReport(report) ? 'daily' : 'weekly',
  dayOfWeek: '1',
  dayOfMonth: '1',
  localTime: '07:00',
  timeZone: '',
  language,
  formats: ['pdf'],
  customerId: '',
  onlyWhenAttention: false,
});

export const scheduleFormValuesOf = (schedule: ReportSchedule): ScheduleFormValues => ({
  report: schedule.report,
  frequency: schedule.frequency,
  dayOfWeek: String(schedule.day_of_week ?? 1),
  dayOfMonth: String(schedule.day_of_month ?? 1),
  localTime: schedule.local_time,
  timeZone: schedule.time_zone,
  language: schedule.language,
  formats: schedule.formats,
  customerId: schedule.customer_id ?? '',
  onlyWhenAttention: schedule.only_when_attention,
});

const FIELD_OF: Record<string, ScheduleField> = {
  report: 'report',
  frequency: 'frequency',
  day_of_week: 'dayOfWeek',
  day_of_month: 'dayOfMonth',
  local_time: 'localTime',
  time_zone: 'timeZone',
  language: 'language',
  formats: 'formats',
  customer_id: 'customerId',
};

const problemOf = (field: ScheduleField, message: string): FieldProblem => {
  if (message === 'This field is required') return { key: 'validation.required' };
  if (field === 'localTime') return { key: 'reportSchedules.problems.localTime' };
  if (field === 'timeZone') return { key: 'reportSchedules.problems.timeZone' };
  if (field === 'formats') return { key: 'reportSchedules.problems.formats' };
  return { key: 'validation.invalid' };
};

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** The values as the API takes them, checked by the contract's own schema; or each field's first problem. */
export function validateSchedule(values: ScheduleFormValues): {
  body: ReportScheduleBody | null;
  problems: Partial<Record<ScheduleField, FieldProblem>>;
} {
  const body: ReportScheduleBody = {
    report: values.report,
    frequency: values.frequency,
    day_of_week: values.frequency === 'weekly' ? numberOrNull(values.dayOfWeek) : null,
    day_of_month: values.frequency === 'monthly' ? numberOrNull(values.dayOfMonth) : null,
    local_time: values.localTime.trim(),
    time_zone: values.timeZone.trim() === '' ? null : values.timeZone.trim(),
    language: values.language,
    formats: values.formats,
    customer_id: values.customerId === '' ? null : values.customerId,
    only_when_attention: values.onlyWhenAttention,
  };
  const parsed = ReportScheduleBodySchema.safeParse(body);
  if (parsed.success) return { body, problems: {} };
  const problems: Partial<Record<ScheduleField, FieldProblem>> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[String(issue.path[0])];
    if (field && !problems[field]) problems[field] = problemOf(field, issue.message);
  }
  return { body: null, problems };
}
