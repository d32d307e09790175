import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EndpointDescription } from '@gridlens/contract/endpoint';
import { trackingJourneysApi as api } from '@gridlens/contract/tracking-journeys';
import { weekIdOf } from '@gridlens/domain/tracking/weeks';
import type { Database } from '../../db/database';
import { expectValidationError } from '../../../test/support/api-assertions';
import { inject, type EndpointCall } from '../../../test/support/inject';
import { createIngestKey, ingest } from '../../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';
import { addLocation, position, registerTracker } from '../../../test/support/tracking-fixtures';
import { DEPOT, lastWeekTuesdayMs, roundTrip, SITE } from '../../../test/support/journey-fixtures';

const HOUR_MS = 3_600_000;

for (const backend of TEST_DATABASES) {
  describe(`cycles and the POI report API [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let token: string;
    let powerToken: string;
    const nowMs = Date.now();
    const startMs = lastWeekTuesdayMs(nowMs);
    const call = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}, t = token, tenant = 'fleetco') =>
      inject(app, endpoint, { ...request, headers: authHeaders(t, tenant) });
    const asPower = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}) =>
      call(endpoint, request, powerToken, 'netzero');

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      token = await created.issuer.token({ sub: 'u1', tenant: 'fleetco' });
      powerToken = await created.issuer.token({ sub: 'p1', tenant: 'netzero' });
      const key = (await createIngestKey(app, token, 'fleetco')).secret;
      await registerTracker(app, token, 'fleetco', { device_id: 'CAGE-1', device_type: 'Container' });
      await registerTracker(app, token, 'fleetco', { device_id: 'CAGE-2', device_type: 'Container' });
      await registerTracker(app, token, 'fleetco', { device_id: 'VAN-1' });
      await registerTracker(app, token, 'fleetco', { device_id: 'NEW-1' }); // never reported
      await addLocation(app, token, 'fleetco', DEPOT);
      await addLocation(app, token, 'fleetco', SITE);
      await addLocation(app, powerToken, 'netzero', { ...DEPOT, LocationID: 'NZ-YARD' });
      await registerTracker(app, powerToken, 'netzero', { device_id: 'NZ-VAN' });
      // CAGE-1: a 5-hour cycle, home since; CAGE-2: left the depot and has been at the site for 100 hours;
      // VAN-1: a 5-hour cycle, then out again and sitting at the site an hour ago.
      const at = (ms: number) => new Date(ms).toISOString();
      const messages = [
        ...roundTrip('CAGE-1', startMs),
        position('CAGE-2', 1, at(nowMs - 102 * HOUR_MS), DEPOT.Latitude, DEPOT.Longitude),
        position('CAGE-2', 2, at(nowMs - 100 * HOUR_MS), SITE.Latitude, SITE.Longitude),
        ...roundTrip('VAN-1', startMs + HOUR_MS),
        position('VAN-1', 20, at(nowMs - 2 * HOUR_MS), SITE.Latitude, SITE.Longitude),
        position('VAN-1', 21, at(nowMs - HOUR_MS), SITE.Latitude, SITE.Longitude),
      ];
      expect((await ingest(app, key, messages)).statusCode).toBe(200);
      await db.query("INSERT INTO customers (tenant_id, customer_id, name) VALUES ('fleetco', 'ACME', 'Acme')");
      await db.query("UPDATE locations SET customer_id = 'ACME' WHERE tenant_id = 'fleetco' AND location_id = 'SITE'");
    });

    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    it('gives cycle times from leaving the depot until back, with cycles under way only when asked', async () => {
      const finished = await call(api.cycleStats);
      expect(finished.statusCode, finished.body).toBe(200);
      expect(finished.json()).toEqual({
        cycles: 2,
        finished: 2,
        midcycle: 2,
        devices: 2,
        median_hours: 5,
        mean_hours: 5,
        min_hours: 5,
        max_hours: 5,
      });
      const all = (await call(api.cycleStats, { query: { include_midcycle: true } })).json();
      expect(all.cycles).toBe(4);
      expect(all.max_hours).toBeGreaterThan(100);
      expect((await call(api.cycleStats, { query: { category: 'Vehicle' } })).json().cycles).toBe(1);
      expect((await call(api.cycleStats, { query: { device_id: 'CAGE-1' } })).json().cycles).toBe(1);
      // From the site: only VAN-1 has been back there (CAGE-1 never returned, CAGE-2 never left).
      expect((await call(api.cycleStats, { query: { start_location_id: 'SITE' } })).json()).toMatchObject({ finished: 1, midcycle: 1 });
      const day = new Date(startMs).toISOString().slice(0, 10);
      expect((await call(api.cycleStats, { query: { start_date: day, end_date: day } })).json().cycles).toBe(2);
      expect((await call(api.cycleStats, { query: { customer_id: 'ACME' } })).json().cycles).toBe(2);
    });

    it('tells where each asset is in its cycle, per device and as a donut', async () => {
      const detail = (await call(api.cycleDetail)).json();
      expect(detail.map((d) => [d.device_id, d.phase, d.location_id, d.cycles, d.last_cycle_hours])).toEqual([
        ['CAGE-1', 'at_start', 'DEPOT', 1, 5],
        ['CAGE-2', 'at_site', 'SITE', 0, null],
        ['NEW-1', 'unknown', null, 0, null],
        ['VAN-1', 'at_site', 'SITE', 1, 5],
      ]);
      expect(detail[1]?.phase_since).toBe(new Date(nowMs - 100 * HOUR_MS).toISOString());
      const donut = (await call(api.cycleDonut)).json();
      expect(Object.fromEntries(donut.map((d) => [d.phase, d.devices]))).toEqual({
        at_start: 1,
        outbound: 0,
        at_site: 2,
        returning: 0,
        unknown: 1,
      });
      const history = (await call(api.cycleHistory, { query: { num_weeks: 2 } })).json();
      expect(history.map((h) => [h.week, h.cycles, h.median_hours])).toEqual([
        [weekIdOf(startMs), 2, 5],
        [weekIdOf(nowMs), 0, null],
      ]);
    });

    it('names the field of every bad cycle filter, and answers 404 for ids it does not know', async () => {
      expectValidationError(await call(api.cycleStats, { query: { include_midcycle: 'yes' } }), 'include_midcycle');
      expectValidationError(await call(api.cycleDetail, { query: { category: 'Boat' } }), 'category');
      expectValidationError(await call(api.cycleHistory, { query: { num_weeks: 'many' } }), 'num_weeks');
      expectValidationError(await call(api.cycleDonut, { query: { start_date: '2026-01-01' } }), 'end_date');
      expectValidationError(await call(api.cycleStats, { query: { start_date: '2026-02-01', end_date: '2026-01-01' } }), 'end_date');
      expectValidationError(await call(api.cycleStats, { query: { start_date: '1 May', end_date: '2026-01-01' } }), 'start_date');
      expectValidationError(await call(api.cycleStats, { query: { start_date: '2026-02-31', end_date: '2026-03-31' } }), 'start_date');
      expectValidationError(await call(api.cycleHistory, { query: { start_date: '0000-01-01', end_date: '2026-01-01' } }), 'start_date');
      for (const query of [{ start_location_id: 'NZ-YARD' }, { device_id: 'NZ-VAN' }, { customer_id: 'NOBODY' }])
        expect((await call(api.cycleStats, { query })).statusCode).toBe(404);
      expect((await asPower(api.cycleDetail, { query: { start_location_id: 'DEPOT' } })).statusCode).toBe(404);
      expect((await asPower(api.cycleDonut, { query: { device_id: 'CAGE-1' } })).statusCode).toBe(404);
    });

    it('reports assets per POI and location type, Static against Fluid by the tenant’s period, with dwell times', async () => {
      const answer = await call(api.poiReport, { query: { num_weeks: 2 } });
      expect(answer.statusCode, answer.body).toBe(200);
      const report = answer.json();
      expect(report.static_after_hours).toBe(72);
      expect(report.has_data).toBe(true);
      expect(report.by_type).toEqual([
        { category: 'Friendly', devices: 1, static: 1, fluid: 0 },
        { category: 'Non-Friendly', devices: 2, static: 1, fluid: 1 },
        { category: 'Outside POIs', devices: 0, static: 0, fluid: 0 },
        { category: 'No location data', devices: 1, static: 0, fluid: 0 },
      ]);
      const site = report.locations.find((l) => l.location_id === 'SITE');
      expect(site).toMatchObject({ devices: 2, static: 1, fluid: 1, arrivals: 4, customer_id: 'ACME' });
      await db.query("UPDATE tenants SET static_after_hours = 200 WHERE id = 'fleetco'");
      const longer = (await call(api.poiReport)).json();
      expect(longer.by_type[1]).toEqual({ category: 'Non-Friendly', devices: 2, static: 0, fluid: 2 });
      await db.query("UPDATE tenants SET static_after_hours = 72 WHERE id = 'fleetco'");
    });

    it('narrows the POI report to one POI or a customer, and has no data for a tenant without visits', async () => {
      const one = (await call(api.poiReport, { query: { location_id: 'DEPOT' } })).json();
      expect(one.locations.map((l) => l.location_id)).toEqual(['DEPOT']);
      // Two arrivals each of CAGE-1 and VAN-1, one of CAGE-2.
      expect(one.locations[0]).toMatchObject({ arrivals: 5, median_dwell_hours: 2 });
      await addLocation(app, token, 'fleetco', { ...SITE, LocationID: 'ELSEWHERE', Latitude: 52 });
      const acme = (await call(api.poiReport, { query: { customer_id: 'ACME' } })).json();
      expect(acme.locations.map((l) => l.location_id)).toEqual(['DEPOT', 'SITE']);
      expect((await call(api.poiReport, { query: { location_id: 'NZ-YARD' } })).statusCode).toBe(404);
      expect((await asPower(api.poiReport, { query: { location_id: 'DEPOT' } })).statusCode).toBe(404);
      const power = (await asPower(api.poiReport)).json();
      expect(power.has_data).toBe(false);
      expect(power.locations.map((l) => [l.location_id, l.arrivals])).toEqual([['NZ-YARD', 0]]);
      expectValidationError(await call(api.poiReport, { query: { num_weeks: -1 } }), 'num_weeks');
    });
  });
}
