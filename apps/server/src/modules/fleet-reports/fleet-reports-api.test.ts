import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EndpointDescription } from '@gridlens/contract/endpoint';
import { fleetReportsApi as api } from '@gridlens/contract/fleet-reports';
import { trackingDevicesApi } from '@gridlens/contract/tracking-devices';
import { trackingJourneysApi } from '@gridlens/contract/tracking-journeys';
import { isoWeekOfMonday } from '@gridlens/domain/reports/iso-week';
import { daysBefore } from '@gridlens/domain/time-range';
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
const DAY_MS = 24 * HOUR_MS;

for (const backend of TEST_DATABASES) {
  describe(`the fleet and KPI reports API [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let token: string;
    let powerToken: string;
    let installer: string;
    // The test tenants' calendar is UTC: last week's Tuesday is in the last complete week whatever the hour.
    const startMs = lastWeekTuesdayMs(Date.now());
    const monday = weekIdOf(startMs);
    const previous = daysBefore(monday, 7);
    const call = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}, t = token, tenant = 'fleetco') =>
      inject(app, endpoint, { ...request, headers: authHeaders(t, tenant) });

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      token = await created.issuer.token({ sub: 'u1', tenant: 'fleetco' });
      powerToken = await created.issuer.token({ sub: 'p1', tenant: 'netzero' });
      installer = await created.issuer.token({ sub: 'i1', tenant: 'fleetco', roles: ['Installer'] });
      const key = (await createIngestKey(app, token, 'fleetco')).secret;
      for (const id of ['T-1', 'T-2']) await registerTracker(app, token, 'fleetco', { device_id: id, device_type: 'Vehicle' });
      await registerTracker(app, token, 'fleetco', { device_id: 'T-3', device_type: 'Trailer' });
      await addLocation(app, token, 'fleetco', DEPOT);
      await addLocation(app, token, 'fleetco', SITE);
      // The week before: T-1 alone makes the round trip. Last week: T-1 and T-2 make it, T-3 is left at the site
      // with a low battery (held there beyond the 72-hour Static period).
      const sent = await ingest(app, key, [
        ...roundTrip('T-1', startMs - 7 * DAY_MS),
        ...roundTrip('T-1', startMs, 20),
        ...roundTrip('T-2', startMs + 2 * HOUR_MS),
        position('T-3', 1, new Date(startMs).toISOString(), SITE.Latitude, SITE.Longitude, { battery_pct: 12 }),
        position('T-3', 2, new Date(startMs + HOUR_MS).toISOString(), SITE.Latitude, SITE.Longitude, { battery_pct: 11 }),
      ]);
      expect(sent.statusCode, sent.body).toBe(200);
      await db.query("INSERT INTO customers (tenant_id, customer_id, name) VALUES ('fleetco', 'ACME', 'Acme')");
      await db.query("INSERT INTO customers (tenant_id, customer_id, name) VALUES ('netzero', 'NZ-CUST', 'Other tenant’s customer')");
      await db.query("UPDATE locations SET customer_id = 'ACME' WHERE tenant_id = 'fleetco' AND location_id = 'SITE'");
      // Registered five weeks ago: the KPI report's earlier weeks had no fleet yet.
      await db.query("UPDATE tracking_devices SET created_at = now() - interval '35 days' WHERE tenant_id = 'fleetco'");
      // T-1 registered only now, after its messages (as an import or the demo registers trackers): it is in the
      // fleet from its first message, not from its registration.
      await db.query("UPDATE tracking_devices SET created_at = now() WHERE tenant_id = 'fleetco' AND device_id = 'T-1'");
    });

    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    it('reports the last complete week by default, and the same week by its ISO name', async () => {
      const answer = await call(api.fleet);
      expect(answer.statusCode, answer.body).toBe(200);
      const report = answer.json();
      expect(report.week).toEqual({ week: isoWeekOfMonday(monday), monday, sunday: daysBefore(monday, -6) });
      expect(report.previous_week.monday).toBe(previous);
      expect(report).toMatchObject({
        tenant_name: 'FleetCo Logistics',
        time_zone: 'UTC',
        static_after_hours: 72,
        customer: null,
        devices: 3,
      });
      const named = (await call(api.fleet, { query: { week: isoWeekOfMonday(monday) } })).json();
      // The same week: everything but the moment it was read, and the hours held that grow with it.
      for (const section of ['week', 'by_type', 'journeys', 'by_tracker_type', 'changes', 'silent', 'low_battery'] as const)
        expect(named[section]).toEqual(report[section]);
    });

    it('counts the journeys of the week and the week before as the Journeys screen does', async () => {
      const report = (await call(api.fleet)).json();
      const screen = (await call(trackingJourneysApi.journeys, { query: { num_weeks: 3 } })).json();
      expect(screen.weeks.slice(0, 2)).toEqual([previous, monday]);
      const countOf = (week: string) => screen.pairs.reduce((sum, p) => sum + (p.weeks.find((w) => w.week === week)?.count ?? 0), 0);
      expect(report.journeys.total).toBe(countOf(monday));
      expect(report.journeys.previous_total).toBe(countOf(previous));
      expect(report.journeys.total).toBe(4);
      expect(report.journeys.previous_total).toBe(2);
      expect(report.changes.journeys).toEqual({ current: 4, previous: 2, delta: 2, pct: 100 });
      expect(report.journeys.pairs.map((p) => [p.origin.location_id, p.destination.location_id, p.count, p.previous_count])).toEqual([
        ['DEPOT', 'SITE', 2, 1],
        ['SITE', 'DEPOT', 2, 1],
      ]);
    });

    it('shows where the trackers are now as the Fleet report screen, and silent and low-battery ones as Devices', async () => {
      const report = (await call(api.fleet)).json();
      const poi = (await call(trackingJourneysApi.poiReport, { query: { num_weeks: 1 } })).json();
      expect(report.by_type).toEqual(poi.by_type);
      expect(report.movement).toEqual({ static: 3, fluid: 0 });
      const stats = (await call(trackingDevicesApi.stats, { params: { duration: '7d' } })).json();
      expect(report.silent).toHaveLength(stats.silent_devices);
      expect(report.low_battery).toHaveLength(stats.low_battery_devices);
      expect(report.low_battery.map((d) => [d.device_id, d.battery_pct])).toEqual([['T-3', 11]]);
      expect(report.held).toHaveLength(1);
      expect(report.held[0]).toMatchObject({ customer_id: 'ACME', customer_name: 'Acme' });
      expect(report.held[0]?.devices.map((d) => [d.device_id, d.location.location_id])).toEqual([['T-3', 'SITE']]);
      expect(report.held[0]?.devices[0]?.held_hours).toBeGreaterThan(72);
    });

    it('gives cycle and dwell times by tracker type as the cycle and arrival figures do', async () => {
      const report = (await call(api.fleet)).json();
      const cycles = (
        await call(trackingJourneysApi.cycleStats, { query: { start_date: monday, end_date: daysBefore(monday, -6), category: 'Vehicle' } })
      ).json();
      const vehicles = report.by_tracker_type.find((t) => t.device_type === 'Vehicle');
      expect(vehicles).toMatchObject({ devices: 2, cycles: cycles.cycles, median_cycle_hours: cycles.median_hours });
      expect(vehicles?.cycles).toBe(2);
      expect(vehicles?.median_cycle_hours).toBe(5);
      expect(vehicles?.previous_median_cycle_hours).toBe(5);
      const site = (await call(trackingJourneysApi.arriveStats, { params: { locationId: 'SITE', week: monday } })).json();
      const depot = (await call(trackingJourneysApi.arriveStats, { params: { locationId: 'DEPOT', week: monday } })).json();
      expect(report.changes.arrivals.current).toBe(site.dwell.visits + depot.dwell.visits);
      const trailers = report.by_tracker_type.find((t) => t.device_type === 'Trailer');
      expect(trailers).toMatchObject({ devices: 1, cycles: 0, visits: 1 });
    });

    it('narrows to one customer, and answers 404 for a customer of another tenant or none', async () => {
      const report = (await call(api.fleet, { query: { customer: 'ACME' } })).json();
      expect(report.customer).toEqual({ customer_id: 'ACME', name: 'Acme' });
      expect(report.devices).toBe(1);
      expect((await call(api.fleet, { query: { customer: 'NZ-CUST' } })).statusCode).toBe(404);
      expect((await call(api.fleet, { query: { customer: 'NOBODY' } })).statusCode).toBe(404);
    });

    it('refuses a week that is not an ISO week, has not begun, or is beyond the last 52', async () => {
      for (const week of ['2026-11-23', '2026-W60', 'soon', '2027-W53'])
        expectValidationError(await call(api.fleet, { query: { week } }), 'week');
      const nextWeek = isoWeekOfMonday(daysBefore(monday, -14));
      expectValidationError(await call(api.fleet, { query: { week: nextWeek } }), 'week');
      expectValidationError(await call(api.fleet, { query: { week: isoWeekOfMonday(daysBefore(monday, 7 * 60)) } }), 'week');
      expectValidationError(await call(api.kpi, { query: { weeks: 0 } }), 'weeks');
      expectValidationError(await call(api.kpi, { query: { weeks: 53 } }), 'weeks');
    });

    it('gives the key figures of the last 24 complete weeks', async () => {
      const answer = await call(api.kpi);
      expect(answer.statusCode, answer.body).toBe(200);
      const kpi = answer.json();
      expect(kpi.weeks).toHaveLength(24);
      expect(kpi.last_week.monday).toBe(monday);
      const [before, last] = kpi.weeks.slice(-2);
      expect(last).toMatchObject({ monday, devices: 3, journeys: 4, median_cycle_hours: 5, held_beyond_static: 1, silent_over_7_days: 0 });
      expect(last?.utilisation_pct).toBeCloseTo(200 / 3, 6);
      expect(before).toMatchObject({ monday: previous, journeys: 2, median_cycle_hours: 5, held_beyond_static: 0, silent_over_7_days: 2 });
      expect(before?.utilisation_pct).toBeCloseTo(100 / 3, 6);
      // Three weeks before the last, T-2 and T-3 were registered and silent, T-1 not yet heard from; long before,
      // none was registered.
      expect(kpi.weeks.at(-3)).toMatchObject({ devices: 2, journeys: 0, utilisation_pct: 0, silent_over_7_days: 2 });
      expect(kpi.weeks[0]).toMatchObject({
        devices: 0,
        journeys: 0,
        utilisation_pct: null,
        median_cycle_hours: null,
        silent_over_7_days: 0,
      });
      const history = (await call(trackingJourneysApi.cycleHistory, { query: { num_weeks: 3 } })).json();
      expect(history.find((w) => w.week === monday)?.median_hours).toBe(last?.median_cycle_hours);
      expect((await call(api.kpi, { query: { weeks: 4 } })).json().weeks).toHaveLength(4);
    });

    it('answers 404 to a power-data tenant and 403 to an installer', async () => {
      expect((await call(api.fleet, {}, powerToken, 'netzero')).statusCode).toBe(404);
      expect((await call(api.kpi, {}, powerToken, 'netzero')).statusCode).toBe(404);
      expect((await call(api.fleet, {}, installer)).statusCode).toBe(403);
      expect((await call(api.kpi, {}, installer)).statusCode).toBe(403);
    });
  });
}
