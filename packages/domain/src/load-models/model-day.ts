/**
 * Spec §4 "model day types": the base-load day B(h) of domain-references §4 is the most recent weekday, or the day
 * of the year's maximum load. Days are local calendar days ('YYYY-MM-DD') with 24 hourly loads; the caller gives
 * the year of history it has (the domain reads no clock).
 */
import type { ModelDayType } from './model-parameters';

export interface HourlyLoadDay {
  /** Local calendar day, 'YYYY-MM-DD'. */
  day: string;
  /** Hourly apparent power, kVA (24 values; NaN for an hour without data). */
  loadKva: Float64Array;
}

/** Saturday or Sunday, by the calendar (public holidays are not known to the domain and count as weekdays). */
export function isWeekendDay(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`a day is written YYYY-MM-DD, got ${day}`);
  const weekday = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** The day's highest hourly load, kVA; NaN hours are skipped (−Infinity when none has data). */
export function peakKva(loadKva: Float64Array): number {
  let peak = -Infinity;
  for (let h = 0; h < loadKva.length; h++) if ((loadKva[h] as number) > peak) peak = loadKva[h] as number;
  return peak;
}

/**
 * The base-load day of a day type, or null when no day qualifies: 'most_recent_weekday' is the latest Monday-Friday
 * with data; 'max_annual_load_day' the day with the highest hourly load (on a tie, the most recent). Days need not
 * be ordered.
 */
export function modelDay<T extends HourlyLoadDay>(dayType: ModelDayType, days: readonly T[]): T | null {
  let chosen: T | null = null;
  let chosenPeak = -Infinity;
  for (const day of days) {
    const peak = peakKva(day.loadKva);
    if (peak === -Infinity) continue;
    if (dayType === 'most_recent_weekday') {
      if (!isWeekendDay(day.day) && (chosen === null || day.day > chosen.day)) chosen = day;
    } else if (peak > chosenPeak || (peak === chosenPeak && chosen !== null && day.day > chosen.day)) {
      chosen = day;
      chosenPeak = peak;
    }
  }
  return chosen;
}
