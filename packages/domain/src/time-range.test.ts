import { describe, expect, it } from 'vitest';
import { assetListDays, periodDays, periodOfRange, utcDay } from './time-range';

const at = (iso: string) => Date.parse(iso);

describe('periodOfRange', () => {
  it('rolling ranges end now and reach back their length in days', () => {
    const now = at('2026-11-22T10:30:00Z');
    expect(periodOfRange('24h', now)).toEqual({ fromMs: at('2026-11-21T10:30:00Z'), toMs: now });
    expect(periodOfRange('7d', now).fromMs).toBe(at('2026-11-15T10:30:00Z'));
    expect(periodOfRange('8w', now).fromMs).toBe(at('2026-09-27T10:30:00Z'));
    expect(periodOfRange('1y', now).fromMs).toBe(at('2025-11-22T10:30:00Z'));
  });

  it('last_week is the previous Monday to Monday in UTC, from any day of this week', () => {
    // 2026-11-22 is a Sunday; 2026-11-16 the Monday of its week.
    const expected = { fromMs: at('2026-11-09T00:00:00Z'), toMs: at('2026-11-16T00:00:00Z') };
    expect(periodOfRange('last_week', at('2026-11-22T23:59:00Z'))).toEqual(expected);
    expect(periodOfRange('last_week', at('2026-11-16T00:00:00Z'))).toEqual(expected);
    expect(periodOfRange('last_week', at('2026-11-15T12:00:00Z'))).toEqual({
      fromMs: at('2026-11-02T00:00:00Z'),
      toMs: at('2026-11-09T00:00:00Z'),
    });
  });

  it('periodDays rounds up and is at least one', () => {
    expect(periodDays({ fromMs: 0, toMs: 86_400_000 })).toBe(1);
    expect(periodDays({ fromMs: 0, toMs: 86_400_001 })).toBe(2);
    expect(periodDays({ fromMs: 0, toMs: 1 })).toBe(1);
  });
});

describe('assetListDays', () => {
  const now = Date.parse('2026-11-22T05:00:00Z');

  it('covers every UTC day overlapping the last N × 24 h, and the period of equal length before it', () => {
    expect(assetListDays(1, now)).toEqual({ fromDay: '2026-11-21', previousFromDay: '2026-11-20' });
    expect(assetListDays(7, now)).toEqual({ fromDay: '2026-11-15', previousFromDay: '2026-11-08' });
  });

  it('keys days in UTC whatever the instant', () => {
    expect(utcDay(Date.parse('2026-11-21T23:30:00-02:00'))).toBe('2026-11-22');
  });
});
