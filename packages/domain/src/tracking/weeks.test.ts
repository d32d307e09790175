import { describe, expect, it } from 'vitest';
import { recentZonedWeeks, zonedWeekIdOf, zonedWeekSpan } from './weeks';

const at = (iso: string) => Date.parse(iso);

describe('weeks of the tenant’s calendar', () => {
  it('puts a moment in the week of its local date, not of its UTC date', () => {
    // Sunday 12:00 UTC is already Monday 01:00 in Auckland (UTC+13 in November): next week there.
    expect(zonedWeekIdOf(at('2026-11-22T12:00:00Z'), 'Pacific/Auckland')).toBe('2026-11-23');
    expect(zonedWeekIdOf(at('2026-11-22T12:00:00Z'), 'UTC')).toBe('2026-11-16');
    // Monday 03:00 UTC is still Sunday evening in New York: last week there.
    expect(zonedWeekIdOf(at('2026-11-23T03:00:00Z'), 'America/New_York')).toBe('2026-11-16');
  });

  it('starts a week at the local Monday midnight, 167 or 169 hours long across a change of clocks', () => {
    // Dublin: summer time (UTC+1) until Sunday 25 October 2026, 02:00 local.
    const autumn = zonedWeekSpan('2026-10-19', 'Europe/Dublin');
    expect(new Date(autumn.fromMs).toISOString()).toBe('2026-10-18T23:00:00.000Z');
    expect(new Date(autumn.toMs).toISOString()).toBe('2026-10-26T00:00:00.000Z');
    expect((autumn.toMs - autumn.fromMs) / 3_600_000).toBe(169);
    // Clocks go forward on Sunday 29 March 2026, 01:00 local.
    const spring = zonedWeekSpan('2026-03-23', 'Europe/Dublin');
    expect((spring.toMs - spring.fromMs) / 3_600_000).toBe(167);
    // Sunday 25 October 23:30 UTC is 23:30 GMT: still the week of 19 October; 00:30 on Monday is the next.
    expect(zonedWeekIdOf(at('2026-10-25T23:30:00Z'), 'Europe/Dublin')).toBe('2026-10-19');
    expect(zonedWeekIdOf(at('2026-10-26T00:30:00Z'), 'Europe/Dublin')).toBe('2026-10-26');
  });

  it('spans the recent weeks from the first local Monday to the end of the current week', () => {
    const recent = recentZonedWeeks(at('2026-11-22T12:00:00Z'), 3, 'Pacific/Auckland');
    expect(recent.weeks).toEqual(['2026-11-09', '2026-11-16', '2026-11-23']);
    expect(new Date(recent.fromMs).toISOString()).toBe('2026-11-08T11:00:00.000Z');
    expect(new Date(recent.toMs).toISOString()).toBe('2026-11-29T11:00:00.000Z');
  });
});
