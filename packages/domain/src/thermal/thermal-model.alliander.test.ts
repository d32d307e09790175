/**
 * Agreement with Alliander's transformer-thermal-model (IEC 60076-7:2018, Python), on a two-day 15-minute winter
 * profile with a 1.3 p.u. evening peak, varying ambient and three missing samples (30- and 45-minute steps).
 * fixtures/alliander-reference.json was produced by fixtures/make-alliander-reference.py at the commit it records;
 * their model uses the same exact exponential step, so the series agree to the fixture's rounding (1e-9 °C).
 */
import { describe, expect, it } from 'vitest';
import reference from './fixtures/alliander-reference.json';
import { lossOfLife } from './ageing';
import { runThermalModel } from './thermal-model';
import { thermalParameters } from './thermal-parameters';

const TOLERANCE_C = 1e-6;

function maxAbsDifference(ours: Float64Array, theirs: readonly number[]): number {
  let max = 0;
  theirs.forEach((value, i) => (max = Math.max(max, Math.abs(ours[i]! - value))));
  return max;
}

describe('agreement with Alliander transformer-thermal-model', () => {
  const input = {
    timesMs: Float64Array.from(reference.timesMs),
    loadPu: Float64Array.from(reference.loadPu),
    ambientC: Float64Array.from(reference.ambientC),
  };

  it('covers a profile with a 1.3 p.u. peak and uneven steps', () => {
    expect(Math.max(...reference.loadPu)).toBeGreaterThan(1.29);
    const stepsMin = new Set(reference.timesMs.slice(1).map((t, i) => (t - reference.timesMs[i]!) / 60_000));
    expect([...stepsMin].sort((a, b) => a - b)).toEqual([15, 30, 45]);
    expect(reference.cases).toHaveLength(4);
  });

  for (const c of reference.cases) {
    it(`matches top oil and hot spot within ${TOLERANCE_C} °C (k21 ${c.k21}, ${c.start} start), and days aged`, () => {
      const out = runThermalModel(input, thermalParameters({ k21: c.k21 }), c.start === 'cold' ? 'cold' : 'steady');
      expect(maxAbsDifference(out.topOilC, c.topOilC)).toBeLessThan(TOLERANCE_C);
      expect(maxAbsDifference(out.hotSpotC, c.hotSpotC)).toBeLessThan(TOLERANCE_C);
      expect(lossOfLife(input.timesMs, out.hotSpotC, 'normal').lossOfLifeDays).toBeCloseTo(c.daysAgedNormal, 9);
      expect(lossOfLife(input.timesMs, out.hotSpotC, 'thermally-upgraded').lossOfLifeDays).toBeCloseTo(c.daysAgedUpgraded, 9);
    });
  }
});
