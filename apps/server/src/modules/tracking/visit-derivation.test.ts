import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { createIngestKey, ingest } from '../../../test/support/power-fixtures';
import { createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';
import { addLocation, position, registerTracker } from '../../../test/support/tracking-fixtures';
import { DEPOT, lastWeekTuesdayMs, roundTrip, SITE } from '../../../test/support/journey-fixtures';

const HOUR_MS = 3_600_000;
const ROAD = { Latitude: 53.375, Longitude: -6.26 }; // between the depot and the site, in neither

for (const backend of TEST_DATABASES) {
  describe(`visits and journeys at ingest [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let key: string;
    const startMs = lastWeekTuesdayMs(Date.now());
    const send = async (messages: unknown[]) => expect((await ingest(app, key, messages)).statusCode).toBe(200);
    const visitsOf = (deviceId: string) =>
      db.query<{ location_id: string; arrived_ms: number; departed_ms: number | null; fix_count: number }>(
        `SELECT location_id, (extract(epoch FROM arrived_at) * 1000)::float8 AS arrived_ms,
                (extract(epoch FROM departed_at) * 1000)::float8 AS departed_ms, fix_count
           FROM tracking_visits WHERE tenant_id = 'fleetco' AND device_id = $1 ORDER BY arrived_at`,
        [deviceId],
      );
    const journeysOf = (deviceId: string) =>
      db.query<{ origin_id: string; destination_id: string; departed_ms: number; arrived_ms: number }>(
        `SELECT origin_id, destination_id, (extract(epoch FROM departed_at) * 1000)::float8 AS departed_ms,
                (extract(epoch FROM arrived_at) * 1000)::float8 AS arrived_ms
           FROM tracking_journeys WHERE tenant_id = 'fleetco' AND device_id = $1 ORDER BY arrived_at`,
        [deviceId],
      );
    const atHour = (hours: number) => startMs + hours * HOUR_MS;

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      const token = await created.issuer.token({ sub: 'u1', tenant: 'fleetco' });
      key = (await createIngestKey(app, token, 'fleetco')).secret;
      for (const id of ['IN-ORDER', 'LATE', 'REPEATED', 'OUT-IN-ORDER', 'OUT-LATE', 'OUT-SHUFFLED'])
        await registerTracker(app, token, 'fleetco', { device_id: id });
      await addLocation(app, token, 'fleetco', DEPOT);
      await addLocation(app, token, 'fleetco', SITE);
    });

    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    it('derives visits and journeys from fixes sent in order, one message at a time', async () => {
      for (const message of roundTrip('IN-ORDER', startMs)) await send([message]);
      expect(await visitsOf('IN-ORDER')).toEqual([
        { location_id: 'DEPOT', arrived_ms: atHour(0), departed_ms: atHour(2), fix_count: 2 },
        { location_id: 'SITE', arrived_ms: atHour(3), departed_ms: atHour(6), fix_count: 2 },
        { location_id: 'DEPOT', arrived_ms: atHour(7), departed_ms: null, fix_count: 1 },
      ]);
      expect(await journeysOf('IN-ORDER')).toEqual([
        { origin_id: 'DEPOT', destination_id: 'SITE', departed_ms: atHour(2), arrived_ms: atHour(3) },
        { origin_id: 'SITE', destination_id: 'DEPOT', departed_ms: atHour(6), arrived_ms: atHour(7) },
      ]);
    });

    it('gives the same visits and journeys when the later fixes arrive first and the earlier ones late', async () => {
      const trip = roundTrip('LATE', startMs);
      await send([trip[3], trip[6]]); // at the site, back at the depot
      expect(await journeysOf('LATE')).toEqual([
        { origin_id: 'SITE', destination_id: 'DEPOT', departed_ms: atHour(7), arrived_ms: atHour(7) },
      ]);
      await send([trip[5], trip[0]]);
      await send([trip[4]]);
      await send([trip[2], trip[1]]);
      expect(await visitsOf('LATE')).toEqual(await visitsOf('IN-ORDER'));
      expect(await journeysOf('LATE')).toEqual(await journeysOf('IN-ORDER'));
    });

    it('changes nothing when fixes come again, alone or beside new ones', async () => {
      const trip = roundTrip('REPEATED', startMs);
      await send(trip);
      await send([trip[4], trip[1], trip[4]]);
      await send([...trip].reverse());
      expect(await visitsOf('REPEATED')).toEqual(await visitsOf('IN-ORDER'));
      expect(await journeysOf('REPEATED')).toEqual(await journeysOf('IN-ORDER'));
    });

    // Outside every POI for a while, one fix at the depot, a long stretch on the road, one at the site, the road again:
    // the windows that start at the earliest fresh fix (no visit before it, or one departed before it).
    const outAndAbout = (deviceId: string) =>
      [ROAD, ROAD, DEPOT, ROAD, ROAD, ROAD, SITE, ROAD].map((p, hours) =>
        position(deviceId, hours + 1, new Date(atHour(hours)).toISOString(), p.Latitude, p.Longitude),
      );
    const expectedOut = {
      visits: [
        { location_id: 'DEPOT', arrived_ms: atHour(2), departed_ms: atHour(3), fix_count: 1 },
        { location_id: 'SITE', arrived_ms: atHour(6), departed_ms: atHour(7), fix_count: 1 },
      ],
      journeys: [{ origin_id: 'DEPOT', destination_id: 'SITE', departed_ms: atHour(3), arrived_ms: atHour(6) }],
    };

    it('derives the same visits and journeys from fixes outside every POI, in order or not', async () => {
      for (const message of outAndAbout('OUT-IN-ORDER')) await send([message]);
      expect({ visits: await visitsOf('OUT-IN-ORDER'), journeys: await journeysOf('OUT-IN-ORDER') }).toEqual(expectedOut);

      const late = outAndAbout('OUT-LATE'); // the depot visit has departed before the later batches' fixes
      for (const batch of [
        [late[0], late[1], late[2], late[3]],
        [late[6], late[7]],
        [late[5], late[4]],
      ])
        await send(batch);
      expect({ visits: await visitsOf('OUT-LATE'), journeys: await journeysOf('OUT-LATE') }).toEqual(expectedOut);

      const shuffled = outAndAbout('OUT-SHUFFLED'); // every window without a visit before it
      for (const batch of [[shuffled[5], shuffled[6]], [shuffled[0], shuffled[7]], [shuffled[3]], [shuffled[2], shuffled[1], shuffled[4]]])
        await send(batch);
      expect({ visits: await visitsOf('OUT-SHUFFLED'), journeys: await journeysOf('OUT-SHUFFLED') }).toEqual(expectedOut);
    });
  });
}
