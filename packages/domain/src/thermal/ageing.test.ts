import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random';
import { ageingRates, lossOfLife, normalPaperAgeingRate, relativeAgeingRate, upgradedPaperAgeingRate } from './ageing';

const HOUR = 3_600_000;

describe('relative ageing rate (IEC 60076-7 clause 6)', () => {
  it('is 1 at 98 °C on normal paper and at 110 °C on thermally upgraded paper', () => {
    expect(normalPaperAgeingRate(98)).toBe(1);
    expect(upgradedPaperAgeingRate(110)).toBeCloseTo(1, 12);
  });

  it('gives hand-derived values: 2 at 104 °C, 0.5 at 92 °C; upgraded 0.2817 at 98 °C and 2.709 at 120 °C', () => {
    expect(normalPaperAgeingRate(104)).toBeCloseTo(2, 12);
    expect(normalPaperAgeingRate(92)).toBeCloseTo(0.5, 12);
    // exp(15000/383 - 15000/371) and exp(15000/383 - 15000/393).
    expect(upgradedPaperAgeingRate(98)).toBeCloseTo(0.2817, 4);
    expect(upgradedPaperAgeingRate(120)).toBeCloseTo(2.709, 3);
    expect(relativeAgeingRate(104, 'normal')).toBeCloseTo(2, 12);
    expect(relativeAgeingRate(120, 'thermally-upgraded')).toBeCloseTo(2.709, 3);
  });

  it('doubles every 6 K on normal paper (property)', () => {
    const random = seededRandom(20);
    for (let i = 0; i < 500; i++) {
      const hotSpotC = -30 + random() * 190;
      expect(normalPaperAgeingRate(hotSpotC + 6) / normalPaperAgeingRate(hotSpotC)).toBeCloseTo(2, 10);
    }
  });

  it('rises with the hot spot on upgraded paper, and more slowly than normal paper above 98 °C (property)', () => {
    const random = seededRandom(21);
    for (let i = 0; i < 500; i++) {
      const hotSpotC = 98 + random() * 60;
      const rate = upgradedPaperAgeingRate(hotSpotC);
      expect(upgradedPaperAgeingRate(hotSpotC + 1)).toBeGreaterThan(rate);
      expect(rate).toBeLessThan(normalPaperAgeingRate(hotSpotC));
    }
  });

  it('fills a caller’s array per sample', () => {
    const out = new Float64Array(2);
    expect(ageingRates(Float64Array.from([98, 104]), 'normal', out)).toBe(out);
    expect(out[1]).toBeCloseTo(2, 12);
    expect(ageingRates(Float64Array.from([110]), 'thermally-upgraded')[0]).toBeCloseTo(1, 12);
  });
});

describe('loss of life (IEC 60076-7 clause 6, IEEE C57.91 clause 5)', () => {
  it('is V·t for a constant hot spot: 10 h at 104 °C ages 20 h', () => {
    const timesMs = Float64Array.from({ length: 41 }, (_, i) => i * 0.25 * HOUR);
    const result = lossOfLife(timesMs, new Float64Array(41).fill(104), 'normal');
    expect(result.lossOfLifeH).toBeCloseTo(20, 10);
    expect(result.lossOfLifeDays).toBeCloseTo(20 / 24, 10);
    expect(result.elapsedH).toBe(10);
    expect(result.equivalentAgeingFactor).toBeCloseTo(2, 10);
    // % LoL = F_EQA·t·100/180000 = 2·10·100/180000.
    expect(result.lossOfLifePercent).toBeCloseTo(2000 / 180_000, 12);
  });

  it('takes each sample’s V over the interval since the previous sample, whatever the step length', () => {
    // Steps of 1 h at 98 °C (V 1) and 2 h at 104 °C (V 2); the first sample's 140 °C has no interval.
    const result = lossOfLife(Float64Array.from([0, HOUR, 3 * HOUR]), Float64Array.from([140, 98, 104]), 'normal');
    expect(result.lossOfLifeH).toBeCloseTo(5, 10);
    expect(result.elapsedH).toBe(3);
    expect(result.equivalentAgeingFactor).toBeCloseTo(5 / 3, 10);
    expect(result.lossOfLifePercent).toBeCloseTo(500 / 180_000, 12);
  });

  it('reports no factor for an empty period and rejects bad input', () => {
    const empty = lossOfLife(Float64Array.from([0]), Float64Array.from([98]), 'normal');
    expect(empty.lossOfLifeH).toBe(0);
    expect(empty.equivalentAgeingFactor).toBeNaN();
    expect(() => lossOfLife(Float64Array.from([0, 1]), Float64Array.from([98]), 'normal')).toThrow(/same length/);
    expect(() => lossOfLife(Float64Array.from([HOUR, 0]), Float64Array.from([98, 98]), 'normal')).toThrow(/backwards/);
  });
});
