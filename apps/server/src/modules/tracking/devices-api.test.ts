import type { TrackedDevice } from '@gridlens/contract/tracking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnRows } from '@gridlens/contract/columnar';
import type { FastifyInstance } from 'fastify';
import { assetsApi } from '@gridlens/contract/assets';
import type { EndpointDescription } from '@gridlens/contract/endpoint';
import { trackingApi } from '@gridlens/contract/tracking';
import { trackingDevicesApi as api } from '@gridlens/contract/tracking-devices';
import type { Database } from '../../db/database';
import { expectValidationError } from '../../../test/support/api-assertions';
import { inject, type EndpointCall } from '../../../test/support/inject';
import { countRows, createIngestKey, ingest, minutesBefore, registerDevice } from '../../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';
import { addLocation, position, registerTracker } from '../../../test/support/tracking-fixtures';

const SETTINGS = {
  reporting_interval_moving_min: 10,
  reporting_interval_at_rest_min: 240,
  gps_enabled: true,
  wifi_scanning_enabled: true,
  motion_sensitivity: 'Low',
  temperature_reporting_enabled: false,
};
const DEPOT = { LocationID: 'DEPOT', LocationType: 'Friendly' as const, Latitude: 53.35, Longitude: -6.26, RadiusM: 200 };
const SITE = { LocationID: 'SITE', LocationType: 'Non-Friendly' as const, Latitude: 53.4, Longitude: -6.26, RadiusM: 300 };

