import { describe, expect, it } from 'vitest';
import { seededRandom as prng } from '../seeded-random';
import {
  apparentPowerKva,
  CAPACITY_OVER_LIMIT_PERCENT,
  CAPACITY_UNDER_LIMIT_PERCENT,
  capacityPercent,
  capacityState,
  IMBALANCE_FLAG_PERCENT,
  imbalancePercent,
  imbalanceState,
  nemaImbalancePercent,
  neutralCurrentA,
  type PhaseCurrentsA,
  phaseLoadingPercent,
  ratedPhaseCurrentA,
  VOLTAGE_BASIS_V,
} from './electrical';

describe('apparentPowerKva (spec §9)', () => {
  it('uses the 230 V basis', () => {
    expect(VOLTAGE_BASIS_V).toBe(230);
  });

  it.each<[PhaseCurrentsA, number]>([
    [[100, 100, 100], 69], // 300 A * 230 V = 69 000 VA
    [[0, 0, 0], 0],
    [[10, 20, 30], 13.8], // 60 A * 230 V = 13 800 VA
    [[1000, 0, 0], 230],
  ])('%j A is %f kVA', (currentsA, expectedKva) => {
    expect(apparentPowerKva(currentsA)).toBeCloseTo(expectedKva, 10);
  });
});

describe('capacityPercent', () => {
  it('is 69 % for 69 kVA on a 100 kVA unit', () => {
    expect(capacityPercent(69, 100)).toBeCloseTo(69, 10);
  });

  it('is 50 % for 200 kVA on a 400 kVA unit', () => {
    expect(capacityPercent(200, 400)).toBe(50);
  });

  it('can exceed 100 % on an overloaded unit', () => {
    expect(capacityPercent(138, 100)).toBeCloseTo(138, 10);
  });

  it.each([0, -100, Number.NaN])('is NaN for a rating of %f kVA', (ratingKva) => {
    expect(capacityPercent(50, ratingKva)).toBeNaN();
  });
});

describe('capacityState (spec §4)', () => {
  it('has the spec thresholds', () => {
    expect([CAPACITY_UNDER_LIMIT_PERCENT, CAPACITY_OVER_LIMIT_PERCENT]).toEqual([15, 85]);
  });

  it.each([
    [0, 'underperforming'],
    [14.99, 'underperforming'],
    [15, 'normal'],
    [50, 'normal'],
    [85, 'normal'],
    [85.01, 'overutilised'],
    [130, 'overutilised'],
  ])('%f %% is %s', (percent, expected) => {
    expect(capacityState(percent)).toBe(expected);
  });

  it('treats an unknown percentage (NaN) as normal', () => {
    expect(capacityState(Number.NaN)).toBe('normal');
  });
});

describe('ratedPhaseCurrentA and phaseLoadingPercent (domain-references §1)', () => {
  it('rates a 400 kVA unit at 579.71 A per phase', () => {
    expect(ratedPhaseCurrentA(400)).toBeCloseTo(579.71, 2); // 400 000 / 690
  });

  it('rates a 100 kVA unit at 144.93 A per phase', () => {
    expect(ratedPhaseCurrentA(100)).toBeCloseTo(144.93, 2);
  });

  it('is NaN for a non-positive rating', () => {
    expect(ratedPhaseCurrentA(0)).toBeNaN();
    expect(phaseLoadingPercent([10, 10, 10], 0)).toBeNaN();
  });

  it('is 100 % when the heaviest phase carries exactly the rated current', () => {
    expect(phaseLoadingPercent([ratedPhaseCurrentA(400), 0, 0], 400)).toBeCloseTo(100, 10);
  });

  it('uses the heaviest phase, not the total', () => {
    // 289.86 A is half of 579.71 A on any phase; the other phases do not count.
    expect(phaseLoadingPercent([100, 289.855_072_463_768, 50], 400)).toBeCloseTo(50, 6);
  });

  it('shows an overloaded phase that capacity % hides', () => {
    const currentsA: PhaseCurrentsA = [160, 20, 20]; // one phase over 144.93 A on a 100 kVA unit
    expect(capacityPercent(apparentPowerKva(currentsA), 100)).toBeCloseTo(46, 10);
    expect(phaseLoadingPercent(currentsA, 100)).toBeCloseTo(110.4, 6); // 160 / 144.927...
  });
});

