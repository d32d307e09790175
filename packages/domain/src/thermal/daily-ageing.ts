/**
 * Ageing per day and runs of accelerated ageing, the figures behind the "accelerated ageing" health indicator
 * (domain-references §2: "V > 1 sustained, or a day's L > 1 day"). Same rectangle rule as ageing.ts.
 */
import { zonedDay, zonedDayStartMs } from '../time-range';
import { relativeAgeingRate, type PaperInsulation } from './ageing';

const MS_PER_HOUR = 3_600_000;

/** The day that aged most: its start (epoch ms) and its loss of life L in days. */
export interface WorstDay {
  dayStartMs: number;
  lossOfLifeDays: number;
}

/**
 * The calendar day with the largest L = Σ V·Δt (in days), days cut at midnight in `timeZone` (IANA; the tenant's
 * calendar, as every other day of the portal, summer time included). A sample's interval counts towards the day
 * of its timestamp; the step ending exactly at midnight belongs to the day it closes. Null with fewer than two samples.
 */
export function worstAgeingDay(timesMs: Float64Array, hotSpotC: Float64Array, paper: PaperInsulation, timeZone = 'UTC'): WorstDay | null {
  let worst: { day: string; lossOfLifeDays: number } | null = null;
  let day: string | null = null;
  let agedH = 0;
  const close = () => {
    const lossOfLifeDays = agedH / 24;
    if (day !== null && (worst === null || lossOfLifeDays > worst.lossOfLifeDays)) worst = { day, lossOfLifeDays };
  };
  for (let i = 1; i < timesMs.length; i++) {
    const atMs = timesMs[i]!;
    const dayOfStep = zonedDay(atMs - 1, timeZone);
    if (dayOfStep !== day) {
      close();
      day = dayOfStep;
      agedH = 0;
    }
    agedH += (relativeAgeingRate(hotSpotC[i]!, paper) * (atMs - timesMs[i - 1]!)) / MS_PER_HOUR;
  }
  close();
  const found = worst as { day: string; lossOfLifeDays: number } | null;
  return found === null ? null : { dayStartMs: zonedDayStartMs(found.day, timeZone), lossOfLifeDays: found.lossOfLifeDays };
}

/** The longest unbroken run of samples whose ageing rate is above 1: where it starts and how long it lasts (h). */
export interface AgeingRun {
  startMs: number;
  durationH: number;
}

/**
 * The longest run of consecutive samples with V > 1, its length the sum of those samples' intervals (rectangle
 * rule), or null when no sample ages faster than the rated rate.
 */
export function longestAcceleratedAgeingRun(timesMs: Float64Array, hotSpotC: Float64Array, paper: PaperInsulation): AgeingRun | null {
  let best: AgeingRun | null = null;
  let runStartMs = Number.NaN;
  let runH = 0;
  for (let i = 1; i < timesMs.length; i++) {
    if (relativeAgeingRate(hotSpotC[i]!, paper) > 1) {
      if (Number.isNaN(runStartMs)) {
        runStartMs = timesMs[i - 1]!;
        runH = 0;
      }
      runH += (timesMs[i]! - timesMs[i - 1]!) / MS_PER_HOUR;
      if (best === null || runH > best.durationH) best = { startMs: runStartMs, durationH: runH };
    } else {
      runStartMs = Number.NaN;
    }
  }
  return best;
}
