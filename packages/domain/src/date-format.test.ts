import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, roundToMinute, wallClockMs } from './date-format';

const at = (iso: string) => Date.parse(iso);

describe('formatDate', () => {
  // 3 February: day ≤ 12, so swapping day and month would give a different, still valid, date.
  const thirdOfFebruary = at('2025-02-03T15:00:00Z');

  it('writes MM/DD/YYYY in an American time zone', () => {
    expect(formatDate(thirdOfFebruary, 'America/Chicago')).toBe('02/03/2025');
  });

  it('writes DD/MM/YYYY outside the United States', () => {
    expect(formatDate(thirdOfFebruary, 'Europe/Dublin')).toBe('03/02/2025');
  });

  it('uses the calendar day of the time zone, not of UTC', () => {
    // 03:30 UTC on 10 March is still the evening of 9 March in Chicago.
    expect(formatDate(at('2025-03-10T03:30:00Z'), 'America/Chicago')).toBe('03/09/2025');
  });
});

describe('formatDateTime', () => {
  it('formats an American date with a 24-hour time in Chicago', () => {
    // 14:05 UTC in January is 08:05 CST (UTC-6).
    expect(formatDateTime(at('2025-01-07T14:05:00Z'), 'America/Chicago')).toBe('01/07/2025 08:05');
  });

  it('formats a day-first date in Dublin in winter (UTC+0)', () => {
    expect(formatDateTime(at('2025-01-07T14:05:00Z'), 'Europe/Dublin')).toBe('07/01/2025 14:05');
  });

  it('applies Irish summer time (UTC+1) in Dublin', () => {
    expect(formatDateTime(at('2025-07-05T09:30:00Z'), 'Europe/Dublin')).toBe('05/07/2025 10:30');
  });

  it('applies daylight saving time (UTC-5) in Chicago', () => {
    expect(formatDateTime(at('2025-07-05T09:30:00Z'), 'America/Chicago')).toBe('07/05/2025 04:30');
  });

  it('uses a 24-hour clock', () => {
    const evening = formatDateTime(at('2025-01-07T23:05:00Z'), 'Europe/Dublin');
    expect(evening).toBe('07/01/2025 23:05');
    expect(evening).not.toMatch(/AM|PM/i);
  });

  it('shows midnight as 00:00', () => {
    expect(formatDateTime(at('2025-01-08T00:00:00Z'), 'Europe/Dublin')).toBe('08/01/2025 00:00');
  });

  it('rounds down below half a minute', () => {
    expect(formatDateTime(at('2025-01-07T10:29:29.999Z'), 'Europe/Dublin')).toBe('07/01/2025 10:29');
  });

  it('rounds up from half a minute', () => {
    expect(formatDateTime(at('2025-01-07T10:29:30.000Z'), 'Europe/Dublin')).toBe('07/01/2025 10:30');
  });

  it('carries rounding over into the next day', () => {
    expect(formatDateTime(at('2025-01-07T23:59:45Z'), 'Europe/Dublin')).toBe('08/01/2025 00:00');
  });
});

describe('roundToMinute', () => {
  it('rounds to the nearest whole minute', () => {
    expect(roundToMinute(at('2025-01-07T10:29:29.999Z'))).toBe(at('2025-01-07T10:29:00Z'));
    expect(roundToMinute(at('2025-01-07T10:29:30Z'))).toBe(at('2025-01-07T10:30:00Z'));
  });
});

describe('formatDay', () => {
  it('writes a calendar day in the zone’s date order, the same day on either side of UTC', () => {
    expect(formatDay('2026-11-02', 'Europe/Dublin')).toBe('02/11/2026');
    expect(formatDay('2026-11-02', 'America/Los_Angeles')).toBe('11/02/2026');
    expect(formatDay('2026-11-02', 'Pacific/Auckland')).toBe('02/11/2026');
  });
});

describe('the date order of zones under old names', () => {
  // Names Node and browsers still report for United States zones (ICU keeps CLDR's old canonical names).
  it.each(['America/Indianapolis', 'America/Louisville', 'America/Fort_Wayne', 'US/Eastern'])('writes %s month first', (zone) => {
    expect(formatDay('2026-11-02', zone)).toBe('11/02/2026');
    expect(formatDate(at('2026-11-02T18:00:00Z'), zone)).toBe('11/02/2026');
  });

  it('writes Asia/Calcutta day first', () => {
    expect(formatDay('2026-11-02', 'Asia/Calcutta')).toBe('02/11/2026');
  });
});

describe('wallClockMs', () => {
  it('gives the zone’s wall clock as if it were UTC, summer and winter', () => {
    expect(new Date(wallClockMs(at('2025-07-01T06:30:15.250Z'), 'Europe/Dublin')).toISOString()).toBe('2025-07-01T07:30:15.250Z');
    expect(new Date(wallClockMs(at('2025-01-01T06:30:00Z'), 'Europe/Dublin')).toISOString()).toBe('2025-01-01T06:30:00.000Z');
    expect(new Date(wallClockMs(at('2025-01-01T03:00:00Z'), 'America/Chicago')).toISOString()).toBe('2024-12-31T21:00:00.000Z');
  });
});