describe('imbalancePercent and imbalanceState (domain-references §1, spec §9)', () => {
  it.each<[PhaseCurrentsA, number]>([
    [[100, 50, 10], 90],
    [[0, 0, 0], 0],
    [[100, 100, 100], 0],
    [[100, 0, 0], 100],
    [[40, 80, 60], 50],
  ])('%j A is %f %%', (currentsA, expected) => {
    expect(imbalancePercent(currentsA)).toBeCloseTo(expected, 10);
  });

  it('flags strictly above 90 %', () => {
    expect(IMBALANCE_FLAG_PERCENT).toBe(90);
    expect(imbalanceState(90)).toBe('normal');
    expect(imbalanceState(90.01)).toBe('imbalance');
    expect(imbalanceState(0)).toBe('normal');
    expect(imbalanceState(100)).toBe('imbalance');
  });
});

describe('nemaImbalancePercent (domain-references §1)', () => {
  it.each<[PhaseCurrentsA, number]>([
    [[100, 50, 0], 100], // mean 50, largest deviation 50
    [[100, 100, 100], 0],
    [[0, 0, 0], 0],
    [[300, 0, 0], 200], // mean 100, deviation 200: the top of the range
    [[110, 100, 90], 10], // mean 100, deviation 10
  ])('%j A is %f %%', (currentsA, expected) => {
    expect(nemaImbalancePercent(currentsA)).toBeCloseTo(expected, 10);
  });
});

describe('neutralCurrentA (domain-references §1)', () => {
  it.each<[PhaseCurrentsA, number]>([
    [[100, 100, 100], 0],
    [[100, 0, 0], 100],
    [[100, 100, 0], 100], // two equal phases 120° apart sum to one of them
    [[0, 0, 0], 0],
    [[100, 50, 50], 50], // 10000 + 2500 + 2500 - 5000 - 2500 - 5000 = 2500
  ])('%j A gives %f A in the neutral', (currentsA, expected) => {
    expect(neutralCurrentA(currentsA)).toBeCloseTo(expected, 10);
  });
});

/** A phase current: often exactly 0 or a round number (the edge cases), otherwise anything up to 2000 A. */
function randomCurrentA(random: () => number): number {
  const kind = random();
  if (kind < 0.15) return 0;
  if (kind < 0.3) return Math.round(random() * 10) * 100;
  return random() * 2000;
}

describe('imbalance measures (property-based, seeded)', () => {
  const random = prng(20_250_601);
  const cases = Array.from({ length: 2000 }, (): PhaseCurrentsA => [
    randomCurrentA(random),
    randomCurrentA(random),
    randomCurrentA(random),
  ]);
  const context = (currentsA: PhaseCurrentsA) => JSON.stringify(currentsA);

  it('generates varied cases (the generator itself is not degenerate)', () => {
    expect(cases.some((c) => c.every((currentA) => currentA === 0))).toBe(true);
    expect(cases.some((c) => c.filter((currentA) => currentA === 0).length === 2)).toBe(true);
    expect(cases.some((c) => c[0] === c[1] && c[0] > 0)).toBe(true);
    expect(cases.some((c) => c.every((currentA) => currentA > 0))).toBe(true);
  });

  it('keeps imbalance % within 0..100', () => {
    for (const currentsA of cases) {
      const percent = imbalancePercent(currentsA);
      expect(percent, context(currentsA)).toBeGreaterThanOrEqual(0);
      expect(percent, context(currentsA)).toBeLessThanOrEqual(100);
    }
  });

  it('keeps NEMA imbalance % within 0..200', () => {
    for (const currentsA of cases) {
      const percent = nemaImbalancePercent(currentsA);
      expect(percent, context(currentsA)).toBeGreaterThanOrEqual(0);
      expect(percent, context(currentsA)).toBeLessThanOrEqual(200 + 1e-9);
    }
  });

  it('never estimates more neutral current than the heaviest phase carries', () => {
    for (const currentsA of cases) {
      const neutralA = neutralCurrentA(currentsA);
      expect(neutralA, context(currentsA)).toBeGreaterThanOrEqual(0);
      expect(neutralA, context(currentsA)).toBeLessThanOrEqual(Math.max(...currentsA) + 1e-9);
    }
  });

  it('does not depend on which phase carries which current', () => {
    for (const [i1, i2, i3] of cases) {
      const rotated: PhaseCurrentsA = [i3, i1, i2];
      expect(imbalancePercent(rotated)).toBe(imbalancePercent([i1, i2, i3]));
      expect(neutralCurrentA(rotated)).toBeCloseTo(neutralCurrentA([i1, i2, i3]), 6);
    }
  });
});
