import { VOLTAGE_BASIS_V } from '@gridlens/domain/power/electrical';
import type { DemoBehaviour } from './demo-fleet';
import { seedOf } from '@gridlens/domain/seeded-random';
import { DAY_MS } from '@gridlens/domain/time-range';

const HOUR_MS = 3_600_000;

/** Hourly load shapes relative to the evening peak (typical Irish LV feeder shapes, smoothed). */
const SHAPES: Record<DemoBehaviour['profile'], readonly number[]> = {
  residential: [
    0.45, 0.4, 0.37, 0.36, 0.37, 0.42, 0.55, 0.72, 0.74, 0.62, 0.56, 0.55, 0.57, 0.55, 0.53, 0.56, 0.66, 0.86, 1.0, 0.98, 0.9, 0.8, 0.68,
    0.55,
  ],
  commercial: [
    0.3, 0.28, 0.27, 0.27, 0.28, 0.32, 0.45, 0.7, 0.9, 0.98, 1.0, 1.0, 0.98, 0.98, 0.97, 0.95, 0.9, 0.78, 0.6, 0.48, 0.4, 0.36, 0.33, 0.31,
  ],
  mixed: [
    0.4, 0.36, 0.34, 0.33, 0.34, 0.4, 0.52, 0.72, 0.82, 0.8, 0.78, 0.78, 0.78, 0.77, 0.76, 0.76, 0.78, 0.85, 0.95, 0.92, 0.84, 0.74, 0.62,
    0.5,
  ],
};

/** Deterministic noise in [-1, 1] for a device and an instant. */
function noise(deviceSeed: number, epochMs: number): number {
  const x = Math.sin(deviceSeed * 12.9898 + Math.floor(epochMs / 60_000) * 78.233) * 43_758.5453;
  return (x - Math.floor(x)) * 2 - 1;
}

/** Ambient temperature of an Irish climate (°C): seasonal cycle (coldest mid-January) and a daily one (warmest mid-afternoon). */
export function ambientTemperatureC(epochMs: number): number {
  const dayOfYear = (epochMs % (365.25 * DAY_MS)) / DAY_MS;
  const seasonal = 10 - 5 * Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365.25);
  const hour = (epochMs % DAY_MS) / HOUR_MS;
  const daily = 3 * Math.cos((2 * Math.PI * (hour - 15)) / 24);
  return seasonal + daily;
}

export interface SimulatedReading {
  currentMaxA: [number, number, number];
  currentMedA: [number, number, number];
  temperatureMaxC: number;
  temperatureMedC: number;
}

/**
 * The simulated state of one transformer at an instant: daily shape by profile and weekday, winter
 * higher than summer, a little noise; tank temperature follows ambient plus a rise with loading^1.6.
 */
export function simulateReading(deviceId: string, ratingKva: number, behaviour: DemoBehaviour, epochMs: number): SimulatedReading {
  const seed = seedOf(deviceId);
  const date = new Date(epochMs);
  const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
  const hour = date.getUTCHours();
  const shape = SHAPES[weekend && behaviour.profile === 'commercial' ? 'residential' : behaviour.profile][hour] ?? 0.5;
  const dayOfYear = (epochMs % (365.25 * DAY_MS)) / DAY_MS;
  const season = 1 + 0.25 * Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365.25);
  const utilisation = Math.max(0, behaviour.baseUtilisation * shape * season * (1 + 0.08 * noise(seed, epochMs)));
  const totalCurrentA = (utilisation * ratingKva * 1000) / VOLTAGE_BASIS_V;
  const med = behaviour.phaseSplit.map((share) => round1(totalCurrentA * share)) as [number, number, number];
  const peakiness = 1.15 + 0.15 * Math.abs(noise(seed + 1, epochMs));
  const max = med.map((current) => round1(current * peakiness)) as [number, number, number];
  const ambient = ambientTemperatureC(epochMs);
  const rise = 28 * Math.pow(Math.min(utilisation, 1.4), 1.6);
  const temperatureMed = behaviour.temperatureSenseError ? -127 : round1(ambient + 6 + rise + behaviour.temperatureOffsetC);
  return {
    currentMaxA: max,
    currentMedA: med,
    temperatureMaxC: behaviour.temperatureSenseError ? -127 : round1(temperatureMed + 1.5 + Math.abs(noise(seed + 2, epochMs))),
    temperatureMedC: temperatureMed,
  };
}

const round1 = (value: number) => Math.round(value * 10) / 10;
