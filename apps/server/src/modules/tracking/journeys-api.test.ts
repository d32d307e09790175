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
import { addLocation, registerTracker } from '../../../test/support/tracking-fixtures';
import { DEPOT, lastWeekTuesdayMs, roundTrip, SITE } from '../../../test/support/journey-fixtures';

const HOUR_MS = 3_600_000;

for (const backend of TEST_DATABASES) {
  describe(`journeys, arrivals and the journey watchlist API [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let token: string;
    let otherUser: string;
    let powerToken: string;
    const startMs = lastWeekTuesdayMs(Date.now());
    const week = weekIdOf(startMs);
    const call = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}, t = token, tenant = 'fleetco') =>
      inject(app, endpoint, { ...request, headers: authHeaders(t, tenant) });
    const asPower = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}) =>
      call(endpoint, request, powerToken, 'netzero');

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      token = await created.issuer.token({ sub: 'u1', tenant: 'fleetco' });
      otherUser = await created.issuer.token({ sub: 'u2', tenant: 'fleetco' });
      powerToken = await created.issuer.token({ sub: 'p1', tenant: 'netzero' });
      const key = (await createIngestKey(app, token, 'fleetco')).secret;
      for (const id of ['T-1', 'T-2']) await registerTracker(app, token, 'fleetco', { device_id: id });
      await addLocation(app, token, 'fleetco', DEPOT);
      await addLocation(app, token, 'fleetco', SITE);
      await addLocation(app, powerToken, 'netzero', { ...DEPOT, LocationID: 'NZ-YARD' });
      await registerTracker(app, powerToken, 'netzero', { device_id: 'NZ-VAN' });
      // T-2 makes the same round trip two hours after T-1: 60-minute journeys both ways.
      const sent = await ingest(app, key, [...roundTrip('T-1', startMs), ...roundTrip('T-2', startMs + 2 * HOUR_MS)]);
      expect(sent.statusCode).toBe(200);
      await db.query(
        "INSERT INTO customers (tenant_id, customer_id, name) VALUES ('fleetco', 'ACME', 'Acme'), ('fleetco', 'OTHERCO', 'Other')",
      );
      await db.query("UPDATE locations SET customer_id = 'ACME' WHERE tenant_id = 'fleetco' AND location_id = 'SITE'");
    });

    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    it('lists the origin-destination pairs with their counts and durations per week', async () => {
      const answer = await call(api.journeys, { query: { num_weeks: 4 } });
      expect(answer.statusCode, answer.body).toBe(200);
      const { weeks, pairs } = answer.json();
      expect(weeks).toHaveLength(4);
      expect(weeks[2]).toBe(week);
      expect(pairs.map((p) => `${p.origin.location_id}>${p.destination.location_id}`).sort()).toEqual(['DEPOT>SITE', 'SITE>DEPOT']);
      const out = pairs.find((p) => p.origin.location_id === 'DEPOT');
      expect(out).toMatchObject({
        total: 2,
        median_minutes: 60,
        watchlisted: false,
        destination: { name: 'POI SITE', location_type: 'Non-Friendly' },
      });
      expect(out?.weeks[2]).toEqual({ week, count: 2, median_minutes: 60, mean_minutes: 60 });
      expect(out?.weeks[3]).toEqual({ week: weeks[3], count: 0, median_minutes: null, mean_minutes: null });
    });

    it('narrows the pairs to a customer’s sites, and answers 404 for an unknown customer', async () => {
      expect((await call(api.journeys, { query: { customer_id: 'ACME' } })).json().pairs).toHaveLength(2);
      expect((await call(api.journeys, { query: { customer_id: 'OTHERCO' } })).json().pairs).toHaveLength(0);
      expect((await call(api.journeys, { query: { customer_id: 'NOBODY' } })).statusCode).toBe(404);
      expectValidationError(await call(api.journeys, { query: { num_weeks: 0 } }), 'num_weeks');
      expect((await asPower(api.journeys)).json().pairs).toEqual([]);
    });

    it('lists the devices that made a journey in a week, or over recent weeks', async () => {
      const answer = await call(api.journeyDevices, { params: { originId: 'DEPOT', destinationId: 'SITE', weeks: week } });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().weeks).toHaveLength(1);
      const journeys = answer.json().weeks[0]?.journeys ?? [];
      expect(journeys.map((j) => [j.device_id, j.name, j.duration_minutes])).toEqual([
        ['T-2', 'Tracker T-2', 60],
        ['T-1', 'Tracker T-1', 60],
      ]);
      expect(journeys[1]?.departed_at).toBe(new Date(startMs + 2 * HOUR_MS).toISOString());
      const recent = (await call(api.journeyDevices, { params: { originId: 'DEPOT', destinationId: 'SITE', weeks: 3 } })).json();
      expect(recent.weeks.map((w) => w.journeys.length)).toEqual([0, 2, 0]);
      expectValidationError(
        await call(api.journeyDevices, { params: { originId: 'DEPOT', destinationId: 'SITE', weeks: 'soon' } }),
        'weeks',
      );
      // Any day names its week: the Tuesday of the journeys gives the same answer as its Monday.
      const tuesday = new Date(startMs).toISOString().slice(0, 10);
      const byDay = await call(api.journeyDevices, { params: { originId: 'DEPOT', destinationId: 'SITE', weeks: tuesday } });
      expect(byDay.json()).toEqual(answer.json());
      expectValidationError(
        await call(api.journeyDevices, { params: { originId: 'DEPOT', destinationId: 'SITE', weeks: '2026-02-30' } }),
        'weeks',
      );
    });

    it('lists a device’s journeys, newest first', async () => {
      const answer = await call(api.deviceJourneys, { params: { device_id: 'T-1' } });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().map((j) => [j.origin.location_id, j.destination.location_id, j.duration_minutes])).toEqual([
        ['SITE', 'DEPOT', 60],
        ['DEPOT', 'SITE', 60],
      ]);
      expectValidationError(await call(api.deviceJourneys, { params: { device_id: 'T-1' }, query: { num_weeks: 53 } }), 'num_weeks');
    });

    it('gives a location’s arrivals per day of a week and its dwell times', async () => {
      const answer = await call(api.arriveStats, { params: { locationId: 'SITE', week } });
      expect(answer.statusCode, answer.body).toBe(200);
      const stats = answer.json();
      expect(stats.days.map((d) => d.arrivals)).toEqual([0, 2, 0, 0, 0, 0, 0]); // both on the Tuesday
      expect(stats.days[0]?.date).toBe(week);
      expect(stats.dwell).toEqual({ visits: 2, median_hours: 3, mean_hours: 3, max_hours: 3 });
      expect(stats.visits.map((v) => v.device_id).sort()).toEqual(['T-1', 'T-2']);
      expect(stats.history).toHaveLength(8);
      expect(stats.history[7]).toEqual({ week, arrivals: 2, median_dwell_hours: 3 });
      expectValidationError(await call(api.arriveStats, { params: { locationId: 'SITE', week: '2026-13-01' } }), 'week');
    });

    it('keeps each user’s journey watchlist, and marks the pairs it holds', async () => {
      expectValidationError(await call(api.watchJourney, { body: { origin_id: 'DEPOT' } }), 'destination_id');
      expectValidationError(await call(api.unwatchJourney, { body: { origin_id: '', destination_id: 'SITE' } }), 'origin_id');
      const added = await call(api.watchJourney, { body: { origin_id: 'DEPOT', destination_id: 'SITE' } });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json().map((w) => [w.origin_id, w.destination_id])).toEqual([['DEPOT', 'SITE']]);
      await call(api.watchJourney, { body: { origin_id: 'DEPOT', destination_id: 'SITE' } }); // twice: kept once
      expect((await call(api.journeyWatchlist)).json()).toHaveLength(1);
      expect((await call(api.journeyWatchlist, {}, otherUser)).json()).toEqual([]);
      const pairs = (await call(api.journeys)).json().pairs;
      expect(pairs.find((p) => p.origin.location_id === 'DEPOT')?.watchlisted).toBe(true);
      expect(pairs.find((p) => p.origin.location_id === 'SITE')?.watchlisted).toBe(false);
      const removed = await call(api.unwatchJourney, { body: { origin_id: 'DEPOT', destination_id: 'SITE' } });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual([]);
    });

    it('answers 404 for another tenant’s ids, in both directions', async () => {
      const fleetIds = [
        await asPower(api.journeyDevices, { params: { originId: 'DEPOT', destinationId: 'SITE', weeks: week } }),
        await asPower(api.deviceJourneys, { params: { device_id: 'T-1' } }),
        await asPower(api.arriveStats, { params: { locationId: 'SITE', week } }),
        await asPower(api.watchJourney, { body: { origin_id: 'DEPOT', destination_id: 'SITE' } }),
      ];
      const powerIds = [
        await call(api.journeyDevices, { params: { originId: 'NZ-YARD', destinationId: 'SITE', weeks: week } }),
        await call(api.deviceJourneys, { params: { device_id: 'NZ-VAN' } }),
        await call(api.arriveStats, { params: { locationId: 'NZ-YARD', week } }),
        await call(api.watchJourney, { body: { origin_id: 'DEPOT', destination_id: 'NZ-YARD' } }),
      ];
      for (const answer of [...fleetIds, ...powerIds]) expect(answer.statusCode, answer.body).toBe(404);
      expect((await asPower(api.journeyWatchlist)).json()).toEqual([]);
    });
  });
}
