import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random';
import {
  coverageLevel,
  LQI_AVERAGE_MIN,
  LQI_GOOD_MIN,
  lqiCountsOf,
  lqiLevel,
  lqiLevelOfCounts,
  REPORTING_INTERVAL_MS,
  siteCoverage,
  type SiteDevice,
} from './coverage';

describe('lqiLevel', () => {
  it('is good from 140, average from 90, bad below', () => {
    expect(lqiLevel(LQI_GOOD_MIN)).toBe('good');
    expect(lqiLevel(LQI_GOOD_MIN - 1)).toBe('average');
    expect(lqiLevel(LQI_AVERAGE_MIN)).toBe('average');
    expect(lqiLevel(LQI_AVERAGE_MIN - 1)).toBe('bad');
    expect(lqiLevel(255)).toBe('good');
    expect(lqiLevel(0)).toBe('bad');
  });
});

const all = (count: number, lqi: number) => lqiCountsOf(Array.from({ length: count }, () => lqi));

describe('lqiLevelOfCounts', () => {
  it('is the level of more than half the messages, and null without any LQI', () => {
    expect(lqiLevelOfCounts({ count: 0, belowGood: 0, belowAverage: 0 })).toBeNull();
    expect(lqiLevelOfCounts(lqiCountsOf([200, 200, 60]))).toBe('good');
    expect(lqiLevelOfCounts(lqiCountsOf([200, 60, 60]))).toBe('bad');
    expect(lqiLevelOfCounts(lqiCountsOf([200, 100, 60]))).toBe('average');
    // An even split is not "more than half": the better level stands.
    expect(lqiLevelOfCounts(lqiCountsOf([200, 60]))).toBe('good');
    expect(lqiLevelOfCounts(lqiCountsOf([null, 60]))).toBe('bad');
  });

  it('agrees with the level of the median message for odd counts (property, 1,000 seeded lists)', () => {
    const random = seededRandom(3);
    for (let n = 0; n < 1000; n += 1) {
      const lqis = Array.from({ length: 1 + 2 * Math.floor(random() * 10) }, () => Math.floor(random() * 256));
      const median = [...lqis].sort((a, b) => a - b)[(lqis.length - 1) / 2] as number;
      expect(lqiLevelOfCounts(lqiCountsOf(lqis))).toBe(lqiLevel(median));
    }
  });
});

describe('coverageLevel', () => {
  const none = { count: 0, belowGood: 0, belowAverage: 0 };

  it('is not_heard without any message', () => {
    expect(coverageLevel({ received: 0, expected: 0, lqi: none, silentMs: 0 })).toBe('not_heard');
  });

  it('is good with a strong signal and every message delivered', () => {
    expect(coverageLevel({ received: 96, expected: 96, lqi: all(96, 180), silentMs: 5 * 60_000 })).toBe('good');
  });

  it('takes the worse of signal and delivery', () => {
    // 5 of 96 missed is 5.2 %: average delivery; the signal is good.
    expect(coverageLevel({ received: 91, expected: 96, lqi: all(91, 200), silentMs: 0 })).toBe('average');
    // Every message arrived but the signal is at its edge.
    expect(coverageLevel({ received: 96, expected: 96, lqi: all(96, 60), silentMs: 0 })).toBe('bad');
    // 20 % missed is bad even with an average signal.
    expect(coverageLevel({ received: 80, expected: 100, lqi: all(80, 100), silentMs: 0 })).toBe('bad');
  });

  it('counts the reports due since the last message, after one interval of grace', () => {
    const heard = { received: 4, expected: 4, lqi: all(4, 200) };
    expect(coverageLevel({ ...heard, silentMs: REPORTING_INTERVAL_MS * 1.9 })).toBe('good');
    // Quiet for the rest of a day after four messages: 90 of 94 due reports missing.
    expect(coverageLevel({ ...heard, silentMs: 23 * 3_600_000 })).toBe('bad');
  });

  it('judges a device without LQI by delivery alone', () => {
    expect(coverageLevel({ received: 100, expected: 100, lqi: none, silentMs: 0 })).toBe('good');
    expect(coverageLevel({ received: 50, expected: 100, lqi: none, silentMs: 0 })).toBe('bad');
  });

  it('is never better than its signal alone, nor than its delivery alone (property, 2,000 seeded cases)', () => {
    const rank = { good: 0, average: 1, bad: 2, not_heard: 3 };
    const random = seededRandom(7);
    for (let n = 0; n < 2000; n += 1) {
      const received = 1 + Math.floor(random() * 1000);
      const expected = received + Math.floor(random() * 1000);
      const lqi = Math.floor(random() * 256);
      const level = coverageLevel({ received, expected, lqi: all(received, lqi), silentMs: 0 });
      expect(rank[level]).toBeGreaterThanOrEqual(rank[lqiLevel(lqi)]);
      expect(rank[level]).toBeGreaterThanOrEqual(rank[coverageLevel({ received, expected, lqi: none, silentMs: 0 })]);
    }
  });
});

describe('siteCoverage', () => {
  const site = { latitude: 53, longitude: -8 };
  // About 0.111 km per 0.001° of latitude.
  const at = (northKm: number, level: SiteDevice['level']): SiteDevice => ({ latitude: 53 + northKm / 111.2, longitude: -8, level });

  it('is unknown with no device within the radius', () => {
    const result = siteCoverage(site, [at(5, 'good')], 2);
    expect(result.verdict).toBe('unknown');
    expect(result.nearby).toEqual([]);
  });

  it('lists the devices within the radius, nearest first, with their distance', () => {
    const result = siteCoverage(site, [at(1.5, 'good'), null, at(0.5, 'bad'), at(3, 'good')], 2);
    expect(result.nearby.map((n) => n.index)).toEqual([2, 0]);
    expect(result.nearby[0]?.distanceKm).toBeCloseTo(0.5, 1);
  });

  it('takes the median level of the nearest heard devices, the worse one when they split evenly', () => {
    expect(siteCoverage(site, [at(0.1, 'good'), at(0.2, 'bad'), at(0.3, 'good')], 2).verdict).toBe('good');
    expect(siteCoverage(site, [at(0.1, 'good'), at(0.2, 'bad')], 2).verdict).toBe('bad');
    expect(siteCoverage(site, [at(0.1, 'good'), at(0.2, 'average'), at(0.3, 'bad')], 2).verdict).toBe('average');
  });

  it('lets only the five nearest heard devices vote, and not the silent ones', () => {
    const devices = [
      at(0.1, 'not_heard'),
      at(0.2, 'good'),
      at(0.3, 'good'),
      at(0.4, 'good'),
      at(0.5, 'bad'),
      at(0.6, 'bad'),
      at(0.7, 'bad'),
      at(0.8, 'bad'),
    ];
    // Voters: 3 good and 2 bad (the sixth and seventh bad are further than the five nearest heard).
    const result = siteCoverage(site, devices, 2);
    expect(result.verdict).toBe('good');
    expect(result.nearby).toHaveLength(8);
  });

  it('is unknown when only silent devices stand near', () => {
    expect(siteCoverage(site, [at(0.1, 'not_heard')], 2).verdict).toBe('unknown');
  });
});
