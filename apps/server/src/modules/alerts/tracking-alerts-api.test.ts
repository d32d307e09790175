import type { TrackedDevice } from '@gridlens/contract/tracking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnRows } from '@gridlens/contract/columnar';
import type { FastifyInstance } from 'fastify';
import { powerAlertsApi } from '@gridlens/contract/alerts';
import type { EndpointDescription } from '@gridlens/contract/endpoint';
import type { ApiError } from '@gridlens/contract/errors';
import { trackingApi } from '@gridlens/contract/tracking';
import { trackingAlertsApi as api } from '@gridlens/contract/tracking-alerts';
import type { Database } from '../../db/database';
import { expectValidationError } from '../../../test/support/api-assertions';
import { inject, routeName, type EndpointCall } from '../../../test/support/inject';
import { countRows, createIngestKey, ingest, minutesBefore } from '../../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import type { ModuleGraph } from '../../module-graph';
import { TEST_DATABASES } from '../../../test/support/test-databases';
import { addLocation, position, registerTracker } from '../../../test/support/tracking-fixtures';

const HOUR_MS = 3_600_000;

// A depot (Friendly) and a customer site (Non-Friendly) 5.5 km apart, and a point on the road between them.
const DEPOT = { LocationID: 'DEPOT', LocationType: 'Friendly' as const, Latitude: 53.35, Longitude: -6.26, RadiusM: 200 };
const SITE = { LocationID: 'SITE', LocationType: 'Non-Friendly' as const, Latitude: 53.4, Longitude: -6.26, RadiusM: 300 };
const ROAD = [53.375, -6.26] as const;

