import { hostname } from 'node:os';
import mqtt, { type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import type { IngestService } from './ingest.service';
import { parseDeviceTopic, payloadMessages, sharedSubscription } from './mqtt-topics';

export interface MqttOptions {
  url: string;
  topicPrefix: string;
  shareGroup: string;
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

/**
 * Subscribes to device topics and stores what arrives through the same ingest service as HTTP.
 * A message is acknowledged (PUBACK) only after its batch has committed; if storing fails, it is not
 * acknowledged and the broker delivers it again. Messages that cannot be stored go to the dead letters.
 */
export function startMqttSubscriber(
  options: MqttOptions,
  ingest: IngestService,
  tenantExists: (tenantId: string) => Promise<boolean>,
  log: FastifyBaseLogger,
) {
  const batchSize = options.batchSize ?? 500;
  const batchWindowMs = options.batchWindowMs ?? 20;
  let queue: Pending[] = [];
  let timer: NodeJS.Timeout | null = null;

  const flush = async () => {
    timer = null;
    const batch = queue;
    queue = [];
    const byTenant = new Map<string, Pending[]>();
    for (const item of batch) byTenant.set(item.tenantId, [...(byTenant.get(item.tenantId) ?? []), item]);
    for (const [tenantId, items] of byTenant) {
      try {
        await ingest.ingest(
          tenantId,
          'mqtt',
          items.flatMap((i) => i.messages),
        );
        for (const item of items) item.ack(null);
      } catch (error) {
        log.error({ err: error, tenantId, messages: items.length }, 'storing MQTT messages failed; they stay unacknowledged');
        for (const item of items) item.ack(error instanceof Error ? error : new Error(String(error)));
      }
    }
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
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload.toString('utf8'));
    } catch {
      await ingest.deadLetter({
        tenantId: target?.tenantId ?? null,
        source: 'mqtt',
        deviceId: target?.deviceId ?? null,
        reason: 'invalid_json: the payload is not JSON',
        fields: ['payload'],
        payload: { topic, text: payload.toString('utf8', 0, 2000) },
      });
      return ack(null);
    }
    if (!target || !(await tenantExists(target.tenantId))) {
      await ingest.deadLetter({
        tenantId: null,
        source: 'mqtt',
        deviceId: target?.deviceId ?? null,
        reason: `unknown_topic: ${topic} is not a device topic of a known tenant`,
        fields: ['topic'],
        payload: parsed,
      });
      return ack(null);
    }
    const messages = payloadMessages(parsed);
    const mismatched = messages.filter(
      (m) => typeof m === 'object' && m !== null && (m as { device_id?: unknown }).device_id !== target.deviceId,
    );
    for (const message of mismatched) {
      await ingest.deadLetter({
        tenantId: target.tenantId,
        source: 'mqtt',
        deviceId: target.deviceId,
        reason: 'device_mismatch: device_id differs from the topic',
        fields: ['device_id'],
        payload: message,
      });
    }
    const matching = messages.filter((m) => !mismatched.includes(m));
    if (matching.length === 0) return ack(null);
    enqueue({ tenantId: target.tenantId, messages: matching, ack });
  };

  const client: MqttClient = mqtt.connect(options.url, {
    protocolVersion: 5,
    clientId: `gridlens-${hostname()}-${process.pid}`,
    clean: false,
    properties: { sessionExpiryInterval: 3600 },
    reconnectPeriod: 2000,
    customHandleAcks: (topic, message, _packet, done) => {
      handle(topic, message, (error) => (error ? done(error) : done(0))).catch((error: unknown) => {
        log.error({ err: error, topic }, 'MQTT message handling failed');
        done(error instanceof Error ? error : new Error(String(error)));
      });
    },
  });
  const subscription = sharedSubscription(options.topicPrefix, options.shareGroup);
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  client.on('connect', () => {
    client.subscribe(subscription, { qos: 1 }, (error) => {
      if (error) return log.error({ err: error, subscription }, 'MQTT subscribe failed');
      log.info({ subscription }, 'MQTT subscribed');
      markReady();
    });
  });
  // QoS 0 deliveries never reach customHandleAcks; store them too (there is nothing to acknowledge).
  client.on('message', (topic, message, packet) => {
    if (packet.qos === 0)
      void handle(topic, message, () => undefined).catch((error: unknown) =>
        log.error({ err: error, topic }, 'MQTT message handling failed'),
      );
  });
  client.on('error', (error) => log.warn({ err: error }, 'MQTT connection error'));

  return {
    client,
    /** Resolves once the broker has confirmed the subscription. */
    ready,
    /** Stores what is queued, then disconnects. */
    async close(): Promise<void> {
      if (timer) clearTimeout(timer);
      await flush();
      await client.endAsync();
    },
  };
}
export type MqttSubscriber = ReturnType<typeof startMqttSubscriber>;
