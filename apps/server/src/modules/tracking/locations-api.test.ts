import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EndpointDescription } from '@gridlens/contract/endpoint';
import { trackingApi } from '@gridlens/contract/tracking';
import { trackingLocationsApi as api } from '@gridlens/contract/tracking-locations';
import { trackingAlertsApi } from '@gridlens/contract/tracking-alerts';
import type { Database } from '../../db/database';
import { expectValidationError } from '../../../test/support/api-assertions';
import { inject, type EndpointCall } from '../../../test/support/inject';
import { createIngestKey, ingest, minutesBefore } from '../../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';
import { addLocation, position, registerTracker } from '../../../test/support/tracking-fixtures';

// A depot circle and a customer's yard as a polygon with a hole (a warehouse), near Dublin.
const DEPOT = { LocationID: 'DEPOT', LocationType: 'Friendly' as const, Latitude: 53.35, Longitude: -6.26, RadiusM: 200 };
const YARD_RINGS = [
  [
    [-6.3, 53.4],
    [-6.29, 53.4],
    [-6.29, 53.405],
    [-6.3, 53.405],
    [-6.3, 53.4],
  ],
  [
    [-6.296, 53.401],
    [-6.294, 53.401],
    [-6.294, 53.403],
    [-6.296, 53.403],
    [-6.296, 53.401],
  ],
];
const YARD = { LocationID: 'YARD', FullName: 'Acme yard', LocationType: 'Non-Friendly' as const, CustomerID: 'ACME', Polygon: YARD_RINGS };

