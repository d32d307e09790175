import { hostname } from 'node:os';
import mqtt, { type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import type { IngestService } from './ingest.service';
import { createMqttIngestQueue, readDelivery } from './mqtt-ingest-queue';
import { parseDeviceTopic, sharedSubscription } from './mqtt-topics';

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
  const queue = createMqttIngestQueue(ingest, log, options);

  const handle = async (topic: string, payload: Buffer, ack: (error: Error | null) => void) => {
    const target = parseDeviceTopic(options.topicPrefix, topic);
    // The topic's tenant is checked before anything is filed under it, dead letters included.
    const tenantId = target && (await tenantExists(target.tenantId)) ? target.tenantId : null;
    const { messages, letters } = readDelivery(options.topicPrefix, topic, payload, tenantId);
    if (letters.length > 0) await ingest.deadLetter(...letters);
    if (tenantId === null || messages.length === 0) return ack(null);
    queue.enqueue(tenantId, messages, ack);
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
      await queue.drain();
      await Promise.all(clients.map(({ client }) => client.endAsync()));
    },
  };
}
export type MqttSubscriber = ReturnType<typeof startMqttSubscriber>;