for (const backend of TEST_DATABASES) {
  describe(`tracking alerts API [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let graph: ModuleGraph;
    let token: string;
    let otherToken: string;
    let key: string;
    const now = Date.now();
    const at = (minutesAgo: number) => minutesBefore(now, minutesAgo);
    const call = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}, t = token, tenant = 'fleetco') =>
      inject(app, endpoint, { ...request, headers: authHeaders(t, tenant) });
    const createRule = async (body: Record<string, unknown>) => {
      const response = await call(api.create, { body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    };
    const activeOf = async (deviceId: string) => (await call(api.active, { query: { device_id: deviceId } })).json().items;
    const outbox = (alertId: string) =>
      countRows(db, 'SELECT n.id FROM alert_notifications n JOIN alert_occurrences o ON o.id = n.occurrence_id WHERE o.alert_id = $1', [
        alertId,
      ]);
    const send = async (messages: unknown[]) => {
      const response = await ingest(app, key, messages);
      expect(response.statusCode).toBe(200);
      return response.json();
    };

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      graph = created.graph;
      token = await created.issuer.token({ sub: 'u1', tenant: 'fleetco' });
      otherToken = await created.issuer.token({ sub: 'u9', tenant: 'netzero' });
      key = (await createIngestKey(app, token, 'fleetco')).secret;
      for (const id of ['VAN-1', 'VAN-2', 'VAN-3', 'VAN-4', 'VAN-5']) await registerTracker(app, token, 'fleetco', { device_id: id });
      await registerTracker(app, token, 'fleetco', { device_id: 'TRAILER-1', device_type: 'Trailer' });
      await addLocation(app, token, 'fleetco', DEPOT);
      await addLocation(app, token, 'fleetco', SITE);
      await registerTracker(app, otherToken, 'netzero', { device_id: 'OTHER-VAN' });
      await addLocation(app, otherToken, 'netzero', { ...DEPOT, LocationID: 'OTHER-DEPOT' });
    });

    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    it('answers 400 naming the field for every invalid rule, and stores none of them', async () => {
      const arrival = { device_id: 'VAN-1', trigger_field: 'arrival', trigger_operator: '=', location_id: 'DEPOT' };
      const battery = { device_id: null, trigger_field: 'battery', trigger_operator: '<', trigger_value: 20 };
      const before = (await call(api.list)).json().length;
      expectValidationError(await call(api.create, { body: { ...arrival, trigger_field: 'speed' } }), 'trigger_field');
      expectValidationError(await call(api.create, { body: { ...arrival, trigger_operator: '>' } }), 'trigger_operator');
      expectValidationError(await call(api.create, { body: { ...arrival, location_id: null } }), 'location_id');
      expectValidationError(await call(api.create, { body: { ...arrival, location_type: 'Friendly' } }), 'location_type');
      expectValidationError(await call(api.create, { body: { ...arrival, trigger_value: 3 } }), 'trigger_value');
      expectValidationError(await call(api.create, { body: { ...arrival, location_id: 'NO-SUCH' } }), 'location_id');
      expectValidationError(await call(api.create, { body: { ...arrival, location_id: 'OTHER-DEPOT' } }), 'location_id'); // another tenant's
      expectValidationError(await call(api.create, { body: { ...arrival, device_id: 'OTHER-VAN' } }), 'device_id');
      expectValidationError(await call(api.create, { body: { ...arrival, device_type: 'Trailer' } }), 'device_type');
      const percent = await call(api.create, { body: { ...battery, trigger_value: 120 } });
      expectValidationError(percent, 'trigger_value');
      expect(percent.json<ApiError>().details?.[0]?.message).toBe('Number has to be between 0 and 100');
      expectValidationError(await call(api.create, { body: { ...battery, trigger_value: null } }), 'trigger_value');
      expectValidationError(await call(api.create, { body: { ...battery, location_id: 'DEPOT' } }), 'location_id');
      const short = await call(api.create, {
        body: { ...battery, trigger_field: 'no_message', trigger_operator: '>', trigger_value: 0.1 },
      });
      expect(short.json<ApiError>().details?.[0]?.message).toBe('Value should be at least 0.25');
      expect((await call(api.list)).json()).toHaveLength(before);
    });

    it("creates, replaces and deletes a rule; another tenant's and a power-data rule answer 404", async () => {
      const rule = await createRule({
        device_id: null,
        device_type: 'Trailer',
        trigger_field: 'departure',
        trigger_operator: '=',
        location_type: 'Friendly',
      });
      expect(rule).toMatchObject({
        device_type: 'Trailer',
        location_id: null,
        location_type: 'Friendly',
        trigger_value: null,
        active_count: 0,
      });
      const params = { id: rule.alert_id };
      const replaced = await call(api.update, {
        params,
        body: { device_id: null, trigger_field: 'arrival', trigger_operator: '=', location_id: 'SITE' },
      });
      expect(replaced.json()).toMatchObject({
        trigger_field: 'arrival',
        location_id: 'SITE',
        location_name: 'POI SITE',
        location_type: null,
      });
      for (const endpoint of [api.get, api.remove, api.recipients]) {
        expect((await call(endpoint, { params }, otherToken, 'netzero')).statusCode, routeName(endpoint)).toBe(404);
      }
      // Its own tenant asking for it as a power-data rule.
      expect((await call(powerAlertsApi.get, { params })).statusCode, routeName(powerAlertsApi.get)).toBe(404);
      expect((await call(api.remove, { params })).statusCode).toBe(200);
      expect((await call(api.get, { params })).statusCode).toBe(404);
    });

    it('raises one arrival alert and one email per recipient; a re-sent position adds nothing; leaving clears it', async () => {
      const rule = await createRule({
        device_id: 'VAN-1',
        trigger_field: 'arrival',
        trigger_operator: '=',
        location_id: 'DEPOT',
        notify_on_clear: true,
      });
      for (const email of ['ops@example.ie', 'depot@example.ie'])
        expect((await call(api.addRecipient, { params: { id: rule.alert_id }, body: { name: 'Ops', email } })).statusCode).toBe(201);
      const arriving = position('VAN-1', 2, at(50), DEPOT.Latitude + 0.0005, DEPOT.Longitude);
      expect((await send([position('VAN-1', 1, at(60), ...ROAD), arriving])).accepted).toBe(2);

      const [alert] = await activeOf('VAN-1');
      expect(alert).toMatchObject({
        alert_id: rule.alert_id,
        full_name: 'Tracker VAN-1',
        trigger_field: 'arrival',
        location_name: 'POI DEPOT',
        actual_value: null,
        actual_location_id: 'DEPOT',
        actual_location_name: 'POI DEPOT',
        trigger_date: new Date(at(50)).toISOString(),
        state: 'active',
      });
      expect(await outbox(rule.alert_id)).toBe(2);

      expect((await send([arriving])).duplicates).toBe(1);
      expect(await activeOf('VAN-1')).toHaveLength(1);
      expect(await outbox(rule.alert_id)).toBe(2);

      await send([position('VAN-1', 3, at(40), DEPOT.Latitude + 0.001, DEPOT.Longitude)]); // still inside (111 m)
      expect(await activeOf('VAN-1')).toHaveLength(1);
      await send([position('VAN-1', 4, at(30), ...ROAD)]);
      expect(await activeOf('VAN-1')).toEqual([]);
      const history = (await call(api.history, { params: { occurrence_id: alert!.occurrence_id } })).json();
      expect(history.events.map((e) => e.kind)).toEqual(['triggered', 'cleared']);
      expect(await outbox(rule.alert_id)).toBe(4); // the clear is emailed too
    });

    it('raises a departure from any Friendly POI only for a device that was in one, and clears it on return', async () => {
      const rule = await createRule({ device_id: null, trigger_field: 'departure', trigger_operator: '=', location_type: 'Friendly' });
      await send([position('VAN-2', 1, at(60), ...ROAD), position('VAN-2', 2, at(50), SITE.Latitude, SITE.Longitude)]);
      expect(await activeOf('VAN-2')).toEqual([]); // never at a Friendly POI
      await send([
        position('VAN-3', 1, at(60), DEPOT.Latitude, DEPOT.Longitude),
        position('VAN-3', 2, at(50), SITE.Latitude, SITE.Longitude),
      ]);
      expect((await activeOf('VAN-3')).map((a) => [a.alert_id, a.actual_location_id])).toEqual([[rule.alert_id, 'DEPOT']]);
      await send([position('VAN-3', 3, at(40), DEPOT.Latitude, DEPOT.Longitude)]);
      expect(await activeOf('VAN-3')).toEqual([]);
      expect((await call(api.remove, { params: { id: rule.alert_id } })).statusCode).toBe(200);
    });

    it('judges a low battery with a 2-point band, and a late position not at all', async () => {
      const rule = await createRule({ device_id: 'VAN-4', trigger_field: 'battery', trigger_operator: '<', trigger_value: 20 });
      await send([position('VAN-4', 1, at(60), ...ROAD, { battery_pct: 19 })]);
      expect((await activeOf('VAN-4')).map((a) => [a.alert_id, a.actual_value])).toEqual([[rule.alert_id, 19]]);
      await send([position('VAN-4', 3, at(40), ...ROAD, { battery_pct: 21 })]);
      expect(await activeOf('VAN-4')).toHaveLength(1); // inside the band
      await send([position('VAN-4', 2, at(50), ...ROAD, { battery_pct: 60 })]); // late: stored, not judged
      expect(await activeOf('VAN-4')).toHaveLength(1);
      await send([position('VAN-4', 4, at(30), ...ROAD, { battery_pct: 23 })]);
      expect(await activeOf('VAN-4')).toEqual([]);
    });

    it('raises "no message" and "static" when their periods run out, dated then; a message or a move clears them', async () => {
      const silent = await createRule({ device_id: 'VAN-5', trigger_field: 'no_message', trigger_operator: '>', trigger_value: 2 });
      const still = await createRule({ device_id: 'VAN-5', trigger_field: 'static', trigger_operator: '>=', trigger_value: 1 });
      const lastMs = now - 3 * HOUR_MS;
      await send([position('VAN-5', 1, new Date(lastMs - HOUR_MS).toISOString(), SITE.Latitude, SITE.Longitude)]);
      await send([position('VAN-5', 2, new Date(lastMs).toISOString(), SITE.Latitude + 0.001, SITE.Longitude)]); // same POI
      expect(await activeOf('VAN-5')).toHaveLength(1); // static for 1 h already, judged at the message

      await graph.alerts.judgeTrackingTimers(now);
      const alerts = await activeOf('VAN-5');
      const silence = alerts.find((a) => a.alert_id === silent.alert_id);
      expect(silence?.trigger_date).toBe(new Date(lastMs + 2 * HOUR_MS).toISOString());
      expect(silence?.actual_value).toBeCloseTo(3, 5);
      expect(alerts.map((a) => a.alert_id).sort()).toEqual([silent.alert_id, still.alert_id].sort());
      await graph.alerts.judgeTrackingTimers(now + 60_000); // judging again raises nothing new
      expect(await activeOf('VAN-5')).toHaveLength(2);

      await send([position('VAN-5', 3, new Date(now).toISOString(), ...ROAD)]);
      expect(await activeOf('VAN-5')).toEqual([]);
    });

    it('lists devices with where they are, and POIs with the devices in each', async () => {
      const devices = columnRows<TrackedDevice>((await call(trackingApi.devices)).json());
      const byId = new Map(devices.map((d) => [d.device_id, d]));
      expect(byId.get('VAN-3')).toMatchObject({ location_id: 'DEPOT', position_category: 'Friendly', last_message_type: 'gps' });
      expect(byId.get('VAN-2')?.position_category).toBe('Non-Friendly');
      expect(byId.get('VAN-1')?.position_category).toBe('Outside POIs');
      expect(byId.get('TRAILER-1')).toMatchObject({ position_category: 'No location data', last_message_type: 'None', latitude: null });
      expect(byId.has('OTHER-VAN')).toBe(false);
      const locations = (await call(trackingApi.locations)).json();
      expect(locations.map((l) => [l.LocationID, l.DeviceCount])).toEqual([
        ['DEPOT', 1],
        ['SITE', 1],
      ]);
    });

    it('rejects positions of unknown trackers and of power devices, and bad POIs and trackers with the field named', async () => {
      const result = await send([position('OTHER-VAN', 1, at(5), ...ROAD), position('VAN-1', 9, at(5), 95, 0)]);
      expect(result.rejected).toBe(2);
      expect(result.results.map((r) => r.reason?.split(':')[0])).toEqual(['unknown_device', 'invalid_field']);
      expectValidationError(
        await call(trackingApi.addLocation, { body: { ...DEPOT, LocationID: 'X', FullName: 'N'.repeat(50) } }),
        'FullName',
      );
      expectValidationError(
        await call(trackingApi.addLocation, { body: { ...DEPOT, LocationID: 'X', FullName: 'x', RadiusM: 10 } }),
        'RadiusM',
      );
      expect((await call(trackingApi.addLocation, { body: { ...DEPOT, FullName: 'again' } })).statusCode).toBe(409);
      expectValidationError(
        await call(trackingApi.registerDevice, { body: { device_id: 'X', name: 'x', device_type: 'Bicycle' } }),
        'device_type',
      );
      expect((await call(trackingApi.registerDevice, { body: { device_id: 'VAN-1', name: 'again' } })).statusCode).toBe(409);
    });
  });
}
