import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '@gridlens/i18n/catalogues';
import { fleetReport, kpiReport, powerReport } from '../../../test/support/report-fixtures';
import { reportEmail } from './report-email';
import { reportHeading } from './report-heading';

describe('a report’s name and period', () => {
  it('are the fleet report page’s title and period line, in the language', () => {
    const data = fleetReport();
    expect(reportHeading({ kind: 'fleet', data, language: 'EN' })).toEqual({
      title: 'Weekly fleet report',
      period: 'Week 2026-W47, 16/11/2026 to 22/11/2026',
    });
    expect(reportHeading({ kind: 'fleet', data, language: 'FR' })).toEqual({
      title: CATALOGUES.FR.fleetReports.fleet.title,
      period: 'Semaine 2026-W47, du 16/11/2026 au 22/11/2026',
    });
  });

  it('write days in the date order of the report’s time zone', () => {
    const data = fleetReport({ time_zone: 'America/Chicago' });
    expect(reportHeading({ kind: 'fleet', data, language: 'EN' }).period).toBe('Week 2026-W47, 11/16/2026 to 11/22/2026');
  });

  it('are the KPI page’s title and its weeks, first to last', () => {
    expect(reportHeading({ kind: 'kpi', data: kpiReport(), language: 'EN' })).toEqual({
      title: 'KPI report',
      period: 'Weeks 2026-W46 (09/11/2026) to 2026-W47 (22/11/2026)',
    });
    expect(reportHeading({ kind: 'kpi', data: kpiReport(), language: 'PL' }).period).toBe(
      'Tygodnie od 2026-W46 (09/11/2026) do 2026-W47 (22/11/2026)',
    );
  });

  it('are the power report’s name, as the schedules call it, and its day', () => {
    expect(reportHeading({ kind: 'power', data: powerReport(), language: 'EN' })).toEqual({ title: 'Power report', period: '23/11/2026' });
    expect(reportHeading({ kind: 'power', data: powerReport(), language: 'GA' }).title).toBe(CATALOGUES.GA.reportSchedules.kinds.power);
  });

  it('make the email’s subject, "title: period"', () => {
    const { title, period } = reportHeading({ kind: 'fleet', data: fleetReport(), language: 'EN' });
    const email = reportEmail({
      language: 'EN',
      reportTitle: title,
      periodLabel: period,
      tenantName: 'FleetCo',
      recipientName: 'Ann',
      link: 'https://portal.example/report_fleet?week=2026-W47',
      attachments: [],
      attachmentLimitBytes: 1024,
    });
    expect(email.subject).toBe('Weekly fleet report: Week 2026-W47, 16/11/2026 to 22/11/2026');
  });
});