for (const backend of TEST_DATABASES) {
  describe(`tracking devices API [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let token: string;
    let powerToken: string;
    let adminToken: string;
    let lowerCaseAdminToken: string;
    let operatorToken: string;
    let key: string;
    let powerKey: string;
    const now = Date.now();
    const at = (minutesAgo: number) => minutesBefore(now, minutesAgo);
    const call = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}, t = token, tenant = 'fleetco') =>
      inject(app, endpoint, { ...request, headers: authHeaders(t, tenant) });
    const asPower = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}) =>
      call(endpoint, request, powerToken, 'netzero');
    const send = async (messages: unknown[]) => {
      const response = await ingest(app, key, messages);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().rejected).toBe(0);
    };

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      token = await created.issuer.token({ sub: 'u1', tenant: 'fleetco' });
      powerToken = await created.issuer.token({ sub: 'p1', tenant: 'netzero' });
      adminToken = await created.issuer.token({ sub: 'a1', tenant: 'fleetco', roles: ['Admin'] });
      lowerCaseAdminToken = await created.issuer.token({ sub: 'a2', tenant: 'fleetco', roles: ['admin'] });
      operatorToken = await created.issuer.token({ sub: 'o1', tenant: 'fleetco', roles: ['Operator'] });
      key = (await createIngestKey(app, token, 'fleetco')).secret;
      powerKey = (await createIngestKey(app, powerToken, 'netzero')).secret;
      for (const id of ['VAN-1', 'VAN-2', 'VAN-3', 'CAGE-1']) await registerTracker(app, token, 'fleetco', { device_id: id });
      await registerDevice(app, powerToken, 'netzero', { device_id: 'TX-1' });
      await addLocation(app, token, 'fleetco', DEPOT);
      await addLocation(app, token, 'fleetco', SITE);
      await db.query("INSERT INTO customers (tenant_id, customer_id, name) VALUES ('fleetco', 'ACME', 'Acme')");
      await db.query("UPDATE locations SET customer_id = 'ACME' WHERE tenant_id = 'fleetco' AND location_id = 'SITE'");
      await db.query("UPDATE tenants SET static_after_hours = 24 WHERE id = 'fleetco'");
      // VAN-1 at the depot for 2 days (Static after 24 h); VAN-2 at ACME's site, then on the road (last at ACME);
      // VAN-3 silent for 3 days, then back; CAGE-1 never reported.
      await send([
        position('VAN-1', 1, at(48 * 60), 53.35, -6.26),
        position('VAN-1', 2, at(30), 53.3501, -6.26, { battery_pct: 15 }),
        position('VAN-2', 1, at(120), 53.4, -6.26, { message_type: 'OneWifi' }),
        position('VAN-2', 2, at(20), 53.375, -6.26, { message_type: 'TwoWifi' }),
        position('VAN-3', 1, at(4 * 24 * 60), 53.375, -6.3),
        position('VAN-3', 2, at(10), 53.375, -6.31),
        { kind: 'tracker', device_id: 'VAN-3', seq: 1, time: at(5), message_type: 'None' },
      ]);
    });

    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    it('lists trackers with movement by the tenant period, place, battery, tags and watch flag', async () => {
      const list = columnRows<TrackedDevice>((await call(trackingApi.devices)).json());
      const byId = new Map(list.map((d) => [d.device_id, d]));
      expect(byId.get('VAN-1')).toMatchObject({
        movement: 'Static',
        location_name: 'POI DEPOT',
        location_type: 'Friendly',
        battery_pct: 15,
        tags: [],
        watchlisted: false,
      });
      expect(byId.get('VAN-2')).toMatchObject({ movement: 'Fluid', location_type: null, position_category: 'Outside POIs' });
      expect(byId.get('VAN-3')).toMatchObject({ last_message_type: 'None', last_message_at: at(5), position_at: at(10) });
      expect(byId.get('CAGE-1')).toMatchObject({ movement: null, position_category: 'No location data', last_message_at: null });
    });

    it("narrows to a customer's devices: now at, or last at, its sites", async () => {
      const list = columnRows<TrackedDevice>((await call(trackingApi.devices, { query: { customer_id: 'ACME' } })).json());
      expect(list.map((d) => d.device_id)).toEqual(['VAN-2'].map((id) => id));
      expect((await call(trackingApi.devices, { query: { customer_id: 'NOBODY' } })).json()).toMatchObject({
        count: 0,
        columns: { device_id: [] },
      });
    });

    it('answers one tracker, and 404 across tenants both ways', async () => {
      expect((await call(api.item, { params: { id: 'VAN-1' } })).json()).toMatchObject({ device_id: 'VAN-1', movement: 'Static' });
      expect((await asPower(api.item, { params: { id: 'VAN-1' } })).statusCode).toBe(404);
      expect((await call(api.item, { params: { id: 'TX-1' } })).statusCode).toBe(404);
      expect((await asPower(api.update, { params: { id: 'VAN-1' }, body: { name: 'Mine' } })).statusCode).toBe(404);
      expect((await asPower(api.remove, { params: { id: 'VAN-1' } })).statusCode).toBe(404);
      expect((await asPower(api.messages, { params: { device_id: 'VAN-1' } })).statusCode).toBe(404);
      expect((await asPower(api.settings, { query: { device_id: 'VAN-1' } })).statusCode).toBe(404);
      expect((await asPower(api.updateSettings, { body: { device_id: 'VAN-1', settings: SETTINGS } })).statusCode).toBe(404);
      expect((await asPower(trackingApi.devices)).json()).toMatchObject({ count: 0, columns: { device_id: [] } });
      expect((await asPower(api.backOnline)).json().items).toEqual([]);
    });

    it('edits name, type and tags, and validates each naming the field', async () => {
      const edit = (body: Record<string, unknown>) => call(api.update, { params: { id: 'VAN-2' }, body });
      expectValidationError(await edit({ name: 'x'.repeat(51) }), 'name');
      expectValidationError(await edit({ name: '  ' }), 'name');
      expectValidationError(await edit({ device_type: 'Boat' }), 'device_type');
      expectValidationError(await edit({ tags: ['x'.repeat(31)] }), 'tags.0');
      expectValidationError(await edit({ colour: 'red' }), 'colour');
      const saved = await edit({ name: 'Van two', device_type: 'Trailer', tags: ['north', 'cold', 'north'] });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ name: 'Van two', device_type: 'Trailer', tags: ['north', 'cold'] });
      const tagsOnly = await edit({ tags: ['a "quoted", tag'] });
      expect(tagsOnly.json()).toMatchObject({ name: 'Van two', tags: ['a "quoted", tag'] });
      expect((await call(api.update, { params: { id: 'NOPE' }, body: { name: 'x' } })).statusCode).toBe(404);
    });

    it("pages a tracker's messages of both kinds over a period, in either order", async () => {
      const oldest = await call(api.messages, { params: { device_id: 'VAN-3' }, query: { range: '7d', order: 'oldest', page_size: 2 } });
      expect(oldest.statusCode, oldest.body).toBe(200);
      expect(oldest.json()).toMatchObject({ total: 3, page: 1, page_size: 2 });
      expect(oldest.json().items.map((m) => [m.seq, m.message_type])).toEqual([
        [1, 'gps'],
        [2, 'gps'],
      ]);
      const newest = (await call(api.messages, { params: { device_id: 'VAN-3' }, query: { range: '24h' } })).json();
      expect(newest.items.map((m) => [m.message_type, m.latitude])).toEqual([
        ['None', null],
        ['gps', 53.375],
      ]);
      expectValidationError(await call(api.messages, { params: { device_id: 'VAN-3' }, query: { range: '2d' } }), 'range');
      expectValidationError(await call(api.messages, { params: { device_id: 'VAN-3' }, query: { page_size: 0 } }), 'page_size');
    });

    it('counts the fleet over a range', async () => {
      const stats = (await call(api.stats, { params: { duration: '24h' } })).json();
      expect(stats).toMatchObject({ range: '24h', device_count: 4, reporting_devices: 3, silent_devices: 1, low_battery_devices: 1 });
      expect(stats.messages_by_type).toMatchObject({ gps: 2, TwoWifi: 1, None: 1, OneWifi: 1, NoPositionData: 0 });
      expect(stats.devices_by_position).toMatchObject({ Friendly: 1, 'Outside POIs': 2, 'No location data': 1 });
      expect(stats.devices_by_movement).toEqual({ Static: 1, Fluid: 2 });
      expect((await call(api.stats, { params: { duration: '7d' } })).json().messages_by_type.gps).toBe(4);
      expectValidationError(await call(api.stats, { params: { duration: 'forever' } }), 'duration');
    });

    it('lists devices back after a silence of 24 hours or more, newest return first, with its length', async () => {
      const back = (await call(api.backOnline)).json();
      expect(back.silence_hours_min).toBe(24);
      expect(back.items.map((b) => [b.device_id, b.silent_since, b.back_at])).toEqual([
        ['VAN-3', at(4 * 24 * 60), at(10)],
        ['VAN-1', at(48 * 60), at(30)],
      ]);
      expect(back.items[0]?.silence_hours).toBeCloseTo(4 * 24 - 10 / 60, 1);
      expect(back.items[1]?.silence_hours).toBeCloseTo(47.5, 1);
      expectValidationError(await call(api.backOnline, { query: { hours: 0 } }), 'hours');
    });

    it('queues settings as a pending downlink that the tracker fetches with its ingest key', async () => {
      const before = (await call(api.settings, { query: { device_id: 'VAN-1' } })).json();
      expect(before).toMatchObject({ applied_at: null, pending: [], settings: { reporting_interval_moving_min: 5 } });
      expectValidationError(
        await call(api.updateSettings, { body: { device_id: 'VAN-1', settings: { ...SETTINGS, reporting_interval_moving_min: 0 } } }),
        'settings.reporting_interval_moving_min',
      );
      expectValidationError(
        await call(api.updateSettings, { body: { device_id: 'VAN-1', settings: { ...SETTINGS, motion_sensitivity: 'Max' } } }),
        'settings.motion_sensitivity',
      );
      const queued = await call(api.updateSettings, { body: { device_id: 'VAN-1', settings: SETTINGS } });
      expect(queued.statusCode, queued.body).toBe(200);
      expect(queued.json().pending.map((p) => p.settings)).toEqual([SETTINGS]);
      const fetch = (secret: string, deviceId = 'VAN-1') =>
        app.inject({ method: 'GET', url: `/ingest/v1/downlinks/${deviceId}`, headers: { authorization: `Bearer ${secret}` } });
      const fetched = await fetch(key);
      expect(fetched.statusCode, fetched.body).toBe(200);
      expect(fetched.json<{ items: { downlink_id: string }[] }>().items.map((d) => d.downlink_id)).toEqual([
        queued.json().pending[0]?.downlink_id,
      ]);
      expect((await fetch(powerKey)).statusCode).toBe(404);
      expect((await fetch('glk_not-a-key')).statusCode).toBe(401);
    });

    it('puts trackers on the device watchlist beside power devices', async () => {
      const added = await call(assetsApi.watch, { body: { device_id: 'VAN-1' } });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json().map((w) => w.device_id)).toEqual(['VAN-1']);
      expect((await call(api.item, { params: { id: 'VAN-1' } })).json().watchlisted).toBe(true);
      expect((await asPower(assetsApi.watch, { body: { device_id: 'VAN-1' } })).statusCode).toBe(404);
      expect((await asPower(assetsApi.watchlist)).json()).toEqual([]);
      expect((await call(assetsApi.unwatch, { body: { device_id: 'VAN-1' } })).json()).toEqual([]);
    });

    it("lets an administrator change the tenant's Static period, and only theirs", async () => {
      expect((await call(api.movementSettings)).json()).toEqual({ static_after_hours: 24 });
      expect((await asPower(api.movementSettings)).json()).toEqual({ static_after_hours: 72 });
      const denied = await call(api.updateMovementSettings, { body: { static_after_hours: 96 } });
      expect(denied.statusCode).toBe(403);
      const admin = (body: Record<string, unknown>) => call(api.updateMovementSettings, { body }, adminToken);
      expectValidationError(await admin({ static_after_hours: 0 }), 'static_after_hours');
      expectValidationError(await admin({ static_after_hours: 8761 }), 'static_after_hours');
      expectValidationError(await admin({ static_after_hours: 2.5 }), 'static_after_hours');
      expect((await admin({ static_after_hours: 96 })).json()).toEqual({ static_after_hours: 96 });
      // VAN-1 has stood at the depot 48 h: Static after 24 h, Fluid after 96 h.
      expect((await call(api.item, { params: { id: 'VAN-1' } })).json().movement).toBe('Fluid');
      expect((await asPower(api.movementSettings)).json()).toEqual({ static_after_hours: 72 });
      await admin({ static_after_hours: 24 });
    });

    it('takes the administrator role whatever its case, and still refuses other roles', async () => {
      const change = (hours: number, t: string) => call(api.updateMovementSettings, { body: { static_after_hours: hours } }, t);
      const lowerCase = await change(48, lowerCaseAdminToken);
      expect(lowerCase.statusCode, lowerCase.body).toBe(200);
      expect(lowerCase.json()).toEqual({ static_after_hours: 48 });
      expect((await change(12, operatorToken)).statusCode).toBe(403);
      expect((await call(api.movementSettings)).json()).toEqual({ static_after_hours: 48 });
      expect((await change(24, lowerCaseAdminToken)).statusCode).toBe(200);
    });

    it('deletes a tracker with its history', async () => {
      expect((await call(api.remove, { params: { id: 'VAN-3' } })).json()).toEqual({ deleted: true });
      expect((await call(api.item, { params: { id: 'VAN-3' } })).statusCode).toBe(404);
      expect((await call(api.remove, { params: { id: 'VAN-3' } })).statusCode).toBe(404);
      expect(await countRows(db, "SELECT 1 FROM tracking_positions WHERE device_id = 'VAN-3'")).toBe(0);
      expect(await countRows(db, "SELECT 1 FROM tracker_messages WHERE device_id = 'VAN-3'")).toBe(0);
      expect(await countRows(db, "SELECT 1 FROM tracker_status WHERE device_id = 'VAN-3'")).toBe(0);
    });
  });
}
