import type { TransformerReading } from '@gridlens/contract/ingest';
import { apparentPowerKva, imbalancePercent, type PhaseCurrentsA } from '@gridlens/domain/power/electrical';
import { isTemperatureSenseError } from '@gridlens/domain/power/temperature-checks';

/** One device-day of the power_device_daily rollup, as the readings of one batch contribute to it. */
export interface DailyContribution {
  deviceId: string;
  day: string; // YYYY-MM-DD, UTC
  messageCount: number;
  minSeq: number;
  maxSeq: number;
  currentMaxA: [number, number, number];
  currentMedSumA: [number, number, number];
  apparentMaxKva: number;
  apparentSumKva: number;
  apparentMedSumKva: number;
  imbalanceMaxPercent: number;
  temperatureMaxC: number | null;
  temperatureMinC: number | null;
  temperatureMedSumC: number;
  temperatureCount: number;
  temperatureSenseErrors: number;
  batteryMinPct: number | null;
}

const maxOrNull = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
const minOrNull = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/**
 * Folds accepted readings into per-device, per-UTC-day contributions (derived values from the domain
 * rules: apparent power and imbalance). The database adds them to what the day already holds.
 */
export function dailyContributions(readings: readonly TransformerReading[]): DailyContribution[] {
  const byKey = new Map<string, DailyContribution>();
  for (const r of readings) {
    const day = new Date(r.time).toISOString().slice(0, 10); // the UTC day, whatever offset the device sent
    const key = `${r.device_id}\u0000${day}`;
    const max = r.current_max_a as PhaseCurrentsA;
    const med = r.current_med_a as PhaseCurrentsA;
    const apparentMax = apparentPowerKva(max);
    const apparentMed = apparentPowerKva(med);
    const senseError = isTemperatureSenseError(r.temperature_max_c) || isTemperatureSenseError(r.temperature_med_c);
    const tMax = senseError ? null : r.temperature_max_c;
    const tMed = senseError ? null : r.temperature_med_c;
    const c = byKey.get(key);
    if (!c) {
      byKey.set(key, {
        deviceId: r.device_id,
        day,
        messageCount: 1,
        minSeq: r.seq,
        maxSeq: r.seq,
        currentMaxA: [max[0], max[1], max[2]],
        currentMedSumA: [med[0], med[1], med[2]],
        apparentMaxKva: apparentMax,
        apparentSumKva: apparentMed,
        apparentMedSumKva: apparentMed,
        imbalanceMaxPercent: imbalancePercent(max),
        temperatureMaxC: tMax,
        temperatureMinC: tMed === null ? tMax : Math.min(tMed, tMax ?? tMed),
        temperatureMedSumC: tMed ?? 0,
        temperatureCount: tMed === null ? 0 : 1,
        temperatureSenseErrors: senseError ? 1 : 0,
        batteryMinPct: r.battery_pct ?? null,
      });
      continue;
    }
    c.messageCount += 1;
    c.minSeq = Math.min(c.minSeq, r.seq);
    c.maxSeq = Math.max(c.maxSeq, r.seq);
    for (const p of [0, 1, 2] as const) {
      c.currentMaxA[p] = Math.max(c.currentMaxA[p], max[p]);
      c.currentMedSumA[p] += med[p];
    }
    c.apparentMaxKva = Math.max(c.apparentMaxKva, apparentMax);
    c.apparentSumKva += apparentMed;
    c.apparentMedSumKva += apparentMed;
    c.imbalanceMaxPercent = Math.max(c.imbalanceMaxPercent, imbalancePercent(max));
    c.temperatureMaxC = maxOrNull(c.temperatureMaxC, tMax);
    c.temperatureMinC = minOrNull(c.temperatureMinC, tMed === null ? tMax : Math.min(tMed, tMax ?? tMed));
    if (tMed !== null) {
      c.temperatureMedSumC += tMed;
      c.temperatureCount += 1;
    }
    if (senseError) c.temperatureSenseErrors += 1;
    c.batteryMinPct = minOrNull(c.batteryMinPct, r.battery_pct ?? null);
  }
  return [...byKey.values()];
}

/** The newest reading of each device in the batch (the database keeps it only if newer than what it has). */
export function latestPerDevice(readings: readonly TransformerReading[]): TransformerReading[] {
  const latest = new Map<string, TransformerReading>();
  for (const r of readings) {
    const current = latest.get(r.device_id);
    if (!current || Date.parse(r.time) > Date.parse(current.time)) latest.set(r.device_id, r);
  }
  return [...latest.values()];
}
