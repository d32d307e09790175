import { isWeekendDay, modelDay, type HourlyLoadDay } from '@gridlens/domain/load-models/model-day';
import type { ModelDayType } from '@gridlens/domain/load-models/model-parameters';
import type { ModelDayLoadRow } from '../power-readings/power-readings.public';

const HOURS_PER_DAY = 24;

/** A transformer's base-load day as the load models take it, and the measured hours it was filled from. */
export interface BaseLoadDay {
  day: string;
  isWeekend: boolean;
  /** Measured hourly peak apparent power, kVA; NaN for an hour without data. */
  measuredKva: Float64Array;
  /** The same with the hours without data filled (see `filledHours`), as the engines need 24 values. */
  loadKva: Float64Array;
}

/** A stored day's hours on the local clock, each the largest value stored for it (a clock change can repeat one). */
export function hourlyLoadDay(row: ModelDayLoadRow): HourlyLoadDay {
  const loadKva = new Float64Array(HOURS_PER_DAY).fill(NaN);
  row.hours.forEach((hour, i) => {
    const kva = row.kva[i] as number;
    if (Number.isNaN(loadKva[hour]) || kva > (loadKva[hour] as number)) loadKva[hour] = kva;
  });
  return { day: row.day, loadKva };
}

/**
 * The base-load day of a day type among a device's stored days (the repository narrows them to the candidate; the
 * domain's `modelDay` decides), or null when none has data.
 */
export function baseLoadDay(dayType: ModelDayType, rows: readonly ModelDayLoadRow[]): BaseLoadDay | null {
  const chosen = modelDay(dayType, rows.map(hourlyLoadDay));
  if (!chosen) return null;
  return { day: chosen.day, isWeekend: isWeekendDay(chosen.day), measuredKva: chosen.loadKva, loadKva: filledHours(chosen.loadKva) };
}

/**
 * Hours without data take the straight line between the nearest hours with data on either side, round midnight
 * (the day is taken as repeating): a missed hour of a monitor should neither vanish from the peak nor invent one.
 */
export function filledHours(measuredKva: Float64Array): Float64Array {
  const filled = new Float64Array(measuredKva);
  const known: number[] = [];
  for (let h = 0; h < HOURS_PER_DAY; h++) if (!Number.isNaN(measuredKva[h])) known.push(h);
  if (known.length === 0 || known.length === HOURS_PER_DAY) return filled;
  for (let h = 0; h < HOURS_PER_DAY; h++) {
    if (!Number.isNaN(measuredKva[h])) continue;
    const before = [...known].reverse().find((k) => k < h) ?? (known[known.length - 1] as number) - HOURS_PER_DAY;
    const after = known.find((k) => k > h) ?? (known[0] as number) + HOURS_PER_DAY;
    const kvaBefore = measuredKva[(before + HOURS_PER_DAY) % HOURS_PER_DAY] as number;
    const kvaAfter = measuredKva[after % HOURS_PER_DAY] as number;
    filled[h] = kvaBefore + ((kvaAfter - kvaBefore) * (h - before)) / (after - before);
  }
  return filled;
}
