import { describe, expect, it } from 'vitest';
import { isWeekendDay, modelDay, peakKva } from './model-day';

const day = (date: string, peak: number) => ({ day: date, loadKva: new Float64Array(24).map((_, h) => (h === 18 ? peak : peak / 2)) });

describe('isWeekendDay', () => {
  it('Saturday 21 and Sunday 22 November 2026 are weekend days; Monday 23 is not', () => {
    expect(isWeekendDay('2026-11-21')).toBe(true);
    expect(isWeekendDay('2026-11-22')).toBe(true);
    expect(isWeekendDay('2026-11-23')).toBe(false);
  });

  it('refuses another format', () => {
    expect(() => isWeekendDay('23/11/2026')).toThrow(/YYYY-MM-DD/);
  });
});

describe('modelDay', () => {
  const days = [day('2026-11-20', 90), day('2026-11-22', 120), day('2026-01-14', 150), day('2026-11-21', 80)];

  it('most recent weekday skips the weekend after it, whatever the order', () => {
    expect(modelDay('most_recent_weekday', days)?.day).toBe('2026-11-20');
    expect(modelDay('most_recent_weekday', [...days].reverse())?.day).toBe('2026-11-20');
  });

  it('max annual load day is the day of the highest hourly load, weekend or not; a tie goes to the most recent', () => {
    expect(modelDay('max_annual_load_day', days)?.day).toBe('2026-01-14');
    expect(modelDay('max_annual_load_day', [...days, day('2026-02-02', 150)])?.day).toBe('2026-02-02');
    expect(modelDay('max_annual_load_day', [day('2026-11-22', 120)])?.day).toBe('2026-11-22');
  });

  it('days without data do not count, and nothing qualifies in an empty or weekend-only history', () => {
    const empty = { day: '2026-11-24', loadKva: new Float64Array(24).fill(Number.NaN) };
    expect(modelDay('most_recent_weekday', [...days, empty])?.day).toBe('2026-11-20');
    expect(modelDay('max_annual_load_day', [])).toBeNull();
    expect(modelDay('most_recent_weekday', [day('2026-11-21', 10)])).toBeNull();
  });

  it('peakKva skips hours without data', () => {
    const load = new Float64Array(24).fill(Number.NaN);
    load[5] = 12;
    expect(peakKva(load)).toBe(12);
  });
});
