/**
 * The thermal model's inputs from a transformer's stored data: K per reading from the median phase currents, the
 * ambient at each reading from hourly temperatures, and the measured top oil where a hydrogen sensor at the top oil
 * gives one (docs/decisions.md, "Loss of life and weather (issue 20)").
 */
import { loadFactorsPu } from '@gridlens/domain/thermal/load-factor';
import { isReadyHydrogenStatus } from '@gridlens/domain/power/hydrogen-trend';
import type { HydrogenForHealth } from '../power-quality/power-quality.module';
import type { ThermalReadingsRow } from '../power-readings/power-readings.public';

/** K (p.u.) per reading: the heaviest median phase current over the rated phase current (load-factor.ts). */
export function loadFactorsOf(series: ThermalReadingsRow['series'], ratingKva: number): Float64Array {
  return loadFactorsPu(Float64Array.from(series.a1), Float64Array.from(series.a2), Float64Array.from(series.a3), ratingKva);
}

/** Linear interpolation of hourly values at each time; before the first or after the last hour, the end value. */
export function interpolateAt(hourTimesMs: Float64Array, hourValues: Float64Array, timesMs: Float64Array): Float64Array {
  const out = new Float64Array(timesMs.length);
  const last = hourTimesMs.length - 1;
  let j = 0;
  for (let i = 0; i < timesMs.length; i++) {
    const t = timesMs[i]!;
    while (j < last - 1 && hourTimesMs[j + 1]! <= t) j++;
    if (last < 1 || t <= hourTimesMs[0]!) out[i] = hourValues[t <= hourTimesMs[0]! ? 0 : last]!;
    else if (t >= hourTimesMs[last]!) out[i] = hourValues[last]!;
    else {
      const t0 = hourTimesMs[j]!;
      const t1 = hourTimesMs[j + 1]!;
      out[i] = hourValues[j]! + ((hourValues[j + 1]! - hourValues[j]!) * (t - t0)) / (t1 - t0);
    }
  }
  return out;
}

/**
 * The measured top oil per reading (NaN where none): the hydrogen sensor's oil temperature when the sensor is
 * configured at the top oil, each measurement given to the reading whose interval (t[n-1], t[n]] holds it (the
 * latest one wins), readings of a sensor not Ready (error, warming up, calibrating: placeholder values) left out. The thermal model carries on from it (thermal-model.ts).
 */
export function measuredTopOilOf(timesMs: Float64Array, hydrogen: HydrogenForHealth | null): Float64Array {
  const out = new Float64Array(timesMs.length).fill(Number.NaN);
  if (hydrogen === null || hydrogen.sensorLocation !== 'TopOil' || timesMs.length === 0) return out;
  let n = 0;
  for (const reading of hydrogen.readings) {
    if (reading.oil_temperature_c === null || !isReadyHydrogenStatus(reading.status)) continue;
    const atMs = new Date(reading.measured_at).getTime();
    if (atMs < timesMs[0]! || atMs > timesMs[timesMs.length - 1]!) continue;
    while (timesMs[n]! < atMs) n++;
    out[n] = reading.oil_temperature_c;
  }
  return out;
}
