import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEVICE_CLOCK_AHEAD_MAX_MINUTES_DEFAULT } from '@gridlens/domain/device-clock';
import type { Database } from '../../db/database';
import { createIngestKey, ingest, minutesBefore, reading, registerDevice } from '../../../test/support/power-fixtures';
import { position, registerTracker } from '../../../test/support/tracking-fixtures';
import { createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';

const FAR_FUTURE = '2100-01-01T00:00:00.000Z';
const YEAR_ONE = '0001-01-01T00:00:00.000Z';

for (const backend of TEST_DATABASES) {
  describe(`a device's clock [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let powerKey: string;
    let trackingKey: string;
    const now = Date.now();
    const at = (minutesAgo: number) => minutesBefore(now, minutesAgo);
    const iso = (value: unknown) => new Date(value as string).toISOString();

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      const power = await created.issuer.token({ sub: 'u1', tenant: 'netzero' });
      const tracking = await created.issuer.token({ sub: 't1', tenant: 'fleetco' });
      for (const id of ['CLK-1', 'CLK-2']) await registerDevice(app, power, 'netzero', { device_id: id });
      await registerTracker(app, tracking, 'fleetco', { device_id: 'CLK-T' });
      powerKey = (await createIngestKey(app, power, 'netzero')).secret;
      trackingKey = (await createIngestKey(app, tracking, 'fleetco')).secret;
    });
    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    const latestOf = async (table: 'power_device_latest' | 'tracking_latest', deviceId: string) =>
      (
        await db.query<{ last_message_at: Date; battery_pct: number | null }>(
          `SELECT last_message_at, battery_pct FROM ${table} WHERE device_id = $1`,
          [deviceId],
        )
      )[0];

    it('refuses, one by one, messages dated far ahead of the server or far back, and keeps the good ones', async () => {
      const ahead = new Date(now + (DEVICE_CLOCK_AHEAD_MAX_MINUTES_DEFAULT + 5) * 60_000).toISOString();
      const answer = await ingest(app, powerKey, [
        reading('CLK-1', 1, at(20), { battery_pct: 70 }),
        reading('CLK-1', 2, FAR_FUTURE, { battery_pct: 10 }),
        reading('CLK-1', 3, YEAR_ONE, { battery_pct: 10 }),
        reading('CLK-1', 4, ahead, { battery_pct: 10 }),
        reading('CLK-1', 5, new Date(now + 60_000).toISOString(), { battery_pct: 75 }), // a minute ahead: a clock's drift
      ]);
      expect(answer.statusCode).toBe(200);
      const { results } = answer.json();
      expect(results.map((r) => r.status)).toEqual(['accepted', 'rejected', 'rejected', 'rejected', 'accepted']);
      for (const refused of results.slice(1, 4)) {
        expect(refused.fields).toEqual(['time']);
        expect(refused.reason).toMatch(/^clock_out_of_window: time: /);
      }
      const letters = await db.query<{ reason: string }>("SELECT reason FROM ingest_dead_letters WHERE device_id = 'CLK-1' ORDER BY id");
      expect(letters.map((l) => l.reason.split(':')[0])).toEqual(['clock_out_of_window', 'clock_out_of_window', 'clock_out_of_window']);
      const latest = await latestOf('power_device_latest', 'CLK-1');
      expect(latest?.battery_pct).toBe(75);
      expect(iso(latest?.last_message_at)).toBe(new Date(now + 60_000).toISOString());
    });

    it('lets current readings replace a latest state dated in 2100, which no longer pins the device', async () => {
      expect((await ingest(app, powerKey, [reading('CLK-2', 1, at(30), { battery_pct: 50 })])).json().accepted).toBe(1);
      // A state stored before the window was enforced.
      await db.query("UPDATE power_device_latest SET last_message_at = $1, battery_pct = 5 WHERE device_id = 'CLK-2'", [FAR_FUTURE]);
      expect((await ingest(app, powerKey, [reading('CLK-2', 2, at(15), { battery_pct: 60 })])).json().accepted).toBe(1);
      const latest = await latestOf('power_device_latest', 'CLK-2');
      expect(iso(latest?.last_message_at)).toBe(at(15));
      expect(latest?.battery_pct).toBe(60);
    });

    it('does the same for a tracker: positions dated far off are refused, a pinned position is replaced', async () => {
      const refused = await ingest(app, trackingKey, [
        position('CLK-T', 1, at(40), 53.3, -6.2),
        position('CLK-T', 2, FAR_FUTURE, 53.4, -6.3),
        position('CLK-T', 3, YEAR_ONE, 53.4, -6.3),
      ]);
      expect(refused.json().results.map((r) => r.status)).toEqual(['accepted', 'rejected', 'rejected']);
      expect(iso((await latestOf('tracking_latest', 'CLK-T'))?.last_message_at)).toBe(at(40));

      await db.query("UPDATE tracking_latest SET last_message_at = $1 WHERE device_id = 'CLK-T'", [FAR_FUTURE]);
      expect((await ingest(app, trackingKey, [position('CLK-T', 4, at(10), 53.5, -6.4, { battery_pct: 55 })])).json().accepted).toBe(1);
      const latest = await latestOf('tracking_latest', 'CLK-T');
      expect(iso(latest?.last_message_at)).toBe(at(10));
      expect(latest?.battery_pct).toBe(55);
    });
  });
}
