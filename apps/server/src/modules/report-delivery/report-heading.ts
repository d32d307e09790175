import { formatDay } from '@gridlens/domain/date-format';
import type { Language } from '@gridlens/domain/language';
import { translatorFor } from '@gridlens/i18n/translator';
import type { ReportData } from './report-data';

/** A report's name and period in a language: the email's subject ("title: period") and its first lines. */
export interface ReportHeading {
  title: string;
  period: string;
}

/**
 * The report pages' own words: the fleet and KPI reports' titles and period lines, days in the date order of the
 * report's time zone. The power report's page puts its day inside its title ("Power report for …"), so its name
 * is the one the schedules screen gives it and its period the day.
 */
export function reportHeading(report: ReportData & { language: Language }): ReportHeading {
  const t = translatorFor(report.language);
  switch (report.kind) {
    case 'fleet': {
      const { week, time_zone: zone } = report.data;
      return {
        title: t('fleetReports.fleet.title'),
        period: t('fleetReports.fleet.period', { week: week.week, from: formatDay(week.monday, zone), to: formatDay(week.sunday, zone) }),
      };
    }
    case 'kpi': {
      const { first_week: first, last_week: last, time_zone: zone } = report.data;
      return {
        title: t('fleetReports.kpi.title'),
        period: t('fleetReports.kpi.period', {
          from: `${first.week} (${formatDay(first.monday, zone)})`,
          to: `${last.week} (${formatDay(last.sunday, zone)})`,
        }),
      };
    }
    case 'power':
      return { title: t('reportSchedules.kinds.power'), period: formatDay(report.data.day, report.data.window.time_zone) };
  }
}
