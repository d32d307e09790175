import { describe, expect, it } from 'vitest';
import { reportHref, runLinkHref, weekdayName } from './schedule-text';

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

describe('runLinkHref', () => {
  it('opens a delivery’s portal path, root-relative or absolute', () => {
    expect(runLinkHref('/report_fleet?week=2026-W47&customer=acme')).toBe('/report_fleet?week=2026-W47&customer=acme');
    expect(runLinkHref('https://portal.example.ie/report_kpi?week=2026-W47')).toBe('https://portal.example.ie/report_kpi?week=2026-W47');
    expect(runLinkHref('http://localhost:3000/powercoil_report?day=2026-03-06')).toBe(
      'http://localhost:3000/powercoil_report?day=2026-03-06',
    );
  });

  it('offers no link for another scheme, a protocol-relative address or words', () => {
    expect(runLinkHref('javascript:alert(1)')).toBeNull();
    expect(runLinkHref('//evil.example/report_kpi')).toBeNull();
    expect(runLinkHref('/\\evil.example')).toBeNull();
    expect(runLinkHref('report_kpi')).toBeNull();
    expect(runLinkHref('')).toBeNull();
  });
});
