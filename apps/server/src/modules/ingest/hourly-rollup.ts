import type { DerivedReading } from './derived-reading';
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
  min: Record<HourlySeries, number | null>;
  max: Record<HourlySeries, number | null>;
}

function seriesValues(r: DerivedReading): Record<HourlySeries, number | null> {
  return {
    max_a1: r.maxA[0],
    max_a2: r.maxA[1],
    max_a3: r.maxA[2],
    med_a1: r.medA[0],
    med_a2: r.medA[1],
    med_a3: r.medA[2],
    apparent_max_kva: r.apparentMaxKva,
    apparent_med_kva: r.apparentMedKva,
    imbalance: r.imbalancePercent,
    temperature_max: r.temperatureMaxC,
    temperature_med: r.temperatureMedC,
  };
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
      byKey.set(key, {
        deviceId: r.deviceId,
        hourMs,
        count: 1,
        apparentMedKvaSum: r.apparentMedKva,
        min: { ...values },
        max: { ...values },
      });
      continue;
    }
    existing.count += 1;
    existing.apparentMedKvaSum += r.apparentMedKva;
    for (const series of HOURLY_SERIES) {
      existing.min[series] = minOrNull(existing.min[series], values[series]);
      existing.max[series] = maxOrNull(existing.max[series], values[series]);
    }
  }
  // Keys in lock order (see ingest.service.ts): device, then hour.
  return [...byKey.values()].sort((a, b) => (a.deviceId < b.deviceId ? -1 : a.deviceId > b.deviceId ? 1 : a.hourMs - b.hourMs));
}
