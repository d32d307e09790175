import { describe, expect, it } from 'vitest';
import { longestAcceleratedAgeingRun, worstAgeingDay } from './daily-ageing';

const HOUR = 3_600_000;
const DAY0 = Date.UTC(2025, 0, 15);

/** Hourly samples from DAY0 for `hours` hours, hot spot by hour. */
function hourly(hotSpotByHour: (hour: number) => number, hours: number) {
  const timesMs = Float64Array.from({ length: hours + 1 }, (_, i) => DAY0 + i * HOUR);
  return { timesMs, hotSpotC: Float64Array.from({ length: hours + 1 }, (_, i) => hotSpotByHour(i)) };
}

describe('worstAgeingDay', () => {
  it('picks the day that aged most, counting the step that ends at midnight to the day it closes', () => {
    // Day 1: hours ending 01..24 at 98 °C (V 1) → 1 day; day 2: hours ending 25..48 at 104 °C (V 2) → 2 days.
    const { timesMs, hotSpotC } = hourly((h) => (h <= 24 ? 98 : 104), 48);
    expect(worstAgeingDay(timesMs, hotSpotC, 'normal')).toEqual({ dayStartMs: DAY0 + 24 * HOUR, lossOfLifeDays: 2 });
  });

  it("cuts days at midnight in the tenant's time zone", () => {
    // One hot hour (ending 23:00 UTC) at 116 °C (V 8): in UTC it joins day 1; in Athens (UTC+2 in January) it
    // ends at 01:00 of day 2, which began at 22:00 UTC.
    const { timesMs, hotSpotC } = hourly((h) => (h === 23 ? 116 : 20), 48);
    expect(worstAgeingDay(timesMs, hotSpotC, 'normal')!.dayStartMs).toBe(DAY0);
    expect(worstAgeingDay(timesMs, hotSpotC, 'normal', 'Europe/Athens')!.dayStartMs).toBe(DAY0 + 22 * HOUR);
  });

  it('follows summer time: in Dublin a July day starts at 23:00 UTC the evening before', () => {
    const july = Date.UTC(2025, 6, 15);
    // Hot from 23:00 to 01:00 UTC, that is midnight to 02:00 Irish summer time: all in the Irish day of 16 July.
    const timesMs = Float64Array.from({ length: 49 }, (_, i) => july + i * HOUR);
    const hotSpotC = Float64Array.from({ length: 49 }, (_, i) => (i === 24 || i === 25 ? 116 : 20));
    expect(worstAgeingDay(timesMs, hotSpotC, 'normal', 'Europe/Dublin')!.dayStartMs).toBe(july + 23 * HOUR);
    expect(worstAgeingDay(timesMs, hotSpotC, 'normal', 'UTC')!.dayStartMs).toBe(july);
  });

  it('is null without an interval', () => {
    expect(worstAgeingDay(Float64Array.from([DAY0]), Float64Array.from([120]), 'normal')).toBeNull();
  });
});

describe('longestAcceleratedAgeingRun', () => {
  it('finds the longest unbroken run of V > 1 with its start', () => {
    const { timesMs, hotSpotC } = hourly((h) => ((h >= 3 && h <= 4) || (h >= 10 && h <= 14) ? 99 : 90), 24);
    expect(longestAcceleratedAgeingRun(timesMs, hotSpotC, 'normal')).toEqual({ startMs: DAY0 + 9 * HOUR, durationH: 5 });
    expect(longestAcceleratedAgeingRun(timesMs, hotSpotC, 'thermally-upgraded')).toBeNull();
  });
});
