import { describe, expect, it } from 'vitest';
import { locationAt, nextStillness, STILL_RADIUS_M, type PointOfInterest } from './positions';

// About 111 m per 0.001° of latitude.
const depot: PointOfInterest = { id: 'depot', type: 'Friendly', latitude: 53.35, longitude: -6.26, radiusM: 200 };
const yard: PointOfInterest = { id: 'yard', type: 'Non-Friendly', latitude: 53.3525, longitude: -6.26, radiusM: 300 };

describe('locationAt', () => {
  it('finds the POI whose circle holds the point', () => {
    expect(locationAt({ latitude: 53.3505, longitude: -6.26 }, [depot, yard])?.id).toBe('depot');
    expect(locationAt({ latitude: 53.36, longitude: -6.26 }, [depot, yard])).toBeNull();
  });

  it('picks the smaller circle where circles overlap, then the nearer centre', () => {
    // 0.0015° north of the depot (167 m) is inside both circles, nearer the yard's centre (111 m): the depot is smaller.
    expect(locationAt({ latitude: 53.3515, longitude: -6.26 }, [depot, yard])?.id).toBe('depot');
    const twin = { ...depot, id: 'twin', latitude: 53.3525 };
    expect(locationAt({ latitude: 53.3515, longitude: -6.26 }, [depot, twin])?.id).toBe('twin');
  });
});

describe('nextStillness', () => {
  const parked = nextStillness(null, { latitude: 53.4, longitude: -6.3 }, null, 1_000);

  it('starts at the first position', () => {
    expect(parked).toEqual({ sinceMs: 1_000, locationId: null, anchor: { latitude: 53.4, longitude: -6.3 } });
  });

  it('keeps its start while the device wanders within the still radius outside POIs', () => {
    const within = (STILL_RADIUS_M - 50) / 111_000;
    expect(nextStillness(parked, { latitude: 53.4 + within, longitude: -6.3 }, null, 5_000).sinceMs).toBe(1_000);
    const beyond = (STILL_RADIUS_M + 50) / 111_000;
    expect(nextStillness(parked, { latitude: 53.4 + beyond, longitude: -6.3 }, null, 5_000).sinceMs).toBe(5_000);
  });

  it('keeps its start anywhere inside the same POI and restarts on entering another', () => {
    const inDepot = nextStillness(parked, depot, 'depot', 2_000);
    expect(inDepot.sinceMs).toBe(2_000);
    expect(nextStillness(inDepot, { latitude: 53.3515, longitude: -6.26 }, 'depot', 9_000).sinceMs).toBe(2_000);
    expect(nextStillness(inDepot, yard, 'yard', 9_000).sinceMs).toBe(9_000);
  });
});
