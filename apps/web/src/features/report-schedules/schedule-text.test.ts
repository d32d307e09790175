import { describe, expect, it } from 'vitest';
import { reportHref, weekdayName } from './schedule-text';

describe('reportHref', () => {
  it('opens a weekly report on its report-style route for its week, and customer when it has one', () => {
    expect(reportHref({ kind: 'fleet', week: '2026-02-16', day: null, customer_id: null })).toBe('/report_fleet?week=2026-02-16');
    expect(reportHref({ kind: 'kpi', week: '2026-02-16', day: null, customer_id: 'ACME & Co' })).toBe(
      '/report_kpi?week=2026-02-16&customer=ACME+%26+Co',
    );
  });

  it('opens a daily power report on the power report for its day', () => {
    expect(reportHref({ kind: 'power', week: null, day: '2026-03-06', customer_id: null })).toBe('/powercoil_report?day=2026-03-06');
  });
});

describe('weekdayName', () => {
  it('names ISO weekdays from Monday in the language asked', () => {
    expect(weekdayName(1, 'en')).toBe('Monday');
    expect(weekdayName(7, 'en')).toBe('Sunday');
    expect(weekdayName(3, 'fr')).toBe('mercredi');
  });
});
