import { describe, expect, it } from 'vitest';
import { canonicalFixes, dwellMsOf, journeysOf, recomputeFromMs, visitsOf, type PlacedFix } from './visits';

const H = 3_600_000;
let seq = 0;
const fix = (hour: number, locationId: string | null): PlacedFix => ({ seq: ++seq, atMs: hour * H, locationId });

describe('visitsOf', () => {
  it('makes a visit of each run of fixes in one POI, ending at the first fix outside or in another POI', () => {
    const visits = visitsOf([fix(0, 'A'), fix(1, 'A'), fix(2, null), fix(3, 'B'), fix(4, 'C'), fix(6, 'C')]);
    expect(visits).toEqual([
      { locationId: 'A', arrivalMs: 0, departureMs: 2 * H, lastSeenMs: H, fixCount: 2 },
      { locationId: 'B', arrivalMs: 3 * H, departureMs: 4 * H, lastSeenMs: 3 * H, fixCount: 1 },
      { locationId: 'C', arrivalMs: 4 * H, departureMs: null, lastSeenMs: 6 * H, fixCount: 2 },
    ]);
    expect(visits.map(dwellMsOf)).toEqual([2 * H, H, 2 * H]);
  });

  it('keeps a visit open through a long silence, and makes no visit of fixes outside every POI', () => {
    expect(visitsOf([fix(0, 'A'), fix(200, 'A')])).toEqual([
      { locationId: 'A', arrivalMs: 0, departureMs: null, lastSeenMs: 200 * H, fixCount: 2 },
    ]);
    expect(visitsOf([fix(0, null), fix(1, null)])).toEqual([]);
    expect(visitsOf([])).toEqual([]);
  });

  it('counts a repeated message once and, of two fixes at one instant, the later message', () => {
    const first = { seq: 10, atMs: H, locationId: 'A' };
    const later = { seq: 11, atMs: H, locationId: 'B' };
    expect(canonicalFixes([later, first, first])).toEqual([later]);
    expect(visitsOf([first, later, first])).toEqual([{ locationId: 'B', arrivalMs: H, departureMs: null, lastSeenMs: H, fixCount: 1 }]);
  });
});

describe('journeysOf', () => {
  it('joins consecutive visits at two places, from the departure to the arrival', () => {
    const visits = visitsOf([fix(0, 'A'), fix(1, null), fix(3, 'B'), fix(5, null), fix(6, 'A'), fix(7, null), fix(8, 'A')]);
    expect(journeysOf(visits)).toEqual([
      { originId: 'A', destinationId: 'B', departureMs: H, arrivalMs: 3 * H, durationMs: 2 * H },
      { originId: 'B', destinationId: 'A', departureMs: 5 * H, arrivalMs: 6 * H, durationMs: H },
    ]);
  });

  it('gives a jump from one POI straight into another a duration of 0', () => {
    expect(journeysOf(visitsOf([fix(0, 'A'), fix(2, 'B')]))).toEqual([
      { originId: 'A', destinationId: 'B', departureMs: 2 * H, arrivalMs: 2 * H, durationMs: 0 },
    ]);
  });
});

describe('recomputeFromMs', () => {
  it('starts at the latest stored arrival strictly before the earliest fresh fix, or at nothing', () => {
    expect(recomputeFromMs([0, 5 * H, 9 * H], 7 * H)).toBe(5 * H);
    expect(recomputeFromMs([0, 5 * H, 9 * H], 5 * H)).toBe(0);
    expect(recomputeFromMs([0, 5 * H], 0)).toBeNull();
    expect(recomputeFromMs([], 3 * H)).toBeNull();
  });
});
