import { hostname } from 'node:os';
import mqtt, { type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import type { IngestService } from './ingest.service';
import { parseDeviceTopic, payloadMessages, sharedSubscription } from './mqtt-topics';

export interface MqttOptions {
  url: string;
  topicPrefix: string;
  shareGroup: string;
  /** Connections in the shared subscription: the most QoS 1 messages one batch can hold (see below). */
  connections?: number;
  /** Up to this many messages are stored in one transaction … */
  batchSize?: number;
  /** … or whatever arrived within this time. */
  batchWindowMs?: number;
}

interface Pending {
  tenantId: string;
  messages: unknown[];
  ack: (error: Error | null) => void;
}

type DeadLetter = Parameters<IngestService['deadLetter']>[0];

/**
 * Subscribes to device topics and stores what arrives through the same ingest service as HTTP.
 * A message is acknowledged (PUBACK) only after its batch has committed. Messages that cannot be stored
 * go to the dead letters.
 *
 * mqtt.js reads a connection's next packet only once the previous QoS 1 message is acknowledged, so one
 * connection holds one message at a time: with a single connection every message was its own transaction
 * (about 40 a second). The subscriber therefore opens several connections in the same shared subscription
 * and batches across them. If storing fails, the connection is dropped and reopened: the broker resends
 * unacknowledged messages of a kept session only on reconnection.
 */
export function startMqttSubscriber(
  options: MqttOptions,
  ingest: IngestService,
  tenantExists: (tenantId: string) => Promise<boolean>,
  log: FastifyBaseLogger,
) {
  const connections = options.connections ?? 16;
  const batchSize = options.batchSize ?? 500;
  const batchWindowMs = options.batchWindowMs ?? 20;
  let queue: Pending[] = [];
  let timer: NodeJS.Timeout | null = null;
  const flushing = new Set<Promise<void>>();

  const storeBatch = async (batch: Pending[]) => {
    const byTenant = new Map<string, Pending[]>();
    for (const item of batch) {
      const items = byTenant.get(item.tenantId);
      if (items) items.push(item);
      else byTenant.set(item.tenantId, [item]);
    }
    for (const [tenantId, items] of byTenant) {
      try {
        await ingest.ingest(
          tenantId,
          'mqtt',
          items.flatMap((i) => i.messages),
        );
        for (const item of items) item.ack(null);
      } catch (error) {
        log.error({ err: error, tenantId, messages: items.length }, 'storing MQTT messages failed; the broker will send them again');
        for (const item of items) item.ack(error instanceof Error ? error : new Error(String(error)));
      }
    }
  };
  const flush = () => {
    timer = null;
    const batch = queue;
    queue = [];
    const done = storeBatch(batch).finally(() => flushing.delete(done));
    flushing.add(done);
    return done;
  };
  const enqueue = (item: Pending) => {
    queue.push(item);
    if (queue.length >= batchSize) {
      if (timer) clearTimeout(timer);
      void flush();
    } else timer ??= setTimeout(() => void flush(), batchWindowMs);
  };

  const handle = async (topic: string, payload: Buffer, ack: (error: Error | null) => void) => {
    const target = parseDeviceTopic(options.topicPrefix, topic);
    // The topic's tenant is checked before anything is filed under it, dead letters included.
    const tenantId = target && (await tenantExists(target.tenantId)) ? target.tenantId : null;
    const letters: DeadLetter[] = [];
    const letter = (reason: string, field: string, body: unknown) =>
      letters.push({ tenantId, source: 'mqtt', deviceId: target?.deviceId ?? null, reason, fields: [field], payload: body });

    let parsed: unknown;
    try {
      parsed = JSON.parse(payload.toString('utf8'));
    } catch {
      letter('invalid_json: the payload is not JSON', 'payload', { topic, text: payload.toString('utf8', 0, 2000) });
    }
    const matching: unknown[] = [];
    if (letters.length === 0 && tenantId === null)
      letter(`unknown_topic: ${topic} is not a device topic of a known tenant`, 'topic', parsed);
    else if (letters.length === 0)
      for (const message of payloadMessages(parsed)) {
        const deviceId = typeof message === 'object' && message !== null ? (message as { device_id?: unknown }).device_id : undefined;
        if (deviceId === target?.deviceId) matching.push(message);
        else letter('device_mismatch: device_id differs from the topic', 'device_id', message);
      }
    if (letters.length > 0) await ingest.deadLetter(...letters);
    if (tenantId === null || matching.length === 0) return ack(null);
    enqueue({ tenantId, messages: matching, ack });
  };

  /** Drops and reopens a connection whose messages could not be stored, so that the broker sends them again. */
  const redeliver = (client: MqttClient) => {
    if (client.disconnecting || client.disconnected) return;
    client.end(true, {}, () => client.reconnect());
  };

  const subscription = sharedSubscription(options.topicPrefix, options.shareGroup);
  const clients = Array.from({ length: connections }, (_unused, index) => {
    const client: MqttClient = mqtt.connect(options.url, {
      protocolVersion: 5,
      clientId: `gridlens-${hostname()}-${process.pid}-${index}`,
      clean: false,
      properties: { sessionExpiryInterval: 3600 },
      reconnectPeriod: 2000,
      customHandleAcks: (topic, message, _packet, done) => {
        const ack = (error: Error | null) => {
          if (!error) return done(0);
          done(error);
          redeliver(client);
        };
        handle(topic, message, ack).catch((error: unknown) => {
          log.error({ err: error, topic }, 'MQTT message handling failed');
          ack(error instanceof Error ? error : new Error(String(error)));
        });
      },
    });
    // QoS 0 deliveries never reach customHandleAcks; store them too (there is nothing to acknowledge).
    client.on('message', (topic, message, packet) => {
      if (packet.qos === 0)
        void handle(topic, message, () => undefined).catch((error: unknown) =>
          log.error({ err: error, topic }, 'MQTT message handling failed'),
        );
    });
    client.on('error', (error) => log.warn({ err: error }, 'MQTT connection error'));
    const subscribed = new Promise<void>((resolve) =>
      client.on('connect', () => {
        client.subscribe(subscription, { qos: 1 }, (error) => {
          if (error) return log.error({ err: error, subscription }, 'MQTT subscribe failed');
          resolve();
        });
      }),
    );
    return { client, subscribed };
  });

  const ready = Promise.all(clients.map((c) => c.subscribed)).then(() => log.info({ subscription, connections }, 'MQTT subscribed'));
  return {
    /** Resolves once the broker has confirmed the subscription of every connection. */
    ready,
    /** Stores what is queued, waits for batches being stored, then disconnects. */
    async close(): Promise<void> {
      if (timer) clearTimeout(timer);
      await flush();
      await Promise.all(flushing);
      await Promise.all(clients.map(({ client }) => client.endAsync()));
    },
  };
}
export type MqttSubscriber = ReturnType<typeof startMqttSubscriber>;
