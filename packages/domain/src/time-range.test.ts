import { describe, expect, it } from 'vitest';
import {
  comparedRollupDays,
  comparedWindowDays,
  DAY_MS,
  dayBuckets,
  lastDays,
  lastZonedDays,
  periodOfRange,
  rollupDays,
  utcDay,
  zonedDay,
  zonedDayPeriod,
  zonedDayStartMs,
  zonedDayBuckets,
  zonedDayWindow,
  zonedRangeWindow,
} from './time-range';

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
});

describe('the assets list period', () => {
  const now = Date.parse('2026-11-22T05:00:00Z');

  it('covers every UTC day overlapping the last N × 24 h, and the period of equal length before it', () => {
    expect(comparedRollupDays(lastDays(1, now))).toEqual({ fromDay: '2026-11-21', toDay: '2026-11-22', previousFromDay: '2026-11-20' });
    expect(comparedRollupDays(lastDays(7, now))).toEqual({ fromDay: '2026-11-15', toDay: '2026-11-22', previousFromDay: '2026-11-08' });
  });

  it('keys days in UTC whatever the instant', () => {
    expect(utcDay(Date.parse('2026-11-21T23:30:00-02:00'))).toBe('2026-11-22');
    // The day kept from the last call is never given for another day, either side of midnight or before 1970.
    for (const iso of ['2026-11-22T23:59:59.999Z', '2026-11-23T00:00:00.000Z', '2026-11-22T00:00:00.000Z', '1969-12-31T12:00:00.000Z'])
      expect(utcDay(Date.parse(iso))).toBe(iso.slice(0, 10));
    expect(() => utcDay(Number.NaN)).toThrow(RangeError);
  });
});

describe('rollupDays', () => {
  it('ends on the day of the last instant, so a period ending at midnight leaves the next day out', () => {
    const lastWeek = periodOfRange('last_week', Date.parse('2026-11-22T05:00:00Z')); // a Sunday
    expect(rollupDays(lastWeek)).toEqual({ fromDay: '2026-11-09', toDay: '2026-11-15' });
    expect(comparedRollupDays(lastWeek)).toEqual({ fromDay: '2026-11-09', toDay: '2026-11-15', previousFromDay: '2026-11-02' });
  });
});

describe('dayBuckets', () => {
  const at = (iso: string) => Date.parse(iso);
  it('cuts a week into its days, the first starting with the period and the last ending with it', () => {
    const buckets = dayBuckets({ fromMs: at('2026-11-15T10:00:00Z'), toMs: at('2026-11-22T10:00:00Z') }, 14);
    expect(buckets).toHaveLength(8);
    expect(buckets[0]).toEqual({ fromMs: at('2026-11-15T10:00:00Z'), toMs: at('2026-11-16T00:00:00Z') });
    expect(buckets[1]).toEqual({ fromMs: at('2026-11-16T00:00:00Z'), toMs: at('2026-11-17T00:00:00Z') });
    expect(buckets.at(-1)).toEqual({ fromMs: at('2026-11-22T00:00:00Z'), toMs: at('2026-11-22T10:00:00Z') });
  });

  it('never makes more buckets than asked, and leaves no gap or overlap', () => {
    for (const days of [1, 7, 28, 91, 182, 365]) {
      const period = { fromMs: at('2026-11-22T10:00:00Z') - days * DAY_MS, toMs: at('2026-11-22T10:00:00Z') };
      const buckets = dayBuckets(period, 14);
      expect(buckets.length).toBeLessThanOrEqual(14);
      expect(buckets[0]?.fromMs).toBe(period.fromMs);
      expect(buckets.at(-1)?.toMs).toBe(period.toMs);
      for (let i = 1; i < buckets.length; i += 1) expect(buckets[i]?.fromMs).toBe(buckets[i - 1]?.toMs);
    }
  });
});

