import { describe, expect, it } from 'vitest';
import { isoWeekOfMonday, isoWeeksInYear, lastCompleteWeek, mondayOfIsoWeek, sundayOf, weekBefore, weeksUpToNow } from './iso-week';

const at = (iso: string) => Date.parse(iso);

describe('ISO weeks of the reports', () => {
  it('names a week by its Thursday’s year, across the turn of a year', () => {
    expect(isoWeekOfMonday('2026-11-23')).toBe('2026-W48');
    // Monday 29 December 2025: its Thursday is 1 January 2026, so it is week 1 of 2026.
    expect(isoWeekOfMonday('2025-12-29')).toBe('2026-W01');
    // 2020 has 53 weeks: Monday 28 December 2020 is 2020-W53.
    expect(isoWeekOfMonday('2020-12-28')).toBe('2020-W53');
  });

  it('finds a week’s Monday, and refuses what names no week', () => {
    expect(mondayOfIsoWeek('2026-W48')).toBe('2026-11-23');
    expect(mondayOfIsoWeek('2026-W01')).toBe('2025-12-29');
    expect(mondayOfIsoWeek('2020-W53')).toBe('2020-12-28');
    for (const bad of ['2027-W53', '2026-W00', '2026-W5', '2026-48', '2026-11-23', '1899-W10', 'W48'])
      expect(mondayOfIsoWeek(bad)).toBeNull();
    expect(isoWeeksInYear(2020)).toBe(53);
    expect(isoWeeksInYear(2026)).toBe(53);
    expect(isoWeeksInYear(2027)).toBe(52);
  });

  it('goes round the two names for every week of several years', () => {
    let count = 0;
    for (let mondayMs = Date.parse('2019-12-30T00:00:00Z'); mondayMs < Date.parse('2031-01-01T00:00:00Z'); mondayMs += 7 * 86_400_000) {
      const monday = new Date(mondayMs).toISOString().slice(0, 10);
      expect(mondayOfIsoWeek(isoWeekOfMonday(monday))).toBe(monday);
      count += 1;
    }
    expect(count).toBe(575);
  });

  it('takes the last complete week of the tenant’s calendar by default', () => {
    // Sunday 22 November 12:00 UTC: still week 47 in Dublin, already Monday of week 48 in Auckland.
    expect(lastCompleteWeek(at('2026-11-22T12:00:00Z'), 'Europe/Dublin')).toBe('2026-11-09');
    expect(lastCompleteWeek(at('2026-11-22T12:00:00Z'), 'Pacific/Auckland')).toBe('2026-11-16');
    expect(weekBefore('2026-11-23')).toBe('2026-11-16');
    expect(sundayOf('2026-11-23')).toBe('2026-11-29');
    expect(weeksUpToNow('2026-11-09', at('2026-11-22T12:00:00Z'), 'Europe/Dublin')).toBe(2);
    expect(weeksUpToNow('2026-11-16', at('2026-11-22T12:00:00Z'), 'Europe/Dublin')).toBe(1);
  });
});
