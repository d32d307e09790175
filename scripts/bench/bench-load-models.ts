/**
 * Issue 20's load-model budgets, pure domain work on one core: the EV/HP fleet analysis of 10,000 transformers
 * (< 2 s) and one transformer's what-if (< 50 ms). Each run prepares the models afresh, so the binomial caches start
 * cold as they do for a new request. The baseline is the same loop over the same inputs doing only the base-load
 * maximum. Inputs are built before the clock starts.
 */
import { explainTransformer } from '../../packages/domain/src/load-models/transformer-explanation';
import { fleetAnalysisRow } from '../../packages/domain/src/load-models/fleet-analysis';
import {
  prepareLoadModels,
  type EvLoadMethod,
  type TransformerLoadInput,
} from '../../packages/domain/src/load-models/load-model-preparation';
import { defaultEvModelParameters, defaultHpModelParameters } from '../../packages/domain/src/load-models/model-parameters';
import { seededRandom } from '../../packages/domain/src/seeded-random';

const TRANSFORMERS = 10_000;
const FLEET_RUNS = 5;
const WHAT_IF_RUNS = 50;
const BASE_YEAR = 2026;
const RATINGS_KVA = [50, 100, 200, 315, 400, 630, 1000];

export interface LoadModelsBench {
  transformers: number;
  /** Median wall time of a whole fleet analysis (prepare + every row), ms. */
  fleetMedianMs: number;
  fleetMaxMs: number;
  /** The same with the conservative (binomial concurrency) EV load. */
  conservativeMedianMs: number;
  /** The same loop doing only the base-load maximum, median ms. */
  baselineMedianMs: number;
  overCapacityBy2030: number;
  /** One transformer: prepare with changed parameters + the full explanation, median and max ms. */
  whatIfMedianMs: number;
  whatIfMaxMs: number;
  whatIfBaselineMedianMs: number;
}

function syntheticFleet(): TransformerLoadInput[] {
  const random = seededRandom(20);
  return Array.from({ length: TRANSFORMERS }, (_, i) => {
    const ratingKva = RATINGS_KVA[Math.floor(random() * RATINGS_KVA.length)] as number;
    const level = 0.15 + 0.6 * random();
    const eveningPeakHour = 17 + 3 * random();
    const baseLoadKva = new Float64Array(24).map(
      (_, h) => ratingKva * level * (0.55 + 0.45 * Math.exp(-(((h - eveningPeakHour) / 3) ** 2))),
    );
    const meanC = -2 + 12 * random();
    const ambientC = new Float64Array(24).map((_, h) => meanC - 2.5 * Math.cos(((h - 3) / 24) * 2 * Math.PI));
    return {
      ratingKva,
      connectedCustomers: Math.max(1, Math.round((ratingKva / 2.5) * (0.5 + random()))),
      days: [{ id: `day-${i % 7}`, isWeekend: false, baseLoadKva, ambientC }],
    };
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

function timeFleet(fleet: readonly TransformerLoadInput[], evLoadMethod: EvLoadMethod): { ms: number; over: number } {
  const started = performance.now();
  const prepared = prepareLoadModels(
    defaultEvModelParameters,
    { ...defaultHpModelParameters, extremeScenario: true },
    { baseYear: BASE_YEAR, evLoadMethod },
  );
  let over = 0;
  for (const transformer of fleet) if (fleetAnalysisRow(prepared, transformer).firstYearOverCapacity !== null) over++;
  return { ms: performance.now() - started, over };
}

/** The baseline: the same walk over the same inputs, only the base-load peak in kW. */
function timeBaseline(fleet: readonly TransformerLoadInput[]): { ms: number; checksum: number } {
  const started = performance.now();
  let checksum = 0;
  for (const transformer of fleet) {
    const baseLoadKva = transformer.days[0]!.baseLoadKva;
    let peakKw = 0;
    for (let h = 0; h < 24; h++) peakKw = Math.max(peakKw, (baseLoadKva[h] as number) * 0.95);
    checksum += peakKw;
  }
  return { ms: performance.now() - started, checksum };
}

export function benchLoadModels(): LoadModelsBench {
  const fleet = syntheticFleet();
  const fleetMs: number[] = [];
  const conservativeMs: number[] = [];
  const baselineMs: number[] = [];
  let overCapacityBy2030 = 0;
  let checksum = 0;
  for (let run = 0; run < FLEET_RUNS; run++) {
    const expected = timeFleet(fleet, 'expected');
    fleetMs.push(expected.ms);
    overCapacityBy2030 = expected.over;
    conservativeMs.push(timeFleet(fleet, 'conservative').ms);
    const baseline = timeBaseline(fleet);
    baselineMs.push(baseline.ms);
    checksum += baseline.checksum;
  }

  const one = fleet[0]!;
  const whatIfMs: number[] = [];
  const whatIfBaselineMs: number[] = [];
  for (let run = 0; run < WHAT_IF_RUNS; run++) {
    // Each what-if changes the parameters, as a planner moving a slider does: nothing is reused from the last run.
    const ev = { ...defaultEvModelParameters, chargeRateWeekdayPercent: 30 + (run % 40) };
    const hp = { ...defaultHpModelParameters, installingPercentPerYear: 1 + (run % 5), extremeScenario: true };
    let started = performance.now();
    const explanation = explainTransformer(prepareLoadModels(ev, hp, { baseYear: BASE_YEAR, evLoadMethod: 'conservative' }), one);
    whatIfMs.push(performance.now() - started);
    checksum += explanation.row.maxLoadKw;
    started = performance.now();
    checksum += timeBaseline([one]).checksum;
    whatIfBaselineMs.push(performance.now() - started);
  }
  if (!Number.isFinite(checksum)) throw new Error('the load-model bench produced a non-finite figure');
  return {
    transformers: fleet.length,
    fleetMedianMs: median(fleetMs),
    fleetMaxMs: Math.max(...fleetMs),
    conservativeMedianMs: median(conservativeMs),
    baselineMedianMs: median(baselineMs),
    overCapacityBy2030,
    whatIfMedianMs: median(whatIfMs),
    whatIfMaxMs: Math.max(...whatIfMs),
    whatIfBaselineMedianMs: median(whatIfBaselineMs),
  };
}
