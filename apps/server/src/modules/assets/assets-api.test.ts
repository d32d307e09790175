import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ApiError } from '@gridlens/contract/errors';
import { ingestApi } from '@gridlens/contract/ingest';
import { assetListRows, assetsApi as api } from '@gridlens/contract/assets';
import type { Database } from '../../db/database';
import { inject, routeName } from '../../../test/support/inject';
import { earlierToday, ingest, reading, registerDevice, registerDeviceWithKey } from '../../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';

for (const backend of TEST_DATABASES) {
  describe(`power-device registry API [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let netzero: string;
    let gridwest: string;
    let installer: string;

    const list = async (token: string, tenant: string) => {
      const answer = await inject(app, api.list, { query: { num_days: 1 }, headers: authHeaders(token, tenant) });
      expect(answer.statusCode).toBe(200);
      return assetListRows(answer.json());
    };
    const put = (token: string, tenant: string, deviceId: string, body: Record<string, unknown>) =>
      inject(app, api.update, { params: { DeviceID: deviceId }, headers: authHeaders(token, tenant), body });

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      netzero = await created.issuer.token({ sub: 'u1', tenant: 'netzero' });
      gridwest = await created.issuer.token({ sub: 'g1', tenant: 'gridwest' });
      installer = await created.issuer.token({ sub: 'i1', tenant: 'netzero', roles: ['Installer'] });
    });
    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    describe(routeName(api.register), () => {
      it('gzips the list for a client that asks, and sends it plain to one that does not', async () => {
        await registerDevice(app, netzero, 'netzero', { device_id: 'GZ-1', transformer_name: 'Compressed', rating_kva: 400 });
        const query = { num_days: 1 };
        const plain = await inject(app, api.list, { query, headers: authHeaders(netzero, 'netzero') });
        const zipped = await inject(app, api.list, { query, headers: { ...authHeaders(netzero, 'netzero'), 'accept-encoding': 'gzip' } });
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(zipped.headers['content-encoding']).toBe('gzip');
        expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
        // The same list; the window ends at each answer's own now.
        const sameNow = (list: { window: { to: string } }) => ({ ...list, window: { ...list.window, to: 'now' } });
        expect(sameNow(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8')) as { window: { to: string } })).toEqual(
          sameNow(plain.json()),
        );
      });

      it('registers a device (201) and answers 409 for the same id again', async () => {
        const payload = {
          device_id: 'REG-1',
          transformer_name: 'Main St',
          rating_kva: 400,
          device_type: 'Ground Mount',
          connection_type: 'Public Sim',
        };
        const first = await inject(app, api.register, { headers: authHeaders(netzero, 'netzero'), body: payload });
        expect(first.statusCode).toBe(201);
        expect(first.json()).toMatchObject({ ...payload, device_status: 'Registered', monitor_type: 'PowerCoil', connected_mprns: 0 });
        const second = await inject(app, api.register, {
          headers: authHeaders(netzero, 'netzero'),
          body: { ...payload, transformer_name: 'Other' },
        });
        expect(second.statusCode).toBe(409);
        expect(second.json<ApiError>().error).toBe('conflict');
        const rows = await db.query<{ transformer_name: string }>("SELECT transformer_name FROM power_devices WHERE device_id = 'REG-1'");
        expect(rows).toEqual([{ transformer_name: 'Main St' }]);
      });

      it('lets another tenant register the same device id as its own, leaving the first untouched', async () => {
        await registerDevice(app, netzero, 'netzero', { device_id: 'REG-SHARED', transformer_name: 'NetZero unit' });
        await registerDevice(app, gridwest, 'gridwest', { device_id: 'REG-SHARED', transformer_name: 'GridWest unit' });
        expect((await list(netzero, 'netzero')).find((d) => d.device_id === 'REG-SHARED')?.transformer_name).toBe('NetZero unit');
        expect((await list(gridwest, 'gridwest')).find((d) => d.device_id === 'REG-SHARED')?.transformer_name).toBe('GridWest unit');
      });

      it('answers 400 naming a missing required field', async () => {
        const answer = await inject(app, api.register, {
          headers: authHeaders(netzero, 'netzero'),
          body: { device_id: 'REG-2', rating_kva: 100 },
        });
        expect(answer.statusCode).toBe(400);
        expect(answer.json<ApiError>().details?.map((d) => d.field)).toEqual(['transformer_name']);
        expect(await db.query("SELECT 1 FROM power_devices WHERE device_id = 'REG-2'")).toHaveLength(0);
      });
    });

    describe(routeName(api.update), () => {
      beforeAll(async () => {
        await registerDevice(app, netzero, 'netzero', { device_id: 'EDIT-1', transformer_name: 'Before', rating_kva: 100 });
      });

      it('edits a device and the list shows the change', async () => {
        const answer = await put(netzero, 'netzero', 'EDIT-1', {
          transformer_name: 'After',
          rating_kva: 250,
          device_type: 'Pole Mount',
          installation_date: '2024-05-06',
          commuter_area: true,
        });
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toMatchObject({
          device_id: 'EDIT-1',
          transformer_name: 'After',
          rating_kva: 250,
          installation_date: '2024-05-06',
        });
        const listed = (await list(netzero, 'netzero')).find((d) => d.device_id === 'EDIT-1');
        expect(listed).toMatchObject({
          transformer_name: 'After',
          rating_kva: 250,
          device_type: 'Pole Mount',
          installation_date: '2024-05-06',
          commuter_area: true,
        });
      });

      it.each([
        { name: "transformer_name ''", body: { transformer_name: '' }, field: 'transformer_name', message: 'This field is required' },
        {
          name: 'transformer_name of spaces',
          body: { transformer_name: '   ' },
          field: 'transformer_name',
          message: 'This field is required',
        },
        {
          name: 'transformer_name of 50 characters',
          body: { transformer_name: 'x'.repeat(50) },
          field: 'transformer_name',
          message: 'Must be less than 50 characters',
        },
        { name: 'rating_kva 0', body: { rating_kva: 0 }, field: 'rating_kva', message: 'Value should be greater than 0' },
        { name: 'rating_kva -5', body: { rating_kva: -5 }, field: 'rating_kva', message: 'Value should be greater than 0' },
        // 0 MPRNs is a valid count, so the bound reads "at least"; 100 000 kVA is a valid rating, so "at most".
        { name: 'connected_mprns -1', body: { connected_mprns: -1 }, field: 'connected_mprns', message: 'Value should be at least 0' },
        { name: 'rating_kva 100001', body: { rating_kva: 100_001 }, field: 'rating_kva', message: 'Value should be at most 100000' },
        { name: 'latitude 91', body: { latitude: 91 }, field: 'latitude', message: 'Value should be at most 90' },
        { name: "device_type 'Tower'", body: { device_type: 'Tower' }, field: 'device_type', message: undefined },
        { name: "cooling 'OFAF'", body: { cooling: 'OFAF' }, field: 'cooling', message: undefined },
        { name: "cooling 'onaf' (the modes are upper case)", body: { cooling: 'onaf' }, field: 'cooling', message: undefined },
        { name: 'an unknown property', body: { colour: 'green' }, field: 'colour', message: "Unknown property 'colour'" },
      ])('answers 400 for $name naming $field and changes nothing', async ({ body, field, message }) => {
        const before = await db.query("SELECT * FROM power_devices WHERE tenant_id = 'netzero' AND device_id = 'EDIT-1'");
        // A valid change rides along: the rejected PUT must not apply it either.
        const answer = await put(netzero, 'netzero', 'EDIT-1', { asset_id: 'SHOULD-NOT-STICK', ...body });
        expect(answer.statusCode).toBe(400);
        const error = answer.json<ApiError>();
        expect(error.error).toBe('validation_error');
        expect(error.details?.map((d) => d.field)).toEqual([field]);
        if (message !== undefined) expect(error.details?.[0]?.message).toBe(message);
        expect(error.message).toContain(field);
        const after = await db.query("SELECT * FROM power_devices WHERE tenant_id = 'netzero' AND device_id = 'EDIT-1'");
        expect(after).toEqual(before);
      });

      it("keeps a transformer's cooling mode: not recorded at first, then ONAF, listed, and cleared again", async () => {
        await registerDevice(app, netzero, 'netzero', { device_id: 'COOL-1', transformer_name: 'Fans', rating_kva: 1000 });
        const registered = await inject(app, api.register, {
          headers: authHeaders(netzero, 'netzero'),
          body: { device_id: 'COOL-2', transformer_name: 'Fans too', rating_kva: 1000, cooling: 'ONAF' },
        });
        expect(registered.statusCode, registered.body).toBe(201);
        expect(registered.json()).toMatchObject({ device_id: 'COOL-2', cooling: 'ONAF' });
        expect((await list(netzero, 'netzero')).find((d) => d.device_id === 'COOL-1')).toMatchObject({ cooling: null });
        const set = await put(netzero, 'netzero', 'COOL-1', { cooling: 'ONAF' });
        expect(set.statusCode, set.body).toBe(200);
        expect(set.json()).toMatchObject({ device_id: 'COOL-1', cooling: 'ONAF', rating_kva: 1000 });
        expect((await list(netzero, 'netzero')).find((d) => d.device_id === 'COOL-1')).toMatchObject({ cooling: 'ONAF' });
        const cleared = await put(netzero, 'netzero', 'COOL-1', { cooling: null });
        expect(cleared.statusCode, cleared.body).toBe(200);
        expect(cleared.json()).toMatchObject({ cooling: null });
        const rejected = await inject(app, api.register, {
          headers: authHeaders(netzero, 'netzero'),
          body: { device_id: 'COOL-3', transformer_name: 'Unknown', rating_kva: 100, cooling: 'ODAF' },
        });
        expect(rejected.statusCode).toBe(400);
        expect(rejected.json<ApiError>().details?.map((d) => d.field)).toEqual(['cooling']);
        expect(await db.query("SELECT 1 FROM power_devices WHERE device_id = 'COOL-3'")).toEqual([]);
      });

      it('accepts a transformer_name of 49 characters', async () => {
        const answer = await put(netzero, 'netzero', 'EDIT-1', { transformer_name: 'y'.repeat(49) });
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toMatchObject({ transformer_name: 'y'.repeat(49) });
      });

      it("answers 404 for another tenant's device id and leaves it unchanged", async () => {
        await registerDevice(app, netzero, 'netzero', { device_id: 'NZ-PRIVATE', transformer_name: 'Private' });
        const answer = await put(gridwest, 'gridwest', 'NZ-PRIVATE', { transformer_name: 'Hijacked' });
        expect(answer.statusCode).toBe(404);
        expect(answer.json<ApiError>().error).toBe('not_found');
        // An empty body only reads the device: it must not reveal another tenant's device either.
        expect((await put(gridwest, 'gridwest', 'NZ-PRIVATE', {})).statusCode).toBe(404);
        const rows = await db.query<{ transformer_name: string }>(
          "SELECT transformer_name FROM power_devices WHERE device_id = 'NZ-PRIVATE'",
        );
        expect(rows).toEqual([{ transformer_name: 'Private' }]);
      });

      it('answers 404 for a device id that is not registered', async () => {
        expect((await put(netzero, 'netzero', 'NO-SUCH-DEVICE', { transformer_name: 'X' })).statusCode).toBe(404);
      });
    });

    describe(routeName(api.item), () => {
      const one = (token: string, tenant: string, deviceId: string, numDays = 1) =>
        inject(app, api.item, { params: { DeviceID: deviceId }, query: { num_days: numDays }, headers: authHeaders(token, tenant) });

      it('answers one device exactly as the list shows it, figures included', async () => {
        const key = await registerDeviceWithKey(app, netzero, 'netzero', {
          device_id: 'ONE-1',
          transformer_name: 'Single',
          rating_kva: 50,
        });
        const now = Date.now();
        const stored = await ingest(app, key, [
          // Both today: one day (num_days 1) is today since midnight.
          reading('ONE-1', 1, earlierToday(now, 0.25), { current_max_a: [200, 90, 80] }),
          reading('ONE-1', 3, earlierToday(now, 0.75)),
        ]);
        expect(stored.statusCode).toBe(200);
        const answer = await one(netzero, 'netzero', 'ONE-1');
        expect(answer.statusCode).toBe(200);
        const item = answer.json();
        expect(item).toMatchObject({
          device_id: 'ONE-1',
          transformer_name: 'Single',
          Current0Max: 200,
          message_count: 2,
          missed_messages: 1,
        });
        expect(item.HasCapacityOverLimit).toBe(true); // 200 A on one phase of a 50 kVA transformer
        expect((await list(netzero, 'netzero')).find((d) => d.device_id === 'ONE-1')).toEqual(item);
      });

      it("answers 404 for another tenant's device and for an unknown id", async () => {
        await registerDevice(app, gridwest, 'gridwest', { device_id: 'ONE-GW' });
        expect((await one(netzero, 'netzero', 'ONE-GW')).statusCode).toBe(404);
        expect((await one(netzero, 'netzero', 'NO-SUCH-DEVICE')).statusCode).toBe(404);
        expect((await one(gridwest, 'gridwest', 'ONE-GW')).statusCode).toBe(200);
      });

      it('answers 400 naming num_days when it is out of range', async () => {
        const answer = await one(netzero, 'netzero', 'ONE-1', 0);
        expect(answer.statusCode).toBe(400);
        expect(answer.json<ApiError>().details?.map((d) => d.field)).toEqual(['num_days']);
      });
    });

    describe('tenant isolation of the list', () => {
      it("never lists tenant A's devices to tenant B", async () => {
        await registerDevice(app, netzero, 'netzero', { device_id: 'ISO-NZ' });
        await registerDevice(app, gridwest, 'gridwest', { device_id: 'ISO-GW' });
        const gridwestIds = (await list(gridwest, 'gridwest')).map((d) => d.device_id);
        const netzeroIds = (await list(netzero, 'netzero')).map((d) => d.device_id);
        expect(gridwestIds).toContain('ISO-GW');
        expect(gridwestIds).not.toContain('ISO-NZ');
        expect(gridwestIds).not.toContain('EDIT-1');
        expect(netzeroIds).toContain('ISO-NZ');
        expect(netzeroIds).not.toContain('ISO-GW');
      });

      it('answers 403 when the Tenant header is not the token tenant', async () => {
        const answer = await inject(app, api.list, { headers: authHeaders(gridwest, 'netzero') });
        expect(answer.statusCode).toBe(403);
      });

      it('answers 400 naming num_days when it is out of range', async () => {
        const answer = await inject(app, api.list, { query: { num_days: 0 }, headers: authHeaders(netzero, 'netzero') });
        expect(answer.statusCode).toBe(400);
        expect(answer.json<ApiError>().details?.map((d) => d.field)).toEqual(['num_days']);
      });
    });

    describe('installer-only users', () => {
      it.each(
        [
          { endpoint: api.list },
          { endpoint: api.register, body: { device_id: 'INST-1', transformer_name: 'I', rating_kva: 100 } },
          { endpoint: api.update, params: { DeviceID: 'EDIT-1' }, body: { transformer_name: 'Installer was here' } },
          { endpoint: api.watchlist },
          { endpoint: api.watch, body: { device_id: 'EDIT-1' } },
          { endpoint: api.unwatch, body: { device_id: 'EDIT-1' } },
          { endpoint: ingestApi.keys },
          { endpoint: ingestApi.createKey, body: { name: 'installer key' } },
        ].map((call) => ({ ...call, name: routeName(call.endpoint) })),
      )('answers 403 on $name', async ({ endpoint, params, body }) => {
        const answer = await inject(app, endpoint, { params, body, headers: authHeaders(installer, 'netzero') });
        expect(answer.statusCode).toBe(403);
      });

      it('changed nothing through the refused requests', async () => {
        expect(await db.query("SELECT 1 FROM power_devices WHERE device_id = 'INST-1'")).toHaveLength(0);
        expect(await db.query("SELECT 1 FROM power_devices WHERE transformer_name = 'Installer was here'")).toHaveLength(0);
        expect(await db.query("SELECT 1 FROM device_watchlist WHERE user_id = 'i1'")).toHaveLength(0);
        expect(await db.query("SELECT 1 FROM ingest_keys WHERE name = 'installer key'")).toHaveLength(0);
      });
    });
  });
}
