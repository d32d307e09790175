import type { DerivedReading } from './power-readings.public';
import { maxOrNull, minOrNull } from './extremes';

const HOUR_MS = 3_600_000;

/** The chart series an hour keeps the extremes of, in the column order of power_device_hourly. */
export const HOURLY_SERIES = [
  'max_a1',
  'max_a2',
  'max_a3',
  'med_a1',
  'med_a2',
  'med_a3',
  'apparent_max_kva',
  'apparent_med_kva',
  'imbalance',
  'temperature_max',
  'temperature_med',
] as const;
export type HourlySeries = (typeof HOURLY_SERIES)[number];

export interface HourlyContribution {
  deviceId: string;
  hourMs: number;
  count: number;
  /** Sum of the hour's median apparent power, for the fleet's hourly mean (fleet totals). */
  apparentMedKvaSum: number;
  /** The hour's smallest and largest value of each series, in HOURLY_SERIES order. */
  min: (number | null)[];
  max: (number | null)[];
}

/**
 * A reading's value of each series, in HOURLY_SERIES order. Arrays indexed by position, not records keyed by
 * series name: reading and writing eleven named keys in a loop per reading made this fold 6.9 ms a 5,000-reading
 * batch, more than deriving the readings.
 */
function seriesValues(r: DerivedReading): (number | null)[] {
  return [
    r.maxA[0],
    r.maxA[1],
    r.maxA[2],
    r.medA[0],
    r.medA[1],
    r.medA[2],
    r.apparentMaxKva,
    r.apparentMedKva,
    r.imbalancePercent,
    r.temperatureMaxC,
    r.temperatureMedC,
  ];
}

/** Folds readings into per-device, per-hour extremes; the database merges them with what the hour holds. */
export function hourlyContributions(readings: readonly DerivedReading[]): HourlyContribution[] {
  const byKey = new Map<string, HourlyContribution>();
  for (const r of readings) {
    const hourMs = Math.floor(r.measuredMs / HOUR_MS) * HOUR_MS;
    const key = `${r.deviceId}\u0000${hourMs}`;
    const values = seriesValues(r);
    const existing = byKey.get(key);
    if (!existing) {
      byKey.set(key, { deviceId: r.deviceId, hourMs, count: 1, apparentMedKvaSum: r.apparentMedKva, min: values, max: [...values] });
      continue;
    }
    existing.count += 1;
    existing.apparentMedKvaSum += r.apparentMedKva;
    for (let i = 0; i < values.length; i += 1) {
      const value = values[i] as number | null;
      existing.min[i] = minOrNull(existing.min[i] as number | null, value);
      existing.max[i] = maxOrNull(existing.max[i] as number | null, value);
    }
  }
  // Keys in lock order (see ingest.service.ts): device, then hour.
  return [...byKey.values()].sort((a, b) => (a.deviceId < b.deviceId ? -1 : a.deviceId > b.deviceId ? 1 : a.hourMs - b.hourMs));
}
