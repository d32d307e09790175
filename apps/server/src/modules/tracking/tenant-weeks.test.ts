import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';
import { addLocation, registerTracker } from '../../../test/support/tracking-fixtures';
import { DEPOT, SITE } from '../../../test/support/journey-fixtures';
import { createCyclesService } from './cycles.service';
import { createJourneysRepository } from './journeys.repository';
import { createJourneysService } from './journeys.service';
import { createPoiReportService } from './poi-report.service';

const at = (iso: string) => Date.parse(iso);

/**
 * The weeks of journeys, arrivals and cycles follow the tenant's calendar (issue 27), with the clock and the zone
 * injected: each case puts a moment on a week's edge where the local week and the UTC week differ.
 */
for (const backend of TEST_DATABASES) {
  describe(`tracking weeks in the tenant's time zone [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    const services = (timeZone: string, nowIso: string) => {
      const repository = createJourneysRepository(db);
      const now = () => at(nowIso);
      const zone = () => Promise.resolve(timeZone);
      return {
        journeys: createJourneysService(repository, () => Promise.resolve(true), zone, now),
        cycles: createCyclesService(repository, zone, now),
        poiReport: createPoiReportService(repository, () => Promise.resolve(72), zone, now),
      };
    };
    const journey = (device: string, from: string, to: string, departed: string, arrived: string) =>
      db.query(
        'INSERT INTO tracking_journeys (tenant_id, device_id, origin_id, destination_id, departed_at, arrived_at) VALUES ($1, $2, $3, $4, $5, $6)',
        ['fleetco', device, from, to, departed, arrived],
      );
    const visit = (device: string, location: string, arrived: string, departed: string | null, lastSeen: string) =>
      db.query(
        'INSERT INTO tracking_visits (tenant_id, device_id, location_id, arrived_at, departed_at, last_seen_at, fix_count) VALUES ($1, $2, $3, $4, $5, $6, 2)',
        ['fleetco', device, location, arrived, departed, lastSeen],
      );

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      const token = await created.issuer.token({ sub: 'u1', tenant: 'fleetco' });
      for (const id of ['T-1', 'T-2', 'T-3']) await registerTracker(app, token, 'fleetco', { device_id: id });
      await addLocation(app, token, 'fleetco', DEPOT);
      await addLocation(app, token, 'fleetco', SITE);
      await db.query("INSERT INTO customers (tenant_id, customer_id, name) VALUES ('fleetco', 'ACME', 'Acme')");
      await db.query("UPDATE locations SET customer_id = 'ACME' WHERE tenant_id = 'fleetco' AND location_id = 'SITE'");
    });

    beforeEach(async () => {
      for (const table of ['tracking_journeys', 'tracking_visits', 'tracking_latest'])
        await db.query(`DELETE FROM ${table} WHERE tenant_id = 'fleetco'`);
    });

    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    it('counts a journey in the week of its local arrival: Sunday noon UTC is Monday in Auckland', async () => {
      // Arrives Sunday 22 November 12:00 UTC: Monday 23 November 01:00 in Auckland (UTC+13).
      await journey('T-1', 'DEPOT', 'SITE', '2026-11-22T11:00:00Z', '2026-11-22T12:00:00Z');
      const auckland = services('Pacific/Auckland', '2026-11-25T00:00:00Z');
      const pairs = await auckland.journeys.pairs('fleetco', 'u1', 2);
      expect(pairs.weeks).toEqual(['2026-11-16', '2026-11-23']);
      expect(pairs.pairs[0]?.weeks.map((w) => w.count)).toEqual([0, 1]);
      const devices = await auckland.journeys.pairDevices('fleetco', 'DEPOT', 'SITE', '2026-11-23');
      expect(devices.weeks).toEqual([{ week: '2026-11-23', journeys: [expect.objectContaining({ device_id: 'T-1' })] }]);
      // A device's journey links to the week it counts in.
      expect((await auckland.journeys.deviceJourneys('fleetco', 'T-1', 2)).map((j) => j.week)).toEqual(['2026-11-23']);
      // The same journey in a UTC tenant falls in the week before.
      const utc = await services('UTC', '2026-11-25T00:00:00Z').journeys.pairs('fleetco', 'u1', 2);
      expect(utc.pairs[0]?.weeks.map((w) => w.count)).toEqual([1, 0]);
    });

    it('keeps the week of a change of clocks whole: Monday 00:30 summer time and Sunday 23:30 winter time', async () => {
      // Dublin: 18 October 23:30 UTC is Monday 19 October 00:30 (UTC+1); 25 October 23:30 UTC is Sunday 23:30 (GMT).
      await journey('T-1', 'DEPOT', 'SITE', '2026-10-18T23:00:00Z', '2026-10-18T23:30:00Z');
      await journey('T-2', 'DEPOT', 'SITE', '2026-10-25T23:00:00Z', '2026-10-25T23:30:00Z');
      const pairs = await services('Europe/Dublin', '2026-10-28T12:00:00Z').journeys.pairs('fleetco', 'u1', 3);
      expect(pairs.weeks).toEqual(['2026-10-12', '2026-10-19', '2026-10-26']);
      expect(pairs.pairs[0]?.weeks.map((w) => w.count)).toEqual([0, 2, 0]);
    });

    it('counts a location’s arrivals on the local days of the week', async () => {
      await visit('T-1', 'SITE', '2026-11-22T12:00:00Z', '2026-11-22T14:00:00Z', '2026-11-22T14:00:00Z');
      const arrivals = await services('Pacific/Auckland', '2026-11-25T00:00:00Z').journeys.arrivals('fleetco', 'SITE', '2026-11-23');
      expect(arrivals.days[0]).toEqual({ date: '2026-11-23', arrivals: 1 });
      expect(arrivals.dwell.visits).toBe(1);
      expect(arrivals.history.at(-1)).toMatchObject({ week: '2026-11-23', arrivals: 1 });
      expect(arrivals.history.at(-2)).toMatchObject({ week: '2026-11-16', arrivals: 0 });
    });

    it('puts a cycle in its local week and marks the week under way as partial', async () => {
      // Leaves the depot at 11:00 UTC on Sunday 22 November: Monday 00:00 in Auckland, the first moment of its week.
      await visit('T-1', 'DEPOT', '2026-11-22T08:00:00Z', '2026-11-22T11:00:00Z', '2026-11-22T11:00:00Z');
      await visit('T-1', 'SITE', '2026-11-22T12:00:00Z', '2026-11-22T14:00:00Z', '2026-11-22T14:00:00Z');
      await visit('T-1', 'DEPOT', '2026-11-22T15:00:00Z', null, '2026-11-22T16:00:00Z');
      const history = await services('Pacific/Auckland', '2026-11-25T00:00:00Z').cycles.history('fleetco', {
        num_weeks: 2,
        include_midcycle: false,
      });
      expect(history).toEqual([
        { week: '2026-11-16', cycles: 0, median_hours: null, mean_hours: null, partial: false },
        { week: '2026-11-23', cycles: 1, median_hours: 4, mean_hours: 4, partial: true },
      ]);
      // A week is whole once its local Sunday has ended: at Auckland's Monday midnight none is under way but the new one.
      const later = await services('Pacific/Auckland', '2026-11-29T11:00:00Z').cycles.history('fleetco', {
        num_weeks: 2,
        include_midcycle: false,
      });
      expect(later.map((w) => [w.week, w.partial])).toEqual([
        ['2026-11-23', false],
        ['2026-11-30', true],
      ]);
    });

    it('counts only the chosen customer’s devices in the assets by location type now', async () => {
      const latest = (device: string, location: string | null) =>
        db.query(
          `INSERT INTO tracking_latest (tenant_id, device_id, last_seq, last_message_at, latitude, longitude, message_type, location_id,
                                        still_since, still_latitude, still_longitude)
           VALUES ('fleetco', $1, 1, '2026-11-24T00:00:00Z', 53.4, -6.26, 'gps', $2, '2026-11-24T00:00:00Z', 53.4, -6.26)`,
          [device, location],
        );
      await latest('T-1', 'SITE');
      await latest('T-2', 'DEPOT');
      // T-3 never reported: No location data for the fleet, and no customer's.
      const report = services('Europe/Dublin', '2026-11-25T00:00:00Z').poiReport;
      const counts = (r: Awaited<ReturnType<typeof report>>) => Object.fromEntries(r.by_type.map((row) => [row.category, row.devices]));
      expect(counts(await report('fleetco', { num_weeks: 2 }))).toEqual({
        Friendly: 1,
        'Non-Friendly': 1,
        'Outside POIs': 0,
        'No location data': 1,
      });
      const acme = await report('fleetco', { num_weeks: 2, customer_id: 'ACME' });
      expect(counts(acme)).toEqual({ Friendly: 0, 'Non-Friendly': 1, 'Outside POIs': 0, 'No location data': 0 });
      expect(acme.locations.find((l) => l.location_id === 'SITE')?.devices).toBe(1);
    });
  });
}
