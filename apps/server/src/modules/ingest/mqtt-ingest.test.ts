import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { powerAlertsApi } from '@gridlens/contract/alerts';
import { powerReadingsApi } from '@gridlens/contract/power-readings';
import { trackingApi } from '@gridlens/contract/tracking';
import { trackingAlertsApi } from '@gridlens/contract/tracking-alerts';
import { trackingDevicesApi } from '@gridlens/contract/tracking-devices';
import type { Database } from '../../db/database';
import { sessionClientIds, startMqttSubscriber, type MqttSubscriber } from './mqtt-subscriber';
import { deviceMessagesTopic } from './mqtt-topics';
import type { IngestService } from './ingest.service';
import { inject } from '../../../test/support/inject';
import { reading, registerDevice, registerDeviceWithKey } from '../../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import type { ModuleGraph } from '../../module-graph';
import { TEST_DATABASES } from '../../../test/support/test-databases';
import { discardBrokerSessions } from '../../../test/support/mqtt-sessions';

const BROKER_URL = process.env['TEST_MQTT_URL'] ?? 'mqtt://127.0.0.1:1883';
/** How long a check waits for MQTT delivery (asynchronous by nature), and how often it looks again. */
const DELIVERY = { timeout: 10_000, interval: 100 };

for (const backend of TEST_DATABASES) {
  describe(`MQTT ingestion through the Mosquitto broker [${backend.name}]`, () => {
    // A topic prefix of its own keeps parallel runs from seeing each other's messages.
    const prefix = `gridlens-test-${randomBytes(4).toString('hex')}`;
    let db: Database;
    let app: FastifyInstance;
    let graph: ModuleGraph;
    let token: string;
    let subscriber: MqttSubscriber;
    let publisher: mqtt.MqttClient;
    /** Transactions the subscriber asked for, and how many of the next ones should fail as a database outage would. */
    let ingestCalls = 0;
    let failNext = 0;

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      graph = created.graph;
      token = await created.issuer.token({ sub: 'u1', tenant: 'netzero' });
      await registerDeviceWithKey(app, token, 'netzero', { device_id: 'MQ-1', rating_kva: 100 });
      const ingest: IngestService = {
        ...graph.ingest.service,
        ingest: (...args) => {
          ingestCalls += 1;
          if (failNext > 0) {
            failNext -= 1;
            return Promise.reject(new Error('database unavailable'));
          }
          return graph.ingest.service.ingest(...args);
        },
      };
      subscriber = startMqttSubscriber(
        { url: BROKER_URL, topicPrefix: prefix, shareGroup: prefix, clientId: prefix },
        ingest,
        (t) => Promise.resolve(t === 'netzero' || t === 'gridwest'),
        app.log,
      );
      await subscriber.ready;
      publisher = await mqtt.connectAsync(BROKER_URL, { protocolVersion: 5 });
    });
    afterAll(async () => {
      await publisher.endAsync();
      await subscriber.close();
      await discardBrokerSessions(BROKER_URL, sessionClientIds(prefix));
      await app.close();
      await backend.dispose(db);
    });

    it('stores a QoS 1 message and the API reads it back', async () => {
      const time = new Date().toISOString();
      await publisher.publishAsync(
        deviceMessagesTopic(prefix, 'netzero', 'MQ-1'),
        JSON.stringify(reading('MQ-1', 7, time, { current_max_a: [123, 45, 67] })),
        { qos: 1 },
      );
      await vi.waitFor(async () => {
        const response = await inject(app, powerReadingsApi.messages, {
          params: { device_id: 'MQ-1' },
          query: { range: '24h' },
          headers: authHeaders(token, 'netzero'),
        });
        const body = response.json();
        expect(body.items.map((m) => [m.seq, m.current_max_a[0]])).toEqual([[7, 123]]);
      }, DELIVERY);
    });

    it('stores an envelope of several messages once, even when published twice', async () => {
      const now = Date.now();
      const envelope = { v: 1, messages: [8, 9, 10].map((seq) => reading('MQ-1', seq, new Date(now + seq).toISOString())) };
      const topic = deviceMessagesTopic(prefix, 'netzero', 'MQ-1');
      await publisher.publishAsync(topic, JSON.stringify(envelope), { qos: 1 });
      await publisher.publishAsync(topic, JSON.stringify(envelope), { qos: 1 });
      await vi.waitFor(async () => {
        const rows = await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM power_messages WHERE tenant_id = 'netzero' AND device_id = 'MQ-1' AND seq BETWEEN 8 AND 10",
        );
        expect(rows[0]?.n).toBe(3);
      }, DELIVERY);
    });

    const storedCount = async (fromSeq: number, toSeq: number) =>
      (
        await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM power_messages WHERE tenant_id = 'netzero' AND device_id = 'MQ-1' AND seq BETWEEN $1 AND $2",
          [fromSeq, toSeq],
        )
      )[0]?.n;

    it('stores a burst of QoS 1 messages in batches, not one transaction per message', async () => {
      const topic = deviceMessagesTopic(prefix, 'netzero', 'MQ-1');
      const before = ingestCalls;
      const now = Date.now();
      await Promise.all(
        Array.from({ length: 200 }, (_unused, i) =>
          publisher.publishAsync(topic, JSON.stringify(reading('MQ-1', 100 + i, new Date(now + i).toISOString())), { qos: 1 }),
        ),
      );
      await vi.waitFor(async () => expect(await storedCount(100, 299)).toBe(200), DELIVERY);
      // One connection holds one unacknowledged message at a time; 16 of them let a batch hold up to 16.
      expect(ingestCalls - before).toBeLessThan(50);
    });

    it('has the broker send a message again when storing it failed, and then stores it', async () => {
      failNext = 1;
      const before = ingestCalls;
      await publisher.publishAsync(
        deviceMessagesTopic(prefix, 'netzero', 'MQ-1'),
        JSON.stringify(reading('MQ-1', 400, new Date().toISOString())),
        { qos: 1 },
      );
      await vi.waitFor(async () => expect(await storedCount(400, 400)).toBe(1), { ...DELIVERY, timeout: 20_000 });
      expect(ingestCalls - before).toBeGreaterThanOrEqual(2);
    });

    it('dead-letters invalid JSON, invalid fields, a device that differs from its topic and unknown tenants', async () => {
      const topic = deviceMessagesTopic(prefix, 'netzero', 'MQ-1');
      await publisher.publishAsync(topic, 'not json', { qos: 1 });
      await publisher.publishAsync(topic, JSON.stringify(reading('MQ-1', 20, new Date().toISOString(), { lqi: 999 })), { qos: 1 });
      await publisher.publishAsync(topic, JSON.stringify(reading('OTHER', 21, new Date().toISOString())), { qos: 1 });
      await publisher.publishAsync(
        deviceMessagesTopic(prefix, 'nobody', 'MQ-1'),
        JSON.stringify(reading('MQ-1', 22, new Date().toISOString())),
        { qos: 1 },
      );
      await vi.waitFor(async () => {
        const rows = await db.query<{ reason: string; fields: string[] }>(
          "SELECT reason, fields FROM ingest_dead_letters WHERE source = 'mqtt' ORDER BY id",
        );
        const reasons = rows.map((r) => r.reason.split(':')[0]);
        expect(reasons).toEqual(expect.arrayContaining(['invalid_json', 'invalid_field', 'device_mismatch', 'unknown_topic']));
        expect(rows.find((r) => r.reason.startsWith('invalid_field'))?.fields).toEqual(['lqi']);
      }, DELIVERY);
      const stored = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM power_messages WHERE seq IN (20, 21, 22)');
      expect(stored[0]?.n).toBe(0);
    });

    it('raises an alert for a message delivered over MQTT, as for one over HTTP', async () => {
      await registerDevice(app, token, 'netzero', { device_id: 'MQ-ALERT' });
      const rule = await inject(app, powerAlertsApi.create, {
        headers: authHeaders(token, 'netzero'),
        body: { device_id: 'MQ-ALERT', trigger_field: 'total_power', trigger_operator: '>', trigger_value: 10 },
      });
      expect(rule.statusCode).toBe(201);
      // Median currents 60 + 55 + 50 A at 230 V: 38 kVA, over the 10 kVA threshold.
      await publisher.publishAsync(
        deviceMessagesTopic(prefix, 'netzero', 'MQ-ALERT'),
        JSON.stringify(reading('MQ-ALERT', 1, new Date().toISOString())),
        {
          qos: 1,
        },
      );
      await vi.waitFor(async () => {
        const response = await inject(app, powerAlertsApi.active, {
          query: { device_id: 'MQ-ALERT' },
          headers: authHeaders(token, 'netzero'),
        });
        const body = response.json();
        expect(body.items.map((a) => a.alert_id)).toEqual([rule.json().alert_id]);
        expect(body.items[0]?.actual_value).toBeCloseTo(37.95, 1);
      }, DELIVERY);
    });

    it('places a tracker position delivered over MQTT in its POI and raises its arrival alert', async () => {
      const headers = authHeaders(token, 'netzero');
      const tracker = { device_id: 'MQ-VAN', name: 'Van over MQTT' };
      expect((await inject(app, trackingApi.registerDevice, { headers, body: tracker })).statusCode).toBe(201);
      const depot = { LocationID: 'MQ-DEPOT', FullName: 'MQTT depot', LocationType: 'Friendly', Latitude: 53.35, Longitude: -6.26 };
      expect((await inject(app, trackingApi.addLocation, { headers, body: depot })).statusCode).toBe(201);
      const rule = await inject(app, trackingAlertsApi.create, {
        headers,
        body: { device_id: 'MQ-VAN', trigger_field: 'arrival', trigger_operator: '=', location_id: 'MQ-DEPOT' },
      });
      expect(rule.statusCode, rule.body).toBe(201);
      const position = (seq: number, latitude: number, minutesAgo: number) => ({
        kind: 'position',
        device_id: 'MQ-VAN',
        seq,
        time: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
        latitude,
        longitude: -6.26,
      });
      // 2 km north of the depot, then inside it.
      await publisher.publishAsync(
        deviceMessagesTopic(prefix, 'netzero', 'MQ-VAN'),
        JSON.stringify({ v: 1, messages: [position(1, 53.368, 20), position(2, 53.3501, 5)] }),
        {
          qos: 1,
        },
      );
      await vi.waitFor(async () => {
        const response = await inject(app, trackingAlertsApi.active, { query: { device_id: 'MQ-VAN' }, headers });
        const body = response.json();
        expect(body.items.map((a) => [a.alert_id, a.actual_location_id])).toEqual([[rule.json().alert_id, 'MQ-DEPOT']]);
      }, DELIVERY);
    });

    it("stores a tracker's message without a position delivered over MQTT, and applies the downlink it acknowledges", async () => {
      const headers = authHeaders(token, 'netzero');
      expect((await inject(app, trackingApi.registerDevice, { headers, body: { device_id: 'MQ-CAGE', name: 'Cage' } })).statusCode).toBe(
        201,
      );
      const settings = {
        reporting_interval_moving_min: 30,
        reporting_interval_at_rest_min: 720,
        gps_enabled: false,
        wifi_scanning_enabled: true,
        motion_sensitivity: 'Low',
        temperature_reporting_enabled: true,
      };
      const queued = await inject(app, trackingDevicesApi.updateSettings, { headers, body: { device_id: 'MQ-CAGE', settings } });
      const downlinkId = queued.json().pending[0]?.downlink_id;
      const message = (seq: number, messageType: string, extra: Record<string, unknown> = {}) => ({
        kind: 'tracker',
        device_id: 'MQ-CAGE',
        seq,
        time: new Date(Date.now() - (10 - seq) * 60_000).toISOString(),
        message_type: messageType,
        ...extra,
      });
      await publisher.publishAsync(
        deviceMessagesTopic(prefix, 'netzero', 'MQ-CAGE'),
        JSON.stringify({
          v: 1,
          messages: [message(1, 'NoPositionData', { battery_pct: 55 }), message(2, 'DownlinkAcknowledgement', { downlink_id: downlinkId })],
        }),
        { qos: 1 },
      );
      await vi.waitFor(async () => {
        const state = (await inject(app, trackingDevicesApi.settings, { headers, query: { device_id: 'MQ-CAGE' } })).json();
        expect(state).toMatchObject({ settings, pending: [] });
        const device = (await inject(app, trackingDevicesApi.item, { headers, params: { id: 'MQ-CAGE' } })).json();
        expect(device).toMatchObject({ last_message_type: 'DownlinkAcknowledgement', battery_pct: 55, latitude: null });
      }, DELIVERY);
    });
  });
}