describe('days in the tenant time zone', () => {
  it('keys an instant by its local day: Dublin in summer starts the day an hour before UTC, Auckland 13 hours', () => {
    expect(zonedDay(Date.parse('2026-07-01T22:59:59Z'), 'Europe/Dublin')).toBe('2026-07-01');
    expect(zonedDay(Date.parse('2026-07-01T23:00:00Z'), 'Europe/Dublin')).toBe('2026-07-02');
    expect(zonedDay(Date.parse('2026-01-15T23:30:00Z'), 'Europe/Dublin')).toBe('2026-01-15'); // winter: UTC+0
    expect(zonedDay(Date.parse('2026-01-15T11:00:00Z'), 'Pacific/Auckland')).toBe('2026-01-16');
    expect(zonedDay(Date.parse('2026-01-15T10:59:59Z'), 'Pacific/Auckland')).toBe('2026-01-15');
  });

  it('finds midnight across a change of clocks: the day of the change is 23 or 25 hours long', () => {
    expect(new Date(zonedDayStartMs('2026-07-02', 'Europe/Dublin')).toISOString()).toBe('2026-07-01T23:00:00.000Z');
    expect(new Date(zonedDayStartMs('2026-01-16', 'Pacific/Auckland')).toISOString()).toBe('2026-01-15T11:00:00.000Z');
    const spring = zonedDayPeriod('2026-03-29', 'Europe/Dublin'); // clocks go forward at 01:00 UTC
    expect((spring.toMs - spring.fromMs) / 3_600_000).toBe(23);
    const autumn = zonedDayPeriod('2026-10-25', 'Europe/Dublin');
    expect((autumn.toMs - autumn.fromMs) / 3_600_000).toBe(25);
    expect(new Date(zonedDayStartMs('2026-03-09', 'America/New_York')).toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  it('makes the last N days a window of whole local days ending now, today so far included', () => {
    const now = Date.parse('2026-07-02T08:00:00Z');
    expect(lastZonedDays(1, now, 'Europe/Dublin')).toEqual({
      fromDay: '2026-07-02',
      toDay: '2026-07-02',
      timeZone: 'Europe/Dublin',
      fromMs: Date.parse('2026-07-01T23:00:00Z'),
      toMs: now,
      partial: true,
    });
    const week = lastZonedDays(7, now, 'UTC');
    expect([week.fromDay, week.toDay]).toEqual(['2026-06-26', '2026-07-02']);
    expect(comparedWindowDays(week).previousFromDay).toBe('2026-06-19');
  });

  it('gives a past day whole and today so far', () => {
    const now = Date.parse('2026-07-02T08:00:00Z');
    expect(zonedDayWindow('2026-07-01', now, 'Europe/Dublin')).toMatchObject({
      fromMs: Date.parse('2026-06-30T23:00:00Z'),
      toMs: Date.parse('2026-07-01T23:00:00Z'),
      partial: false,
    });
    expect(zonedDayWindow('2026-07-02', now, 'Europe/Dublin')).toMatchObject({ toMs: now, partial: true });
  });

  it('reads last week as Monday to Sunday of the local calendar', () => {
    const now = Date.parse('2026-07-01T23:30:00Z'); // Thursday 2 July, 00:30 in Dublin
    expect(zonedRangeWindow('last_week', now, 'Europe/Dublin')).toMatchObject({
      fromDay: '2026-06-22',
      toDay: '2026-06-28',
      partial: false,
    });
  });
});

describe('day buckets in the tenant time zone', () => {
  it('cuts at local midnights: Dublin in summer at 23:00 UTC, the first and last buckets clipped to the period', () => {
    const now = Date.parse('2026-07-08T10:00:00Z');
    const buckets = zonedDayBuckets({ fromMs: now - 7 * DAY_MS, toMs: now }, 14, 'Europe/Dublin');
    expect(buckets).toHaveLength(8);
    expect(buckets[0]).toEqual({ fromMs: now - 7 * DAY_MS, toMs: Date.parse('2026-07-01T23:00:00Z') });
    expect(buckets[1]).toEqual({ fromMs: Date.parse('2026-07-01T23:00:00Z'), toMs: Date.parse('2026-07-02T23:00:00Z') });
    expect(buckets.at(-1)).toEqual({ fromMs: Date.parse('2026-07-07T23:00:00Z'), toMs: now });
  });

  it('groups whole days when the range is long, as dayBuckets does', () => {
    const now = Date.parse('2026-07-08T10:00:00Z');
    const buckets = zonedDayBuckets({ fromMs: now - 365 * DAY_MS, toMs: now }, 14, 'UTC');
    expect(buckets.length).toBeLessThanOrEqual(14);
    expect(buckets.slice(1).every((b, i) => b.fromMs === buckets[i]?.toMs)).toBe(true);
  });
});
