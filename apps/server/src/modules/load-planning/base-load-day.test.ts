import { describe, expect, it } from 'vitest';
import { baseLoadDay, filledHours, hourlyLoadDay } from './base-load-day';

const row = (day: string, hours: number[], kva: number[]) => ({ device_id: 'T', day, hours, kva });

describe('base-load day', () => {
  it('keeps the larger value of an hour the clock repeats, and NaN for an hour it skips', () => {
    const day = hourlyLoadDay(row('2026-10-25', [0, 1, 1, 3], [10, 12, 15, 9]));
    expect(day.loadKva[1]).toBe(15);
    expect(day.loadKva[2]).toBeNaN();
  });

  it('fills missing hours on the line between their neighbours, round midnight', () => {
    const measured = new Float64Array(24).fill(NaN);
    measured[2] = 10;
    measured[6] = 30;
    const filled = filledHours(measured);
    expect(filled[4]).toBeCloseTo(20, 12);
    // From 06:00 (30) round midnight to 02:00 next day (10): 20 hours, 23:00 is 17 hours in.
    expect(filled[23]).toBeCloseTo(30 + ((10 - 30) * 17) / 20, 12);
    expect(filled[2]).toBe(10);
  });

  it('lets the domain choose among the days and says whether it is a weekend', () => {
    const hours = Array.from({ length: 24 }, (_, h) => h);
    const chosen = baseLoadDay('max_annual_load_day', [
      row(
        '2026-03-06',
        hours,
        hours.map(() => 5),
      ),
      row(
        '2026-03-07',
        hours,
        hours.map((h) => (h === 18 ? 50 : 5)),
      ),
    ]);
    expect(chosen?.day).toBe('2026-03-07');
    expect(chosen?.isWeekend).toBe(true);
    expect(
      baseLoadDay('most_recent_weekday', [
        row(
          '2026-03-07',
          hours,
          hours.map(() => 5),
        ),
      ]),
    ).toBeNull();
  });
});
