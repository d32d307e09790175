import mqtt from 'mqtt';
import { capturedLog } from '../../../test/support/captured-log';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ingestApi } from '@gridlens/contract/ingest';
import type { Database } from '../../db/database';
import { MQTT_PACKET_MAX_BYTES, startEmbeddedBroker, type EmbeddedBroker } from './mqtt-broker';
import { deviceMessagesTopic } from './mqtt-topics';
import type { IngestService } from './ingest.service';
import { inject } from '../../../test/support/inject';
import { countRows, reading, registerDeviceWithKey } from '../../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import type { ModuleGraph } from '../../module-graph';
import { TEST_DATABASES } from '../../../test/support/test-databases';

const PREFIX = 'gridlens';

/** A device's connection; never reconnects by itself unless asked, so that a refusal shows as one. */
function connect(port: number, password: string | undefined, options: mqtt.IClientOptions = {}) {
  return mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    protocolVersion: 4,
    username: 'device',
    ...(password === undefined ? {} : { password }),
    reconnectPeriod: 0,
    connectTimeout: 5000,
    ...options,
  });
}

const closed = (client: mqtt.MqttClient) => new Promise<void>((resolve) => client.once('close', () => resolve()));

for (const backend of TEST_DATABASES) {
  describe(`the embedded MQTT broker [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let graph: ModuleGraph;
    let token: string;
    let netzeroKey: string;
    let gridwestKey: string;
    let broker: EmbeddedBroker;
    let failNext = 0;
    let ingestCalls = 0;

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      graph = created.graph;
      token = await created.issuer.token({ sub: 'u1', tenant: 'netzero' });
      netzeroKey = await registerDeviceWithKey(app, token, 'netzero', { device_id: 'EMB-1' });
      const gridwestToken = await created.issuer.token({ sub: 'u2', tenant: 'gridwest' });
      gridwestKey = await registerDeviceWithKey(app, gridwestToken, 'gridwest', { device_id: 'EMB-W' });
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
      broker = await startEmbeddedBroker(
        { port: 0, host: '127.0.0.1', topicPrefix: PREFIX },
        ingest,
        (secret: string) => graph.ingest.keys.tenantOfKey(secret),
        app.log,
      );
    });
    afterAll(async () => {
      await broker.close();
      await app.close();
      await backend.dispose(db);
    });

    it('refuses a connection without a valid ingest key as password', async () => {
      await expect(connect(broker.port, 'glk_00000000_' + 'x'.repeat(43))).rejects.toThrow(/Bad username or password/i);
      await expect(connect(broker.port, undefined)).rejects.toThrow(/Bad username or password/i);
    });

    it('logs failed sign-ins in aggregate and holds a guessing address, whatever the key it tries next', async () => {
      const { log: logger, lines } = capturedLog('warn');
      let offset = 0; // the guard's clock, moved on by a minute below
      const guarded = await startEmbeddedBroker(
        {
          port: 0,
          host: '127.0.0.1',
          topicPrefix: PREFIX,
          signIn: { freeFailures: 3, baseDelayMs: 40, maxDelayMs: 160, now: () => Date.now() + offset },
        },
        graph.ingest.service,
        (secret: string) => graph.ingest.keys.tenantOfKey(secret),
        logger,
      );
      const failures = () => lines.filter((line) => String(line['msg']).includes('failed MQTT sign-in'));
      try {
        const wrong = 'glk_00000000_' + 'x'.repeat(43);
        for (let i = 0; i < 10; i++) await expect(connect(guarded.port, wrong)).rejects.toThrow(/Bad username or password/i);
        // Ten failures, one line so far: the rest of the minute is counted.
        expect(failures().map((line) => [line['address'], line['count'], line['reasons']])).toEqual([['127.0.0.1', 1, { bad_key: 1 }]]);
        // Held 40, 80, then 160 ms each: the address waits its turn before any key is checked, a valid one too.
        const started = Date.now();
        const device = await connect(guarded.port, netzeroKey);
        expect(Date.now() - started).toBeGreaterThanOrEqual(150);
        await device.endAsync();
        // A minute on, the next failure first logs the rest of the last minute with its count.
        offset += 61_000;
        await expect(connect(guarded.port, wrong)).rejects.toThrow(/Bad username or password/i);
        expect(failures().map((line) => line['count'])).toEqual([1, 9, 1]);
        expect(JSON.stringify(lines)).not.toContain(wrong); // never the key itself
      } finally {
        await guarded.close();
      }
    });

    it('acknowledges a QoS 1 message only once it is stored, and the API reads it back', async () => {
      const device = await connect(broker.port, netzeroKey);
      const time = new Date().toISOString();
      await device.publishAsync(deviceMessagesTopic(PREFIX, 'netzero', 'EMB-1'), JSON.stringify(reading('EMB-1', 1, time)), { qos: 1 });
      // No waiting: the acknowledgement came after the commit.
      expect(await countRows(db, "SELECT 1 FROM power_messages WHERE tenant_id = 'netzero' AND device_id = 'EMB-1'")).toBe(1);
      await device.endAsync();
    });

    it('stores a burst of QoS 1 messages from several devices in batches, each acknowledged once stored', async () => {
      const devices = await Promise.all([1, 2, 3, 4].map(() => connect(broker.port, netzeroKey)));
      const before = ingestCalls;
      const now = Date.now();
      await Promise.all(
        Array.from({ length: 400 }, (_unused, i) =>
          (devices[i % 4] ?? devices[0]!).publishAsync(
            deviceMessagesTopic(PREFIX, 'netzero', 'EMB-1'),
            JSON.stringify(reading('EMB-1', 1000 + i, new Date(now - i * 1000).toISOString())),
            { qos: 1 },
          ),
        ),
      );
      expect(await countRows(db, "SELECT 1 FROM power_messages WHERE device_id = 'EMB-1' AND seq BETWEEN 1000 AND 1399")).toBe(400);
      expect(ingestCalls - before).toBeLessThan(20); // one per message would be 400
      await Promise.all(devices.map((d) => d.endAsync()));
    });

    it("stops taking a connected device's messages once its key is revoked", async () => {
      const created = await inject(app, ingestApi.createKey, { headers: authHeaders(token, 'netzero'), body: { name: 'to revoke' } });
      const key = created.json();
      const device = await connect(broker.port, key.secret);
      const topic = deviceMessagesTopic(PREFIX, 'netzero', 'EMB-1');
      await device.publishAsync(topic, JSON.stringify(reading('EMB-1', 2000, new Date().toISOString())), { qos: 1 });
      const revoked = await inject(app, ingestApi.revokeKey, { headers: authHeaders(token, 'netzero'), params: { id: key.id } });
      expect(revoked.statusCode).toBe(200);
      const gone = closed(device);
      device.publish(topic, JSON.stringify(reading('EMB-1', 2001, new Date().toISOString())), { qos: 1 });
      await gone;
      expect(await countRows(db, "SELECT 1 FROM power_messages WHERE device_id = 'EMB-1' AND seq IN (2000, 2001)")).toBe(1);
      device.end(true);
    });

    it("refuses a message on another tenant's topic: nothing stored there, the connection closed, a dead letter for the key's tenant", async () => {
      const device = await connect(broker.port, netzeroKey);
      const gone = closed(device);
      device.publish(deviceMessagesTopic(PREFIX, 'gridwest', 'EMB-W'), JSON.stringify(reading('EMB-W', 1, new Date().toISOString())), {
        qos: 1,
      });
      await gone;
      expect(await countRows(db, "SELECT 1 FROM power_messages WHERE device_id = 'EMB-W'")).toBe(0);
      const letters = await db.query<{ tenant_id: string; reason: string }>(
        "SELECT tenant_id, reason FROM ingest_dead_letters WHERE reason LIKE 'foreign_topic:%'",
      );
      expect(letters.map((l) => l.tenant_id)).toEqual(['netzero']);
      device.end(true);
    });

    it('closes a connection that sends a packet over the size limit, storing nothing of it', async () => {
      const device = await connect(broker.port, netzeroKey);
      const gone = closed(device);
      const huge = JSON.stringify({ ...reading('EMB-1', 3000, new Date().toISOString()), padding: 'x'.repeat(MQTT_PACKET_MAX_BYTES) });
      device.publish(deviceMessagesTopic(PREFIX, 'netzero', 'EMB-1'), huge, { qos: 1 });
      await gone;
      expect(await countRows(db, "SELECT 1 FROM power_messages WHERE device_id = 'EMB-1' AND seq = 3000")).toBe(0);
      device.end(true);
      // Just under the limit is taken (an unknown key is left out, as over HTTP).
      const again = await connect(broker.port, netzeroKey);
      const fits = JSON.stringify({
        ...reading('EMB-1', 3001, new Date().toISOString()),
        padding: 'x'.repeat(MQTT_PACKET_MAX_BYTES - 1000),
      });
      await again.publishAsync(deviceMessagesTopic(PREFIX, 'netzero', 'EMB-1'), fits, { qos: 1 });
      expect(await countRows(db, "SELECT 1 FROM power_messages WHERE device_id = 'EMB-1' AND seq = 3001")).toBe(1);
      await again.endAsync();
    });

    it("grants subscriptions to the key's own tenant's topics only", async () => {
      const device = await connect(broker.port, gridwestKey);
      const granted = await device.subscribeAsync(`${PREFIX}/gridwest/devices/+/messages`, { qos: 1 });
      expect(granted.map((g) => g.qos)).toEqual([1]);
      for (const topic of [`${PREFIX}/netzero/devices/+/messages`, `${PREFIX}/+/devices/+/messages`, '#', '$share/g/gridlens/#']) {
        await expect(device.subscribeAsync(topic, { qos: 1 }), topic).rejects.toThrow(/Subscribe error/);
      }
      await device.endAsync();
    });

    it("does not let one tenant's key take over a client id another tenant's device is connected with", async () => {
      const first = await connect(broker.port, netzeroKey, { clientId: 'shared-id' });
      await expect(connect(broker.port, gridwestKey, { clientId: 'shared-id' })).rejects.toThrow(/Identifier rejected/i);
      expect(first.connected).toBe(true);
      await first.endAsync();
    });

    it('acknowledges and dead-letters what cannot be stored on its merits, and the device sees it among its refusals', async () => {
      const device = await connect(broker.port, netzeroKey);
      const topic = deviceMessagesTopic(PREFIX, 'netzero', 'EMB-1');
      await device.publishAsync(topic, 'not json', { qos: 1 });
      await device.publishAsync(topic, JSON.stringify(reading('EMB-1', 2, new Date().toISOString(), { lqi: 999 })), { qos: 1 });
      await device.endAsync();
      const refusals = await inject(app, ingestApi.refusals, {
        params: { device_id: 'EMB-1' },
        query: {},
        headers: authHeaders(token, 'netzero'),
      });
      expect(refusals.statusCode).toBe(200);
      const items = refusals.json().items;
      expect(items.map((r) => [r.source, r.reason.split(':')[0]])).toEqual([
        ['mqtt', 'invalid_field'],
        ['mqtt', 'invalid_json'],
      ]);
      expect(items[1]?.payload_excerpt).toContain('not json');
    });

    it('sends no acknowledgement when storing fails, so the device sends the message again, and then stores it', async () => {
      failNext = 1;
      const device = await connect(broker.port, netzeroKey, { reconnectPeriod: 1500, clean: true });
      const acknowledged = device.publishAsync(
        deviceMessagesTopic(PREFIX, 'netzero', 'EMB-1'),
        JSON.stringify(reading('EMB-1', 3, new Date().toISOString())),
        { qos: 1 },
      );
      await closed(device); // the broker dropped the connection instead of acknowledging
      expect(await countRows(db, "SELECT 1 FROM power_messages WHERE device_id = 'EMB-1' AND seq = 3")).toBe(0);
      await acknowledged; // mqtt.js sent it again on reconnection
      expect(await countRows(db, "SELECT 1 FROM power_messages WHERE device_id = 'EMB-1' AND seq = 3")).toBe(1);
      await device.endAsync();
    });
  });
}
