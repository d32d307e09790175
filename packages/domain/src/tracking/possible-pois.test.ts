import { describe, expect, it } from 'vitest';
import { confidenceOf, possiblePoisOf, STOP_MIN_MINUTES, stopsOf, type Stop, type TrackFix } from './possible-pois';
import { STILL_RADIUS_M } from './positions';

const MINUTE_MS = 60_000;
const fix = (minute: number, latitude: number, longitude: number, inPoi = false): TrackFix => ({
  atMs: minute * MINUTE_MS,
  latitude,
  longitude,
  inPoi,
});
const metresNorth = (m: number) => m / 111_320;

describe('stopsOf', () => {
  it('finds a stay within the still radius lasting the minimum time, centred on its fixes', () => {
    const fixes = [fix(0, 53, -6), fix(10, 53 + metresNorth(40), -6), fix(STOP_MIN_MINUTES, 53 + metresNorth(20), -6), fix(50, 53.1, -6)];
    const [stop, ...others] = stopsOf('VAN-1', fixes);
    expect(others).toEqual([]);
    expect(stop).toMatchObject({ deviceId: 'VAN-1', startMs: 0, endMs: STOP_MIN_MINUTES * MINUTE_MS, longitude: -6 });
    expect(stop!.latitude).toBeCloseTo(53 + metresNorth(20), 9);
  });

  it('ignores short halts, moves beyond the still radius and time in POIs', () => {
    expect(stopsOf('V', [fix(0, 53, -6), fix(STOP_MIN_MINUTES - 1, 53, -6)])).toEqual([]);
    expect(stopsOf('V', [fix(0, 53, -6), fix(40, 53 + metresNorth(STILL_RADIUS_M + 30), -6)])).toEqual([]);
    expect(stopsOf('V', [fix(0, 53, -6, true), fix(40, 53, -6, true)])).toEqual([]);
    // A fix in a POI splits what would otherwise be one stop into two short ones.
    expect(stopsOf('V', [fix(0, 53, -6), fix(20, 53, -6, true), fix(40, 53, -6)])).toEqual([]);
  });
});

describe('possiblePoisOf', () => {
  const stop = (deviceId: string, day: number, latitude: number, longitude: number): Stop => ({
    deviceId,
    startMs: day * 86_400_000,
    endMs: day * 86_400_000 + 3_600_000,
    latitude,
    longitude,
  });

  it('clusters repeated stops into one possible POI with its visits, devices and span', () => {
    const stops = [
      stop('A', 1, 53.2, -6.1),
      stop('B', 2, 53.2 + metresNorth(60), -6.1),
      stop('A', 3, 53.2 + metresNorth(120), -6.1), // chained: within reach of the second, not of the first
      stop('C', 4, 53.2 + metresNorth(30), -6.1),
      stop('A', 5, 54, -7), // a single stop elsewhere is no POI
      stop('A', 6, 54.5, -7),
      stop('B', 7, 54.5, -7),
    ];
    const [site, ...rest] = possiblePoisOf(stops);
    expect(rest).toEqual([]);
    expect(site).toMatchObject({ id: `A@${86_400_000}`, visitCount: 4, deviceCount: 3, firstSeenMs: 86_400_000 });
    expect(site!.lastSeenMs).toBe(4 * 86_400_000 + 3_600_000);
    expect(site!.latitude).toBeCloseTo(53.2 + metresNorth(52.5), 9);
    expect(site!.radiusM).toBeGreaterThanOrEqual(67 + STILL_RADIUS_M / 2 - 1);
    expect(site!.confidence).toBeCloseTo(confidenceOf(4, 3), 12);
  });

  it('orders by confidence: more devices and more visits are more convincing', () => {
    const many = [0, 1, 2, 3, 4, 5].map((d) => stop(`D${d}`, d, 52, -8));
    const one = [0, 1, 2].map((d) => stop('SOLO', d, 52.5, -8));
    const found = possiblePoisOf([...one, ...many]);
    expect(found.map((p) => p.deviceCount)).toEqual([6, 1]);
    expect(found[0]!.confidence).toBeGreaterThan(found[1]!.confidence);
  });
});

describe('confidenceOf', () => {
  it('lies in 0..1 and grows with visits and with devices', () => {
    expect(confidenceOf(0, 0)).toBe(0);
    expect(confidenceOf(3, 1)).toBeCloseTo((1 - Math.exp(-0.75)) * 0.5, 12);
    expect(confidenceOf(4, 1)).toBeGreaterThan(confidenceOf(3, 1));
    expect(confidenceOf(4, 3)).toBeGreaterThan(confidenceOf(4, 1));
    expect(confidenceOf(1_000, 1_000)).toBeLessThanOrEqual(1);
    expect(confidenceOf(1_000, 1_000)).toBeGreaterThan(0.99);
  });
});
