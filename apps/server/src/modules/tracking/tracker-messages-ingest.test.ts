import type { TrackedDevice } from '@gridlens/contract/tracking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnRows } from '@gridlens/contract/columnar';
import type { FastifyInstance } from 'fastify';
import { trackingApi } from '@gridlens/contract/tracking';
import { trackingDevicesApi } from '@gridlens/contract/tracking-devices';
import type { Database, Queryable } from '../../db/database';
import { inject } from '../../../test/support/inject';
import { createIngestKey, ingest, minutesBefore } from '../../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';
import { position, registerTracker } from '../../../test/support/tracking-fixtures';

const tracker = (deviceId: string, seq: number, time: string, messageType: string, overrides: Record<string, unknown> = {}) => ({
  kind: 'tracker',
  device_id: deviceId,
  seq,
  time,
  message_type: messageType,
  ...overrides,
});

for (const backend of TEST_DATABASES) {
  describe(`tracker messages at ingest [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let token: string;
    let key: string;
    const now = Date.now();
    const at = (minutesAgo: number) => minutesBefore(now, minutesAgo);
    const send = async (messages: unknown[]) => {
      const response = await ingest(app, key, messages);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const device = async (id: string) => {
      const response = await inject(app, trackingDevicesApi.item, { params: { id }, headers: authHeaders(token, 'fleetco') });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };

    // Counts the writes of the newest-message state, made through the app's database.
    let statusWrites = 0;
    const counting = (q: Queryable): Queryable => ({
      query: (sql, params) => {
        if (sql.includes('INSERT INTO tracker_status')) statusWrites += 1;
        return q.query(sql, params);
      },
    });

    beforeAll(async () => {
      db = await backend.open();
      const counted: Database = { ...db, ...counting(db), transaction: (work) => db.transaction((tx) => work(counting(tx))) };
      const created = await createTestApp(counted);
      app = created.app;
      token = await created.issuer.token({ sub: 'u1', tenant: 'fleetco' });
      key = (await createIngestKey(app, token, 'fleetco')).secret;
      for (const id of ['T-1', 'T-2', 'T-3', 'T-4', 'T-5']) await registerTracker(app, token, 'fleetco', { device_id: id });
    });

    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    it("stores a fix's accuracy and temperature, and shows them as the device's newest", async () => {
      expect(await send([position('T-1', 1, at(30), 53.35, -6.26, { accuracy_m: 12.5, temperature_c: -4 })])).toMatchObject({
        accepted: 1,
      });
      const rows = await db.query<{ accuracy_m: number; temperature_c: number }>(
        "SELECT accuracy_m, temperature_c FROM tracking_positions WHERE device_id = 'T-1' AND seq = 1",
      );
      expect(rows).toEqual([{ accuracy_m: 12.5, temperature_c: -4 }]);
      expect(await device('T-1')).toMatchObject({ accuracy_m: 12.5, temperature_c: -4, last_message_type: 'gps' });
    });

    it('refuses an accuracy or temperature out of bounds, naming the field', async () => {
      const body = await send([
        position('T-1', 2, at(29), 53.35, -6.26, { accuracy_m: 50_001 }),
        position('T-1', 3, at(29), 53.35, -6.26, { temperature_c: 101 }),
        tracker('T-1', 4, at(29), 'None', { temperature_c: -61 }),
      ]);
      expect(body.results.map((r: { fields?: string[] }) => r.fields)).toEqual([['accuracy_m'], ['temperature_c'], ['temperature_c']]);
    });

    it('stores a message without a position once, moving the last message and type but not the place', async () => {
      await send([position('T-2', 1, at(60), 53.35, -6.26, { battery_pct: 70 })]);
      const first = await send([tracker('T-2', 1, at(10), 'NoPositionData', { battery_pct: 65, temperature_c: 8 })]);
      expect(first).toMatchObject({ accepted: 1, duplicates: 0 });
      expect(await send([tracker('T-2', 1, at(10), 'NoPositionData')])).toMatchObject({ accepted: 0, duplicates: 1 });
      const state = await device('T-2');
      expect(state).toMatchObject({
        last_message_type: 'NoPositionData',
        last_message_at: at(10),
        position_at: at(60),
        latitude: 53.35,
        longitude: -6.26,
        battery_pct: 65,
        temperature_c: 8,
      });
    });

    it('stores a late message without changing the newest state', async () => {
      await send([tracker('T-3', 5, at(5), 'None')]);
      expect(await send([tracker('T-3', 4, at(50), 'NoPositionData', { battery_pct: 10 })])).toMatchObject({ accepted: 1 });
      const stored = await db.query<{ seq: number }>("SELECT seq::int AS seq FROM tracker_messages WHERE device_id = 'T-3' ORDER BY seq");
      expect(stored.map((r) => r.seq)).toEqual([4, 5]);
      expect(await device('T-3')).toMatchObject({ last_message_type: 'None', last_message_at: at(5), battery_pct: null, latitude: null });
    });

    it('a device with messages but no position has none: no place, no movement', async () => {
      expect(await device('T-3')).toMatchObject({ position_category: 'No location data', movement: null, position_at: null });
    });

    it('refuses an acknowledgement without its downlink_id, and a tracker message of an unregistered device', async () => {
      const body = await send([tracker('T-4', 1, at(5), 'DownlinkAcknowledgement'), tracker('NOPE', 1, at(5), 'None')]);
      expect(body.results.map((r: { fields?: string[] }) => r.fields)).toEqual([['downlink_id'], ['device_id']]);
      expect(body.results[1]?.reason).toMatch(/^unknown_device/);
    });

    it('marks the acknowledged downlink applied, supersedes older pending ones, and leaves newer ones pending', async () => {
      const headers = authHeaders(token, 'fleetco');
      const queue = async (moving: number) => {
        const settings = {
          reporting_interval_moving_min: moving,
          reporting_interval_at_rest_min: 120,
          gps_enabled: true,
          wifi_scanning_enabled: false,
          motion_sensitivity: 'High',
          temperature_reporting_enabled: true,
        };
        const response = await inject(app, trackingDevicesApi.updateSettings, { headers, body: { device_id: 'T-5', settings } });
        expect(response.statusCode, response.body).toBe(200);
        return response.json().pending.at(-1)?.downlink_id as string;
      };
      const first = await queue(10);
      const second = await queue(15);
      const third = await queue(20);
      await send([tracker('T-5', 1, at(1), 'DownlinkAcknowledgement', { downlink_id: second })]);
      const state = (await inject(app, trackingDevicesApi.settings, { headers, query: { device_id: 'T-5' } })).json();
      expect(state.settings.reporting_interval_moving_min).toBe(15);
      expect(state.applied_at).toBe(at(1));
      expect(state.pending.map((p: { downlink_id: string }) => p.downlink_id)).toEqual([third]);
      const statuses = await db.query<{ downlink_id: string; status: string }>(
        "SELECT downlink_id, status FROM tracker_downlinks WHERE device_id = 'T-5' ORDER BY created_at",
      );
      expect(statuses.map((s) => s.status)).toEqual(['superseded', 'applied', 'pending']);
      expect(statuses[0]?.downlink_id).toBe(first);
      expect((await device('T-5')).last_message_type).toBe('DownlinkAcknowledgement');
    });

    it("ignores an acknowledgement naming another device's downlink", async () => {
      const headers = authHeaders(token, 'fleetco');
      const before = (await inject(app, trackingDevicesApi.settings, { headers, query: { device_id: 'T-5' } })).json();
      const pendingId = before.pending[0]?.downlink_id;
      expect(await send([tracker('T-4', 2, at(1), 'DownlinkAcknowledgement', { downlink_id: pendingId })])).toMatchObject({ accepted: 1 });
      const after = (await inject(app, trackingDevicesApi.settings, { headers, query: { device_id: 'T-5' } })).json();
      expect(after.pending.map((p: { downlink_id: string }) => p.downlink_id)).toEqual([pendingId]);
    });

    it('keeps a return from silence across batches, and drops it from the list once older than asked', async () => {
      await registerTracker(app, token, 'fleetco', { device_id: 'T-6' });
      const backOnline = async (hours: number) =>
        (await inject(app, trackingDevicesApi.backOnline, { headers: authHeaders(token, 'fleetco'), query: { hours } })).json().items;
      await send([position('T-6', 1, at(40 * 60), 53.35, -6.26)]);
      await send([tracker('T-6', 1, at(10 * 60), 'None')]); // 30 h of silence ended 10 h ago
      await send([tracker('T-6', 2, at(9 * 60), 'None'), tracker('T-6', 3, at(8 * 60), 'None')]); // no silence: kept
      expect((await backOnline(24)).find((b: { device_id: string }) => b.device_id === 'T-6')).toMatchObject({
        silent_since: at(40 * 60),
        back_at: at(10 * 60),
        silence_hours: 30,
      });
      expect((await backOnline(9)).map((b: { device_id: string }) => b.device_id)).not.toContain('T-6');
    });

    it('writes the newest message of a batch with positions and other messages once, whichever kind is newer', async () => {
      for (const id of ['T-7', 'T-8']) await registerTracker(app, token, 'fleetco', { device_id: id });
      const before = statusWrites;
      await send([
        position('T-7', 1, at(30), 53.35, -6.26, { battery_pct: 50, accuracy_m: 8 }),
        tracker('T-7', 2, at(20), 'None'),
        tracker('T-8', 1, at(25), 'NoPositionData', { battery_pct: 40 }),
        position('T-8', 2, at(15), 53.36, -6.27, { accuracy_m: 20, battery_pct: 35 }),
      ]);
      expect(statusWrites - before).toBe(1);
      expect(await device('T-7')).toMatchObject({ last_message_type: 'None', last_message_at: at(20), battery_pct: 50, accuracy_m: 8 });
      expect(await device('T-8')).toMatchObject({ last_message_type: 'gps', last_message_at: at(15), battery_pct: 35, accuracy_m: 20 });
    });

    it('counts a position after a message without one at the same instant, whatever their seqs', async () => {
      await registerTracker(app, token, 'fleetco', { device_id: 'T-10' });
      await send([tracker('T-10', 9, at(12), 'None'), position('T-10', 1, at(12), 53.35, -6.26)]);
      expect(await device('T-10')).toMatchObject({ last_message_type: 'gps', last_message_at: at(12) });
    });

    it('keeps a silence between a position and a message without one in the same batch', async () => {
      await registerTracker(app, token, 'fleetco', { device_id: 'T-9' });
      await send([tracker('T-9', 2, at(10 * 60), 'None'), position('T-9', 1, at(40 * 60), 53.35, -6.26)]);
      const items = (
        await inject(app, trackingDevicesApi.backOnline, { headers: authHeaders(token, 'fleetco'), query: { hours: 24 } })
      ).json().items;
      expect(items.find((b: { device_id: string }) => b.device_id === 'T-9')).toMatchObject({
        silent_since: at(40 * 60),
        back_at: at(10 * 60),
        silence_hours: 30,
      });
    });

    it("lists the device in the fleet with its message's type", async () => {
      const list = columnRows<TrackedDevice>((await inject(app, trackingApi.devices, { headers: authHeaders(token, 'fleetco') })).json());
      expect(list.find((d) => d.device_id === 'T-2')?.last_message_type).toBe('NoPositionData');
    });
  });
}
