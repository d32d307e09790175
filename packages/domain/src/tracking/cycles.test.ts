import { describe, expect, it } from 'vitest';
import { cycleMsOf, cyclesOf } from './cycles';
import { visitsOf, type PlacedFix } from './visits';
import { medianOf, recentWeekIds, weekIdOf, weekIdOfDay, weekStartOfId } from './weeks';

const H = 3_600_000;
const fixes = (...places: (string | null)[]): PlacedFix[] => places.map((locationId, i) => ({ seq: i + 1, atMs: i * H, locationId }));
const depots = (id: string) => id.startsWith('DEPOT');

describe('cyclesOf', () => {
  it('runs a cycle from leaving a depot until back at one, with the sites on the way', () => {
    const { cycles, state } = cyclesOf(visitsOf(fixes('DEPOT-1', null, 'SITE', 'SITE', null, 'DEPOT-2', 'DEPOT-2')), depots);
    expect(cycles).toEqual([
      { startLocationId: 'DEPOT-1', departureMs: H, returnMs: 5 * H, returnLocationId: 'DEPOT-2', sitesVisited: ['SITE'] },
    ]);
    expect(cycleMsOf(cycles[0]!, 100 * H, false)).toBe(4 * H);
    expect(state).toEqual({ phase: 'at_start', sinceMs: 5 * H, locationId: 'DEPOT-2' });
  });

  it('with a named start location, only coming back there closes the cycle', () => {
    const { cycles } = cyclesOf(visitsOf(fixes('DEPOT-1', 'SITE', 'DEPOT-2', 'DEPOT-1')), (id) => id === 'DEPOT-1');
    expect(cycles.map((c) => [c.departureMs, c.returnMs, c.sitesVisited])).toEqual([[H, 3 * H, ['SITE', 'DEPOT-2']]]);
  });

  it('tells where an asset is in its cycle: outbound, at a site, returning, unknown', () => {
    expect(cyclesOf(visitsOf(fixes('DEPOT', null)), depots).state).toEqual({ phase: 'outbound', sinceMs: H, locationId: null });
    expect(cyclesOf(visitsOf(fixes('DEPOT', null, 'SITE')), depots).state).toEqual({
      phase: 'at_site',
      sinceMs: 2 * H,
      locationId: 'SITE',
    });
    expect(cyclesOf(visitsOf(fixes('DEPOT', 'SITE', null)), depots).state).toEqual({
      phase: 'returning',
      sinceMs: 2 * H,
      locationId: null,
    });
    expect(cyclesOf(visitsOf(fixes('SITE', null)), depots).state.phase).toBe('unknown');
    expect(cyclesOf([], depots).state.phase).toBe('unknown');
  });

  it('counts a cycle in progress to now only when mid-cycle ones are included', () => {
    const { cycles } = cyclesOf(visitsOf(fixes('DEPOT', 'SITE')), depots);
    expect(cycles).toHaveLength(1);
    expect(cycleMsOf(cycles[0]!, 10 * H, false)).toBeNull();
    expect(cycleMsOf(cycles[0]!, 10 * H, true)).toBe(9 * H);
  });
});

describe('weeks', () => {
  it('names a week by its Monday in UTC', () => {
    expect(weekIdOf(Date.UTC(2026, 10, 24, 18))).toBe('2026-11-23'); // a Tuesday
    expect(weekIdOf(Date.UTC(2026, 10, 29, 23, 59))).toBe('2026-11-23'); // the Sunday after
    expect(weekIdOf(Date.UTC(2026, 10, 30))).toBe('2026-11-30');
    expect(weekStartOfId('2026-11-23')).toBe(Date.UTC(2026, 10, 23));
    expect(weekStartOfId('2026-11-24')).toBeNull();
    expect(weekStartOfId('2026-02-30')).toBeNull();
    expect(weekIdOfDay('2026-11-29')).toBe('2026-11-23');
    expect(weekIdOfDay('2026-11-31')).toBeNull();
    expect(weekIdOfDay('29/11/2026')).toBeNull();
    expect(weekIdOfDay('0001-01-01')).toBeNull();
    expect(weekIdOfDay('9999-12-31')).toBeNull();
    expect(recentWeekIds(Date.UTC(2026, 10, 24), 3)).toEqual(['2026-11-09', '2026-11-16', '2026-11-23']);
  });

  it('takes the median of odd and even counts', () => {
    expect(medianOf([])).toBeNull();
    expect(medianOf([5, 1, 3])).toBe(3);
    expect(medianOf([4, 1, 3, 2])).toBe(2.5);
  });
});
