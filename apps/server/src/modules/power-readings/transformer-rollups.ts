import type { TransformerReading } from '@gridlens/contract/ingest';
import { LQI_AVERAGE_MIN, LQI_GOOD_MIN } from '@gridlens/domain/power/coverage';
import { zonedDay } from '@gridlens/domain/time-range';
import type { DerivedReading } from './power-readings.public';
import { maxOrNull, minOrNull } from './extremes';

/** One device-day of the power_device_daily rollup, as the readings of one batch contribute to it. */
export interface DailyContribution {
  deviceId: string;
  day: string; // YYYY-MM-DD, in the tenant's time zone
  messageCount: number;
  minSeq: number;
  maxSeq: number;
  currentMaxA: [number, number, number];
  currentMedSumA: [number, number, number];
  apparentMaxKva: number;
  apparentMedSumKva: number;
  imbalanceMaxPercent: number;
  temperatureMaxC: number | null;
  temperatureMinC: number | null;
  temperatureMedSumC: number;
  temperatureCount: number;
  temperatureSenseErrors: number;
  batteryMinPct: number | null;
  /** Link quality (device coverage): how many messages carried an LQI, their sum and minimum, and how many fell below each level. */
  lqiCount: number;
  lqiSum: number;
  lqiMin: number | null;
  lqiBelowGood: number;
  lqiBelowAverage: number;
}

/**
 * Folds accepted readings into per-device, per-day (the tenant's days) contributions. The database adds them to what the
 * day already holds.
 */
export function dailyContributions(readings: readonly DerivedReading[], timeZone = 'UTC'): DailyContribution[] {
  const byKey = new Map<string, DailyContribution>();
  for (const r of readings) {
    const day = zonedDay(r.measuredMs, timeZone); // the tenant's day, whatever offset the device sent
    const key = `${r.deviceId}\u0000${day}`;
    const { maxA: max, medA: med, temperatureMaxC: tMax, temperatureMedC: tMed } = r;
    const tMin = tMed === null ? tMax : Math.min(tMed, tMax ?? tMed);
    const c = byKey.get(key);
    if (!c) {
      byKey.set(key, {
        deviceId: r.deviceId,
        day,
        messageCount: 1,
        minSeq: r.seq,
        maxSeq: r.seq,
        currentMaxA: [max[0], max[1], max[2]],
        currentMedSumA: [med[0], med[1], med[2]],
        apparentMaxKva: r.apparentMaxKva,
        apparentMedSumKva: r.apparentMedKva,
        imbalanceMaxPercent: r.imbalancePercent,
        temperatureMaxC: tMax,
        temperatureMinC: tMin,
        temperatureMedSumC: tMed ?? 0,
        temperatureCount: tMed === null ? 0 : 1,
        temperatureSenseErrors: r.temperatureSenseError ? 1 : 0,
        batteryMinPct: r.batteryPct,
        lqiCount: r.lqi === null ? 0 : 1,
        lqiSum: r.lqi ?? 0,
        lqiMin: r.lqi,
        lqiBelowGood: r.lqi !== null && r.lqi < LQI_GOOD_MIN ? 1 : 0,
        lqiBelowAverage: r.lqi !== null && r.lqi < LQI_AVERAGE_MIN ? 1 : 0,
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
    c.apparentMaxKva = Math.max(c.apparentMaxKva, r.apparentMaxKva);
    c.apparentMedSumKva += r.apparentMedKva;
    c.imbalanceMaxPercent = Math.max(c.imbalanceMaxPercent, r.imbalancePercent);
    c.temperatureMaxC = maxOrNull(c.temperatureMaxC, tMax);
    c.temperatureMinC = minOrNull(c.temperatureMinC, tMin);
    if (tMed !== null) {
      c.temperatureMedSumC += tMed;
      c.temperatureCount += 1;
    }
    if (r.temperatureSenseError) c.temperatureSenseErrors += 1;
    c.batteryMinPct = minOrNull(c.batteryMinPct, r.batteryPct);
    if (r.lqi !== null) {
      c.lqiCount += 1;
      c.lqiSum += r.lqi;
      c.lqiMin = minOrNull(c.lqiMin, r.lqi);
      if (r.lqi < LQI_GOOD_MIN) c.lqiBelowGood += 1;
      if (r.lqi < LQI_AVERAGE_MIN) c.lqiBelowAverage += 1;
    }
  }
  // Keys in lock order (see ingest.service.ts): device, then day.
  return [...byKey.values()].sort((a, b) => (a.deviceId < b.deviceId ? -1 : a.deviceId > b.deviceId ? 1 : a.day < b.day ? -1 : 1));
}

/** The newest reading of each device in the batch (the database keeps it only if newer than what it has). */
export function latestPerDevice(readings: readonly TransformerReading[], derived: readonly DerivedReading[]): TransformerReading[] {
  const latest = new Map<string, { reading: TransformerReading; measuredMs: number }>();
  readings.forEach((reading, i) => {
    const measuredMs = derived[i]?.measuredMs ?? Date.parse(reading.time);
    const current = latest.get(reading.device_id);
    if (!current || measuredMs > current.measuredMs) latest.set(reading.device_id, { reading, measuredMs });
  });
  return [...latest.values()].map((entry) => entry.reading).sort((a, b) => (a.device_id < b.device_id ? -1 : 1)); // lock order
}
