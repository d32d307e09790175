import type { FastifyBaseLogger } from 'fastify';
import type { IngestService } from './ingest.service';
import { parseDeviceTopic, payloadMessages } from './mqtt-topics';

type DeadLetter = Parameters<IngestService['deadLetter']>[0];

export interface IngestQueueOptions {
  /** Up to this many messages are stored in one transaction … */
  batchSize?: number;
  /** … or whatever arrived within this time. */
  batchWindowMs?: number;
}

/**
 * Gathers MQTT deliveries into batches for the ingest service, so that a burst is stored in a few transactions
 * rather than one per message, and settles each delivery only after its batch has committed (or failed).
 * Used by the subscriber to an outside broker and by the embedded broker alike.
 */
export function createMqttIngestQueue(ingest: IngestService, log: FastifyBaseLogger, options: IngestQueueOptions = {}) {
  const batchSize = options.batchSize ?? 500;
  const batchWindowMs = options.batchWindowMs ?? 20;
  interface Pending {
    tenantId: string;
    messages: unknown[];
    settle: (error: Error | null) => void;
  }
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
        for (const item of items) item.settle(null);
      } catch (error) {
        log.error(
          { err: error, tenantId, messages: items.length },
          'storing MQTT messages failed; the device or broker will send them again',
        );
        for (const item of items) item.settle(error instanceof Error ? error : new Error(String(error)));
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

  return {
    /** Queues one delivery's messages; `settle` is called once they are stored (null) or could not be (the error). */
    enqueue(tenantId: string, messages: unknown[], settle: (error: Error | null) => void): void {
      queue.push({ tenantId, messages, settle });
      if (queue.length >= batchSize) {
        if (timer) clearTimeout(timer);
        void flush();
      } else timer ??= setTimeout(() => void flush(), batchWindowMs);
    },
    /** Stores what is queued and waits for the batches being stored. */
    async drain(): Promise<void> {
      if (timer) clearTimeout(timer);
      await flush();
      await Promise.all(flushing);
    },
  };
}
export type MqttIngestQueue = ReturnType<typeof createMqttIngestQueue>;

/**
 * Reads one delivery on a device topic: the messages to store, and what to refuse (unreadable JSON, a topic of no
 * known tenant, a message whose device_id differs from its topic's), as dead letters filed under `tenantId`.
 * `tenantId` is the topic's tenant once known to exist, else null.
 */
export function readDelivery(
  topicPrefix: string,
  topic: string,
  payload: Buffer,
  tenantId: string | null,
): { target: { tenantId: string; deviceId: string } | null; messages: unknown[]; letters: DeadLetter[] } {
  const target = parseDeviceTopic(topicPrefix, topic);
  const letters: DeadLetter[] = [];
  const letter = (reason: string, field: string, body: unknown) =>
    letters.push({ tenantId, source: 'mqtt', deviceId: target?.deviceId ?? null, reason, fields: [field], payload: body });

  let parsed: unknown;
  try {
    parsed = JSON.parse(payload.toString('utf8'));
  } catch {
    letter('invalid_json: the payload is not JSON', 'payload', { topic, text: payload.toString('utf8', 0, 2000) });
    return { target, messages: [], letters };
  }
  if (tenantId === null) {
    letter(`unknown_topic: ${topic} is not a device topic of a known tenant`, 'topic', parsed);
    return { target, messages: [], letters };
  }
  const messages: unknown[] = [];
  for (const message of payloadMessages(parsed)) {
    const deviceId = typeof message === 'object' && message !== null ? (message as { device_id?: unknown }).device_id : undefined;
    if (deviceId === target?.deviceId) messages.push(message);
    else letter('device_mismatch: device_id differs from the topic', 'device_id', message);
  }
  return { target, messages, letters };
}
