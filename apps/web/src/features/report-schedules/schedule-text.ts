import { useTranslation } from 'react-i18next';
import type { ReportSchedule, RunReason, StoredReport } from '@gridlens/contract/report-schedules';
import { formatDay } from '@gridlens/domain/date-format';
import type { ReportKind } from '@gridlens/domain/reports/schedules';
import { safeRedirectPath } from '@/lib/safe-redirect';

/** 1 January 2024 was a Monday: ISO weekday d is that date plus d − 1 days. */
const MONDAY_MS = Date.UTC(2024, 0, 1);
const DAY_MS = 86_400_000;

/** The name of an ISO weekday (1 Monday … 7 Sunday) in a language. */
export const weekdayName = (isoWeekday: number, locale: string): string =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(MONDAY_MS + (isoWeekday - 1) * DAY_MS);

type Timing = Pick<ReportSchedule, 'frequency' | 'day_of_week' | 'day_of_month' | 'local_time' | 'time_zone'>;

/** Where a stored report opens: its report-style route for its period (and customer). */
export function reportHref(report: Pick<StoredReport, 'kind' | 'week' | 'day' | 'customer_id'>): string {
  const customer: Record<string, string> = report.customer_id ? { customer: report.customer_id } : {};
  if (report.kind === 'power') return `/powercoil_report?${new URLSearchParams({ day: report.day ?? '' }).toString()}`;
  const path = report.kind === 'fleet' ? '/report_fleet' : '/report_kpi';
  return `${path}?${new URLSearchParams({ week: report.week ?? '', ...customer }).toString()}`;
}

/**
 * Where a delivery's link opens: the server writes a portal path (root-relative, or absolute on the portal's public
 * address); anything else (another scheme, a protocol-relative address) is not offered as a link.
 */
export function runLinkHref(link: string): string | null {
  if (link.startsWith('/')) return safeRedirectPath(link);
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The words of the report screen that depend on data: a report's name, a schedule's timing, a period. */
export function useScheduleText() {
  const { t, i18n } = useTranslation();
  return {
    kind: (kind: ReportKind) => t(`reportSchedules.kinds.${kind}`),
    /** Why a delivery was skipped or failed (or went without its PDF), in words. */
    reason: (code: RunReason) => t(`reportSchedules.reasons.${code}`),
    when(timing: Timing): string {
      const values = { time: timing.local_time, zone: timing.time_zone };
      if (timing.frequency === 'weekly')
        return t('reportSchedules.whenWeekly', { ...values, day: weekdayName(timing.day_of_week ?? 1, i18n.language) });
      if (timing.frequency === 'monthly') return t('reportSchedules.whenMonthly', { ...values, day: timing.day_of_month ?? 1 });
      return t('reportSchedules.whenDaily', values);
    },
    period(report: Pick<StoredReport, 'week' | 'day'>, timeZone: string): string {
      return report.week !== null
        ? t('reportSchedules.weekOf', { day: formatDay(report.week, timeZone) })
        : t('reportSchedules.dayOf', { day: formatDay(report.day ?? '', timeZone) });
    },
  };
}
