import { daysBefore, zonedDay } from '../time-range';
import { isoWeekOfMonday, lastCompleteWeek, mondayOfIsoWeek } from './iso-week';
import { isDailyReport, type ReportKind } from './schedules';

/**
 * The period a delivery of a report covers: the last whole period before it was due, in the schedule's zone. A
 * fleet or KPI report due on a Monday at 07:00 is of the week that ended at midnight; a daily power report due at
 * 06:30 is of the day before. A run caught up late (the server was down) still covers the period of its due time.
 */
export type RunPeriod = { kind: 'week'; week: string } | { kind: 'day'; day: string };

export function runPeriodOf(report: ReportKind, dueMs: number, timeZone: string): RunPeriod {
  if (isDailyReport(report)) return { kind: 'day', day: daysBefore(zonedDay(dueMs, timeZone), 1) };
  return { kind: 'week', week: isoWeekOfMonday(lastCompleteWeek(dueMs, timeZone)) };
}

/** The report-style route that shows a report of a period (spec §2): what a delivery prints and links back to. */
export function reportRoutePath(report: ReportKind, period: RunPeriod, customerId: string | null): string {
  const query = new URLSearchParams(period.kind === 'day' ? { day: period.day } : { week: period.week });
  if (customerId && report === 'fleet') query.set('customer', customerId);
  const route = report === 'fleet' ? '/report_fleet' : report === 'kpi' ? '/report_kpi' : '/powercoil_report_snapshot';
  return `${route}?${query.toString()}`;
}

/**
 * The first day of a period, as a stored report names it: the Monday of the week (in the tenant's calendar), or the
 * day; null for a week name that names no week.
 */
export const periodStartOf = (period: RunPeriod): string | null => (period.kind === 'day' ? period.day : mondayOfIsoWeek(period.week));

/** The period of a stored report, from its kind and first day (a Monday for a weekly report): the inverse of periodStartOf. */
export function storedReportPeriod(report: ReportKind, periodStart: string): RunPeriod {
  return isDailyReport(report) ? { kind: 'day', day: periodStart } : { kind: 'week', week: isoWeekOfMonday(periodStart) };
}
