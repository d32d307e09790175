/**
 * Issue 20's budget: a year of 15-minute loss of life for one transformer (35,040 samples: the IEC 60076-7 thermal
 * model, the ageing rate and the loss of life) under 20 ms. Domain only, no database. The baseline, in the same
 * run: one plain loop reading and summing the same typed arrays (the floor of any pass over the data).
 */
import { thermalAgeing } from '../../packages/domain/src/thermal/thermal-ageing';
import { thermalParameters } from '../../packages/domain/src/thermal/thermal-parameters';
import { ambientTemperaturesC } from '../../packages/domain/src/weather/climate-model';

const SAMPLES = 365 * 96;
const RUNS = Number(process.env['BENCH_THERMAL_RUNS'] ?? 50);
const WARMUPS = 5;

export interface ThermalBench {
  samples: number;
  runs: number;
  p50Ms: number;
  p95Ms: number;
  baselineP50Ms: number;
  lossOfLifeDays: number;
  maxHotSpotC: number;
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** A domestic-feeder year: evening peak 1.25 p.u. in midwinter, 0.8 in midsummer, ambient from the climate model. */
function yearInput() {
  const startMs = Date.UTC(2025, 0, 1);
  const timesMs = Float64Array.from({ length: SAMPLES }, (_, i) => startMs + (i + 1) * 900_000);
  const loadPu = new Float64Array(SAMPLES);
  for (let i = 0; i < SAMPLES; i++) {
    const hour = ((i + 1) % 96) / 4;
    const winter = 0.5 + 0.5 * Math.cos((2 * Math.PI * (i / 96 - 15)) / 365);
    const evening = Math.exp(-(((hour - 18.5) / 1.8) ** 2));
    loadPu[i] = 0.3 + 0.1 * winter + (0.4 + 0.45 * winter) * evening;
  }
  const ambientC = ambientTemperaturesC({ latitude: 53.35, longitude: -6.26 }, timesMs);
  return { timesMs, loadPu, ambientC };
}

export function benchThermal(): ThermalBench {
  const input = yearInput();
  const out = { topOilC: new Float64Array(SAMPLES), hotSpotC: new Float64Array(SAMPLES) };
  const p = thermalParameters();
  const times: number[] = [];
  const baseline: number[] = [];
  let lossOfLifeDays = 0;
  let sink = 0;
  for (let run = 0; run < WARMUPS + RUNS; run++) {
    let started = performance.now();
    const result = thermalAgeing(input, p, 'steady', 'normal', out);
    const elapsed = performance.now() - started;
    lossOfLifeDays = result.lossOfLife.lossOfLifeDays;
    started = performance.now();
    let sum = 0;
    for (let i = 0; i < SAMPLES; i++) sum += input.timesMs[i]! + input.loadPu[i]! + input.ambientC[i]!;
    const baselineElapsed = performance.now() - started;
    sink += sum;
    if (run >= WARMUPS) {
      times.push(elapsed);
      baseline.push(baselineElapsed);
    }
  }
  if (!Number.isFinite(sink)) throw new Error('baseline sum is not finite');
  times.sort((a, b) => a - b);
  baseline.sort((a, b) => a - b);
  return {
    samples: SAMPLES,
    runs: RUNS,
    p50Ms: percentile(times, 0.5),
    p95Ms: percentile(times, 0.95),
    baselineP50Ms: percentile(baseline, 0.5),
    lossOfLifeDays,
    maxHotSpotC: Math.max(...out.hotSpotC),
  };
}
