import { describe, expect, it } from 'vitest';
import { periodStartOf, reportRoutePath, runPeriodOf, storedReportPeriod } from './run-period';

describe('a report’s period', () => {
  it('is the week that ended before a Monday 07:00 delivery, and the day before a daily one', () => {
    // Monday 16 November 2026, 07:00 in Dublin (UTC+0).
    const due = Date.parse('2026-11-16T07:00:00Z');
    expect(runPeriodOf('fleet', due, 'Europe/Dublin')).toEqual({ kind: 'week', week: '2026-W46' });
    expect(runPeriodOf('power', due, 'Europe/Dublin')).toEqual({ kind: 'day', day: '2026-11-15' });
  });

  it('is named by its first day as a stored report, and read back from it', () => {
    expect(periodStartOf({ kind: 'week', week: '2026-W46' })).toBe('2026-11-09');
    expect(periodStartOf({ kind: 'day', day: '2026-11-15' })).toBe('2026-11-15');
    expect(periodStartOf({ kind: 'week', week: '2026-W60' })).toBeNull();
    expect(storedReportPeriod('fleet', '2026-11-09')).toEqual({ kind: 'week', week: '2026-W46' });
    expect(storedReportPeriod('kpi', '2026-11-09')).toEqual({ kind: 'week', week: '2026-W46' });
    expect(storedReportPeriod('power', '2026-11-15')).toEqual({ kind: 'day', day: '2026-11-15' });
  });

  it('takes the ISO year of the week’s Thursday: a Monday in December can open week 1', () => {
    // Monday 29 December 2025 starts 2026-W01; Monday 28 December 2026 is in 2026-W53.
    expect(storedReportPeriod('fleet', '2025-12-29')).toEqual({ kind: 'week', week: '2026-W01' });
    expect(storedReportPeriod('fleet', '2026-12-28')).toEqual({ kind: 'week', week: '2026-W53' });
    for (const monday of ['2025-12-29', '2026-12-28', '2027-01-04'])
      expect(periodStartOf(storedReportPeriod('fleet', monday))).toBe(monday);
  });

  it('opens on its report-style route, with the customer of a fleet report', () => {
    const week = storedReportPeriod('fleet', '2026-11-09');
    expect(reportRoutePath('fleet', week, 'ACME')).toBe('/report_fleet?week=2026-W46&customer=ACME');
    expect(reportRoutePath('kpi', week, null)).toBe('/report_kpi?week=2026-W46');
    expect(reportRoutePath('power', storedReportPeriod('power', '2026-11-15'), null)).toBe('/powercoil_report_snapshot?day=2026-11-15');
  });
});
