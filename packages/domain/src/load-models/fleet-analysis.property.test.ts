import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random';
import { evLoadKw, fleetAnalysisRow, shapeOf } from './fleet-analysis';
import { capacityKw, prepareLoadModels, type EvLoadMethod, type TransformerLoadInput } from './load-model-preparation';
import { defaultEvModelParameters, defaultHpModelParameters, type EvModelParameters, type HpModelParameters } from './model-parameters';
import { heatPumpKwPerHp } from './heat-pump';
import { explainTransformer } from './transformer-explanation';

/** A seeded transformer: an evening-peaking base load between 20 % and 80 % of its rating, a winter day. */
function randomTransformer(random: () => number): TransformerLoadInput {
  const ratingKva = [100, 200, 315, 400, 630][Math.floor(random() * 5)] as number;
  const level = 0.2 + 0.5 * random();
  const baseLoadKva = new Float64Array(24).map((_, h) => ratingKva * level * (0.6 + 0.4 * Math.exp(-(((h - 18) / 3) ** 2))));
  const ambientC = new Float64Array(24).map((_, h) => 2 + 8 * random() - 2 * Math.cos(((h - 3) / 24) * 2 * Math.PI));
  return {
    ratingKva,
    connectedCustomers: 20 + Math.floor(random() * 300),
    days: [{ id: 'day', isWeekend: random() < 0.3, baseLoadKva, ambientC }],
  };
}

function randomModels(random: () => number): { ev: EvModelParameters; hp: HpModelParameters } {
  return {
    ev: {
      ...defaultEvModelParameters,
      chargeRateWeekdayPercent: 20 + 70 * random(),
      chargeDurationWeekdayHours: 1 + 8 * random(),
      charger7kwPercent: 100 * random(),
      currentEvSharePercent: 20 * random(),
      evShareOfSalesPercent: 60 * random(),
      arrivalSdHours: 1 + 4 * random(),
    },
    hp: {
      ...defaultHpModelParameters,
      currentHeatPumpSharePercent: 10 * random(),
      installingPercentPerYear: 5 * random(),
      hybridPercent: 50 * random(),
    },
  };
}

const METHODS: readonly EvLoadMethod[] = ['expected', 'conservative'];

describe('fleet analysis properties (seeded)', () => {
  it('max EVs is exact: that many fit under the capacity in every hour and one more does not', () => {
    const random = seededRandom(42);
    for (let i = 0; i < 150; i++) {
      const { ev, hp } = randomModels(random);
      const input = randomTransformer(random);
      const evLoadMethod = METHODS[i % 2] as EvLoadMethod;
      const prepared = prepareLoadModels(ev, hp, { baseYear: 2026, evLoadMethod });
      const { maxEvs, maxEvsYear } = fleetAnalysisRow(prepared, input);
      const day = input.days[0]!;
      const hpCount = prepared.hpCountsByCustomers.get(input.connectedCustomers)![prepared.years.indexOf(maxEvsYear)] as number;
      const hpKw = heatPumpKwPerHp(prepared.hpMix, day.ambientC, new Float64Array(24));
      const peakWith = (n: number) => {
        const evKw = evLoadKw(prepared, shapeOf(prepared, day), n, new Float64Array(24));
        let peak = 0;
        for (let h = 0; h < 24; h++)
          peak = Math.max(peak, (day.baseLoadKva[h] as number) * 0.95 + (evKw[h] as number) + hpCount * (hpKw[h] as number));
        return peak;
      };
      const capacity = capacityKw(prepared, input.ratingKva);
      expect(maxEvs).not.toBeNull();
      if (maxEvs! > 0 || peakWith(0) <= capacity) expect(peakWith(maxEvs!)).toBeLessThanOrEqual(capacity);
      expect(peakWith(maxEvs! + 1)).toBeGreaterThan(capacity);
    }
  });

  it('a year is over capacity exactly when its EV count exceeds its max EVs, and the row’s max EVs is its year’s', () => {
    const random = seededRandom(27);
    for (let i = 0; i < 150; i++) {
      const { ev, hp } = randomModels(random);
      const input = randomTransformer(random);
      const evLoadMethod = METHODS[i % 2] as EvLoadMethod;
      const extreme = { ...hp, extremeScenario: random() < 0.5 };
      const explanation = explainTransformer(prepareLoadModels(ev, extreme, { baseYear: 2026, evLoadMethod }), input);
      for (const year of explanation.forecast)
        expect([year.year, year.overCapacity]).toEqual([year.year, year.maxEvs !== null && year.evCount > year.maxEvs]);
      const { row } = explanation;
      expect(row.maxEvsYear).toBe(row.firstYearOverCapacity ?? 2030);
      expect(explanation.forecast.find((year) => year.year === row.maxEvsYear)?.maxEvs).toBe(row.maxEvs);
    }
  });

  it('headroom falls (and the first year over comes no later) as EV or heat-pump uptake rises', () => {
    const random = seededRandom(2026);
    for (let i = 0; i < 150; i++) {
      const { ev, hp } = randomModels(random);
      const input = randomTransformer(random);
      const evLoadMethod = METHODS[i % 2] as EvLoadMethod;
      const row = fleetAnalysisRow(prepareLoadModels(ev, hp, { baseYear: 2026, evLoadMethod }), input);
      const moreEvs = {
        ...ev,
        evShareOfSalesPercent: ev.evShareOfSalesPercent + 40 * random(),
        currentEvSharePercent: ev.currentEvSharePercent + 5 * random(),
      };
      const moreHps = { ...hp, installingPercentPerYear: hp.installingPercentPerYear + 5 * random() };
      for (const [e, h] of [
        [moreEvs, hp],
        [ev, moreHps],
      ] as const) {
        const higher = fleetAnalysisRow(prepareLoadModels(e, h, { baseYear: 2026, evLoadMethod }), input);
        expect(higher.minHeadroomKw).toBeLessThanOrEqual(row.minHeadroomKw);
        if (row.firstYearOverCapacity !== null) expect(higher.firstYearOverCapacity).not.toBeNull();
        if (higher.firstYearOverCapacity !== null && row.firstYearOverCapacity !== null)
          expect(higher.firstYearOverCapacity).toBeLessThanOrEqual(row.firstYearOverCapacity);
      }
    }
  });

  it('a higher confidence level never lowers the counts, so never raises the headroom', () => {
    const random = seededRandom(95);
    for (let i = 0; i < 100; i++) {
      const { ev, hp } = randomModels(random);
      const input = randomTransformer(random);
      const low = prepareLoadModels({ ...ev, confidenceLevelPercent: 50 }, { ...hp, confidenceLevelPercent: 50 }, { baseYear: 2026 });
      const high = prepareLoadModels({ ...ev, confidenceLevelPercent: 99 }, { ...hp, confidenceLevelPercent: 99 }, { baseYear: 2026 });
      const lowRow = fleetAnalysisRow(low, input);
      const highRow = fleetAnalysisRow(high, input);
      const lowCounts = low.evCountsByCustomers.get(input.connectedCustomers)!;
      const highCounts = high.evCountsByCustomers.get(input.connectedCustomers)!;
      for (let y = 0; y < lowCounts.length; y++) expect(highCounts[y]).toBeGreaterThanOrEqual(lowCounts[y] as number);
      expect(highRow.minHeadroomKw).toBeLessThanOrEqual(lowRow.minHeadroomKw);
    }
  });
});
