import { describe, expect, it } from 'vitest';
import { dateOfDay, dayFormatOf, dayOfDate, INCOMPLETE_DAY } from './day-value';

describe('the date pickers’ days', () => {
  it('write the day in the order of the user’s zone, as every date on screen (spec §9)', () => {
    expect(dayFormatOf('Europe/Dublin')).toBe('dd/MM/yyyy');
    expect(dayFormatOf('Europe/Warsaw')).toBe('dd/MM/yyyy');
    expect(dayFormatOf('America/New_York')).toBe('MM/dd/yyyy');
  });

  it('turn a calendar day into the picker’s date and back, unmoved by the zone', () => {
    const date = dateOfDay('2026-03-29')!;
    expect([date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([2026, 2, 29]);
    expect(dayOfDate(date)).toBe('2026-03-29');
    expect(dateOfDay('29/03/2026')).toBeNull();
  });

  it('say when the picker holds no day, or only part of one', () => {
    expect(dayOfDate(null)).toBe('');
    expect(dayOfDate(new Date(Number.NaN))).toBe(INCOMPLETE_DAY);
    const partYear = new Date(2000, 0, 1);
    partYear.setFullYear(12); // a year typed only in part
    expect(dayOfDate(partYear)).toBe(INCOMPLETE_DAY);
  });
});
