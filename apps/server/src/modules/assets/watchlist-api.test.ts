import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ApiError } from '@gridlens/contract/errors';
import { assetsApi } from '@gridlens/contract/assets';
import type { Database } from '../../db/database';
import { inject } from '../../../test/support/inject';
import { registerDevice } from '../../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';

const { watch, unwatch } = assetsApi;

for (const backend of TEST_DATABASES) {
  describe(`device watchlist API [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let u1: string;
    let u2: string;
    let gridwest: string;

    const watchlist = async (token: string, tenant = 'netzero') => {
      const answer = await inject(app, assetsApi.watchlist, { headers: authHeaders(token, tenant) });
      expect(answer.statusCode).toBe(200);
      return answer.json().map((w) => w.device_id);
    };
    const change = <E extends typeof watch | typeof unwatch>(
      endpoint: E,
      token: string,
      body: Record<string, unknown>,
      tenant = 'netzero',
    ) => inject(app, endpoint, { headers: authHeaders(token, tenant), body });
    const watchlistedFlags = async (token: string) => {
      const answer = await inject(app, assetsApi.list, { headers: authHeaders(token, 'netzero') });
      expect(answer.statusCode).toBe(200);
      const { columns } = answer.json();
      return Object.fromEntries(columns.device_id.map((id, i) => [id, columns.watchlisted[i]]));
    };

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      u1 = await created.issuer.token({ sub: 'u1', tenant: 'netzero' });
      u2 = await created.issuer.token({ sub: 'u2', tenant: 'netzero' });
      gridwest = await created.issuer.token({ sub: 'g1', tenant: 'gridwest' });
      for (const id of ['W-1', 'W-2', 'W-3']) await registerDevice(app, u1, 'netzero', { device_id: id });
      await registerDevice(app, gridwest, 'gridwest', { device_id: 'GW-1' });
    });
    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    it('adds, lists and removes per user', async () => {
      const added = await change(watch, u1, { device_id: 'W-1' });
      expect(added.statusCode).toBe(201);
      expect(added.json().map((w) => w.device_id)).toEqual(['W-1']);
      expect((await change(watch, u1, { device_id: 'W-2' })).statusCode).toBe(201);
      // Adding again is harmless and does not duplicate the entry.
      expect((await change(watch, u1, { device_id: 'W-1' })).statusCode).toBe(201);
      expect(await watchlist(u1)).toEqual(['W-1', 'W-2']);
      expect(await watchlist(u2)).toEqual([]);

      expect((await change(watch, u2, { device_id: 'W-3' })).statusCode).toBe(201);
      expect(await watchlist(u2)).toEqual(['W-3']);
      expect(await watchlist(u1)).toEqual(['W-1', 'W-2']);

      const removed = await change(unwatch, u1, { device_id: 'W-1' });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().map((w) => w.device_id)).toEqual(['W-2']);
      expect(await watchlist(u1)).toEqual(['W-2']);
      expect(await watchlist(u2)).toEqual(['W-3']);
    });

    it("sets the list's watchlisted flag for the caller only", async () => {
      expect(await watchlistedFlags(u1)).toMatchObject({ 'W-1': false, 'W-2': true, 'W-3': false });
      expect(await watchlistedFlags(u2)).toMatchObject({ 'W-1': false, 'W-2': false, 'W-3': true });
    });

    it('answers 404 removing a device that is not on the watchlist', async () => {
      const answer = await change(unwatch, u1, { device_id: 'W-3' }); // on u2's list, not on u1's
      expect(answer.statusCode).toBe(404);
      expect(await watchlist(u2)).toEqual(['W-3']);
      expect((await change(unwatch, u1, { device_id: 'NOT-A-DEVICE' })).statusCode).toBe(404);
    });

    it("answers 404 adding another tenant's device or an unknown one", async () => {
      const foreign = await change(watch, u1, { device_id: 'GW-1' });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ error: 'not_found' });
      expect((await change(watch, u1, { device_id: 'NOT-A-DEVICE' })).statusCode).toBe(404);
      expect(await watchlist(u1)).toEqual(['W-2']);
      // Nor can tenant B put tenant A's device on its own list.
      expect((await change(watch, gridwest, { device_id: 'W-1' }, 'gridwest')).statusCode).toBe(404);
      expect(await watchlist(gridwest, 'gridwest')).toEqual([]);
    });

    it.each([
      { name: 'without device_id', payload: {}, field: 'device_id' },
      { name: 'with an empty device_id', payload: { device_id: '' }, field: 'device_id' },
      { name: 'with an unknown property', payload: { device_id: 'W-1', note: 'x' }, field: 'note' },
    ])('answers 400 to POST $name naming $field', async ({ payload, field }) => {
      const answer = await change(watch, u1, payload);
      expect(answer.statusCode).toBe(400);
      expect(answer.json<ApiError>().details?.map((d) => d.field)).toEqual([field]);
      expect(await watchlist(u1)).toEqual(['W-2']);
    });

    it('answers 400 to DELETE without device_id', async () => {
      const answer = await change(unwatch, u1, {});
      expect(answer.statusCode).toBe(400);
      expect(answer.json<ApiError>().details?.map((d) => d.field)).toEqual(['device_id']);
    });
  });
}
