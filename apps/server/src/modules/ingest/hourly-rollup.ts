import type { TransformerReading } from '@gridlens/contract/ingest';
import { apparentPowerKva, imbalancePercent, type PhaseCurrentsA } from '@gridlens/domain/power/electrical';
import { isTemperatureSenseError } from '@gridlens/domain/power/temperature-checks';

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
  min: Record<HourlySeries, number | null>;
  max: Record<HourlySeries, number | null>;
}

function seriesValues(r: TransformerReading): Record<HourlySeries, number | null> {
  const max = r.current_max_a as PhaseCurrentsA;
  const med = r.current_med_a as PhaseCurrentsA;
  const senseError = isTemperatureSenseError(r.temperature_max_c) || isTemperatureSenseError(r.temperature_med_c);
  return {
    max_a1: max[0],
    max_a2: max[1],
    max_a3: max[2],
    med_a1: med[0],
    med_a2: med[1],
    med_a3: med[2],
    apparent_max_kva: apparentPowerKva(max),
    apparent_med_kva: apparentPowerKva(med),
    imbalance: imbalancePercent(max),
    temperature_max: senseError ? null : r.temperature_max_c,
    temperature_med: senseError ? null : r.temperature_med_c,
  };
}

const lower = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const higher = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

/** Folds readings into per-device, per-hour extremes; the database merges them with what the hour holds. */
export function hourlyContributions(readings: readonly TransformerReading[]): HourlyContribution[] {
  const byKey = new Map<string, HourlyContribution>();
  for (const r of readings) {
    const hourMs = Math.floor(Date.parse(r.time) / HOUR_MS) * HOUR_MS;
    const key = `${r.device_id}\u0000${hourMs}`;
    const values = seriesValues(r);
    const existing = byKey.get(key);
    if (!existing) {
      byKey.set(key, { deviceId: r.device_id, hourMs, count: 1, min: { ...values }, max: { ...values } });
      continue;
    }
    existing.count += 1;
    for (const series of HOURLY_SERIES) {
      existing.min[series] = lower(existing.min[series], values[series]);
      existing.max[series] = higher(existing.max[series], values[series]);
    }
  }
  return [...byKey.values()];
}