for (const backend of TEST_DATABASES) {
  describe(`locations API [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let token: string;
    let otherToken: string;
    let key: string;
    let secondUserToken: string;
    let seq = 0;
    const now = Date.now();
    const call = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}, t = token, tenant = 'fleetco') =>
      inject(app, endpoint, { ...request, headers: authHeaders(t, tenant) });
    const asOther = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}) =>
      call(endpoint, request, otherToken, 'netzero');
    const send = async (deviceId: string, minutesAgo: number, latitude: number, longitude: number) => {
      const response = await ingest(app, key, [position(deviceId, ++seq, minutesBefore(now, minutesAgo), latitude, longitude)]);
      expect(response.statusCode, response.body).toBe(200);
    };

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      token = await created.issuer.token({ sub: 'u1', tenant: 'fleetco' });
      otherToken = await created.issuer.token({ sub: 'u9', tenant: 'netzero' });
      secondUserToken = await created.issuer.token({ sub: 'u2', tenant: 'fleetco' });
      key = (await createIngestKey(app, token, 'fleetco')).secret;
      await db.query(`INSERT INTO customers (tenant_id, customer_id, name) VALUES ('fleetco', 'ACME', 'Acme Ltd'), ('fleetco', 'BETA', 'Beta plc'),
                      ('netzero', 'NZC', 'Other tenant customer')`);
      for (const id of ['VAN-1', 'VAN-2', 'VAN-3', 'VAN-4']) await registerTracker(app, token, 'fleetco', { device_id: id });
      await addLocation(app, token, 'fleetco', DEPOT);
      await addLocation(app, otherToken, 'netzero', { ...DEPOT, LocationID: 'OTHER-DEPOT' });
    });

    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    it('answers 400 naming the field for a bad POI', async () => {
      const base = { LocationID: 'X', FullName: 'x', LocationType: 'Friendly' };
      expectValidationError(await call(trackingApi.addLocation, { body: base }), 'Latitude');
      expectValidationError(await call(trackingApi.addLocation, { body: { ...base, Latitude: 53 } }), 'Longitude');
      expectValidationError(
        await call(trackingApi.addLocation, { body: { ...base, Latitude: 53, Longitude: -6, Polygon: YARD_RINGS } }),
        'Polygon',
      );
      expectValidationError(await call(trackingApi.addLocation, { body: { ...base, Polygon: [YARD_RINGS[0]!.slice(0, 4)] } }), 'Polygon.0');
      const line = [
        [
          [-6, 53],
          [-5.9, 53],
          [-6, 53],
          [-6, 53],
        ],
      ];
      expectValidationError(await call(trackingApi.addLocation, { body: { ...base, Polygon: line } }), 'Polygon');
      const huge = [
        [
          [-7, 53],
          [-6, 53],
          [-6, 54],
          [-7, 54],
          [-7, 53],
        ],
      ];
      expectValidationError(await call(trackingApi.addLocation, { body: { ...base, Polygon: huge } }), 'Polygon');
      expectValidationError(
        await call(trackingApi.addLocation, { body: { ...base, Latitude: 53, Longitude: -6, CustomerID: 'ACME' } }),
        'CustomerID',
      );
      const site = { ...base, LocationType: 'Non-Friendly', Latitude: 53, Longitude: -6 };
      expectValidationError(await call(trackingApi.addLocation, { body: { ...site, CustomerID: 'NZC' } }), 'CustomerID'); // another tenant's
      expectValidationError(await call(trackingApi.locations, { query: { customer_id: '' } }), 'customer_id');
      expectValidationError(await call(api.possiblePois, { query: { days: 0 } }), 'days');
      expectValidationError(await call(api.update, { params: { locationId: 'DEPOT' }, body: { Latitude: 91, Longitude: 0 } }), 'Latitude');
      expectValidationError(await call(api.watch, { body: {} }), 'location_id');
      expect((await call(trackingApi.locations)).json().map((l: { LocationID: string }) => l.LocationID)).toEqual(['DEPOT']);
    });

    it('adds a polygon with its customer, places fixes in it (not in its hole) and counts the devices there now', async () => {
      const added = await call(trackingApi.addLocation, { body: YARD });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json()).toMatchObject({
        Shape: 'polygon',
        Polygon: YARD_RINGS,
        CustomerID: 'ACME',
        CustomerName: 'Acme Ltd',
        DeviceCount: 0,
      });
      expect(added.json().Latitude).toBeCloseTo(53.4025, 6);
      expect((await call(trackingApi.addLocation, { body: YARD })).statusCode).toBe(409);

      await send('VAN-1', 30, 53.4005, -6.299); // in the yard
      await send('VAN-2', 30, 53.402, -6.295); // in its hole
      await send('VAN-3', 30, 53.35, -6.26); // at the depot
      const yard = (await call(api.item, { params: { locationId: 'YARD' } })).json();
      expect(yard).toMatchObject({ LocationID: 'YARD', DeviceCount: 1, IsWatchlisted: false });
      const there = (await call(api.devicesAt, { params: { locationId: 'YARD' } })).json();
      expect(there).toEqual([expect.objectContaining({ device_id: 'VAN-1', name: 'Tracker VAN-1', since: minutesBefore(now, 30) })]);
      expect((await call(api.stats)).json()).toEqual([
        { LocationType: 'Friendly', LocationCount: 1, DeviceCount: 1 },
        { LocationType: 'Non-Friendly', LocationCount: 1, DeviceCount: 1 },
      ]);
      expect((await call(api.categories)).json()).toEqual([
        { Category: 'Friendly', DeviceCount: 1 },
        { Category: 'Non-Friendly', DeviceCount: 1 },
        { Category: 'Outside POIs', DeviceCount: 1 },
        { Category: 'No location data', DeviceCount: 1 },
      ]);
    });

    it("narrows to a customer's sites and every Friendly POI, and lists the tenant's customers", async () => {
      const ids = async (customer_id: string) =>
        (await call(trackingApi.locations, { query: { customer_id } })).json().map((l: { LocationID: string }) => l.LocationID);
      expect(await ids('ACME')).toEqual(['YARD', 'DEPOT']); // by name: 'Acme yard', 'POI DEPOT'
      expect(await ids('BETA')).toEqual(['DEPOT']);
      expect((await call(api.stats, { query: { customer_id: 'BETA' } })).json()[1]).toEqual({
        LocationType: 'Non-Friendly',
        LocationCount: 0,
        DeviceCount: 0,
      });
      const categories = async (customer_id: string) =>
        (await call(api.categories, { query: { customer_id } })).json().map((c: { DeviceCount: number }) => c.DeviceCount);
      expect(await categories('ACME')).toEqual([1, 1, 0, 0]); // the depot's and the yard's devices only
      expect(await categories('BETA')).toEqual([1, 0, 0, 0]);
      expect((await call(api.customers)).json()).toEqual([
        { customer_id: 'ACME', name: 'Acme Ltd', site_count: 1 },
        { customer_id: 'BETA', name: 'Beta plc', site_count: 0 },
      ]);
      expect((await asOther(api.customers)).json()).toEqual([{ customer_id: 'NZC', name: 'Other tenant customer', site_count: 0 }]);
    });

    it('places the next fix with a POI written by another process (the version moved), without a restart', async () => {
      await db.query(
        `INSERT INTO locations (tenant_id, location_id, full_name, location_type, latitude, longitude, radius_m)
         VALUES ('fleetco', 'SQL-SITE', 'Added by SQL', 'Non-Friendly', 53.5, -6.5, 300)`,
      );
      await send('VAN-4', 20, 53.5005, -6.5);
      expect(
        (await call(api.devicesAt, { params: { locationId: 'SQL-SITE' } })).json().map((d: { device_id: string }) => d.device_id),
      ).toEqual(['VAN-4']);
    });

    it('renames, retypes, moves and reshapes a POI, circle to polygon and back; devices there now follow at once', async () => {
      const update = (body: Record<string, unknown>) => call(api.update, { params: { locationId: 'SQL-SITE' }, body });
      const renamed = await update({ FullName: 'Beta depot', LocationType: 'Non-Friendly', CustomerID: 'BETA' });
      expect(renamed.json()).toMatchObject({ FullName: 'Beta depot', CustomerID: 'BETA', Shape: 'circle', RadiusM: 300, DeviceCount: 1 });
      const moved = await update({ Latitude: 53.6, Longitude: -6.5 });
      expect(moved.json()).toMatchObject({ Latitude: 53.6, RadiusM: 300, DeviceCount: 0 }); // VAN-4 is outside now
      const square = [
        [
          [-6.501, 53.499],
          [-6.499, 53.499],
          [-6.499, 53.501],
          [-6.501, 53.501],
          [-6.501, 53.499],
        ],
      ];
      const reshaped = (await update({ Polygon: square })).json();
      expect(reshaped).toMatchObject({ Shape: 'polygon', Polygon: square, DeviceCount: 1 });
      expectValidationError(await update({ RadiusM: 100 }), 'RadiusM');
      const friendly = (await update({ LocationType: 'Friendly' })).json();
      expect(friendly).toMatchObject({ LocationType: 'Friendly', CustomerID: null }); // a Friendly POI belongs to no customer
      const circle = (await update({ Latitude: 53.5, Longitude: -6.5, RadiusM: 100 })).json();
      expect(circle).toMatchObject({ Shape: 'circle', Polygon: null, RadiusM: 100, DeviceCount: 1 });
    });

    it('keeps a watchlist per user', async () => {
      const watched = await call(api.watch, { body: { location_id: 'YARD' } });
      expect(watched.statusCode).toBe(201);
      expect(watched.json().map((w: { location_id: string }) => w.location_id)).toEqual(['YARD']);
      expect((await call(api.item, { params: { locationId: 'YARD' } })).json().IsWatchlisted).toBe(true);
      expect((await call(api.watchlist, {}, secondUserToken)).json()).toEqual([]);
      expect((await call(api.watch, { body: { location_id: 'NOPE' } })).statusCode).toBe(404);
      expect((await call(api.unwatch, { params: { locationId: 'YARD' } })).json()).toEqual([]);
      expect((await call(api.unwatch, { params: { locationId: 'YARD' } })).statusCode).toBe(404);
    });

    it("answers 404 for another tenant's POI on every endpoint, both ways", async () => {
      const params = { locationId: 'YARD' };
      expect((await asOther(api.item, { params })).statusCode).toBe(404);
      expect((await asOther(api.devicesAt, { params })).statusCode).toBe(404);
      expect((await asOther(api.update, { params, body: { FullName: 'stolen' } })).statusCode).toBe(404);
      expect((await asOther(api.remove, { params })).statusCode).toBe(404);
      expect((await asOther(api.watch, { body: { location_id: 'YARD' } })).statusCode).toBe(404);
      expect((await asOther(trackingApi.locations)).json().map((l: { LocationID: string }) => l.LocationID)).toEqual(['OTHER-DEPOT']);
      const theirs = { locationId: 'OTHER-DEPOT' };
      expect((await call(api.item, { params: theirs })).statusCode).toBe(404);
      expect((await call(api.update, { params: theirs, body: { FullName: 'x' } })).statusCode).toBe(404);
      expect((await call(api.remove, { params: theirs })).statusCode).toBe(404);
      expect((await call(api.item, { params })).json().FullName).toBe('Acme yard');
    });

    it('finds a place where devices stop again and again, and adopting it as a POI takes it off the list', async () => {
      expect((await call(api.possiblePois)).json()).toEqual([]); // answered (and kept) before the stops arrive
      // Three devices each stop 40 minutes at a car park outside every POI, on different days.
      for (const [i, deviceId] of ['VAN-1', 'VAN-2', 'VAN-3'].entries()) {
        const start = 3 * 24 * 60 - i * 24 * 60;
        await send(deviceId, start, 53.45, -6.4);
        await send(deviceId, start - 20, 53.4501, -6.4001);
        await send(deviceId, start - 40, 53.45, -6.4);
        await send(deviceId, start - 60, 53.35, -6.26); // back at the depot
      }
      const [found, ...others] = (await call(api.possiblePois)).json();
      if (!found) throw new Error('no possible POI found');
      expect(others).toEqual([]);
      expect(found).toMatchObject({ visit_count: 3, device_count: 3 });
      expect(found.latitude).toBeCloseTo(53.45, 3);
      expect(found.confidence).toBeGreaterThan(0);
      expect((await asOther(api.possiblePois)).json()).toEqual([]);
      const adopt = {
        LocationID: 'CAR-PARK',
        FullName: 'Car park',
        LocationType: 'Non-Friendly',
        Latitude: found.latitude,
        Longitude: found.longitude,
        RadiusM: found.radius_m,
      };
      expect((await call(trackingApi.addLocation, { body: adopt })).statusCode).toBe(201);
      expect((await call(api.possiblePois)).json()).toEqual([]);
    });

    it('deletes a POI only when no alert rule watches it; positions keep its id', async () => {
      const rule = await call(trackingAlertsApi.create, {
        body: { device_id: null, trigger_field: 'arrival', trigger_operator: '=', location_id: 'YARD' },
      });
      expect(rule.statusCode, rule.body).toBe(201);
      const refused = await call(api.remove, { params: { locationId: 'YARD' } });
      expect(refused.statusCode).toBe(409);
      expect(refused.body).toContain('alert rule');
      await call(trackingAlertsApi.remove, { params: { id: rule.json().alert_id } });
      await call(api.watch, { body: { location_id: 'YARD' } });
      expect((await call(api.remove, { params: { locationId: 'YARD' } })).json()).toEqual({ ok: true });
      expect((await call(api.item, { params: { locationId: 'YARD' } })).statusCode).toBe(404);
      expect((await call(api.remove, { params: { locationId: 'YARD' } })).statusCode).toBe(404);
      expect((await call(api.watchlist)).json()).toEqual([]);
      const kept = await db.query("SELECT 1 FROM tracking_positions WHERE tenant_id = 'fleetco' AND location_id = 'YARD'");
      expect(kept.length).toBeGreaterThan(0);
      expect((await call(api.categories)).json()[1]).toEqual({ Category: 'Non-Friendly', DeviceCount: 0 });
    });
  });
}
