import mqtt, { type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { createAggregateLog } from '../../logging/aggregate-log';
import type { IngestService } from './ingest.service';
import { createMqttIngestQueue, readDelivery } from './mqtt-ingest-queue';
import { inProcessSessionLeases, type SessionLeases } from './mqtt-session-leases';
import { parseDeviceTopic, sharedSubscription } from './mqtt-topics';

/** The broker sessions of the shared subscription, shared by every process of the portal (see below). */
export const MQTT_SESSIONS = 16;

/** The sessions' stable client ids: `<clientId>-0` … `<clientId>-<sessions - 1>`. */
export function sessionClientIds(clientId: string, sessions: number = MQTT_SESSIONS): string[] {
  return Array.from({ length: sessions }, (_unused, slot) => `${clientId}-${slot}`);
}
/**
 * How long the broker keeps a session (its subscription, its queued and unacknowledged messages) while no process
 * holds it: only while every process is down, since a live one takes every session over. A week covers a long
 * outage; the broker's own queue limit (Mosquitto's max_queued_messages) bounds what it keeps meanwhile.
 */
const MQTT_SESSION_EXPIRY_SECONDS = 7 * 24 * 3600;
/** A failing lease store is logged when it starts failing; the failures after it are counted and logged once a window. */
const LEASE_FAILURE_LOG_WINDOW_MS = 60_000;
/** MQTT 5 DISCONNECT reason: another connection took the session over (the same client id). */
const SESSION_TAKEN_OVER = 0x8e;

export interface MqttOptions {
  url: string;
  topicPrefix: string;
  shareGroup: string;
  /** The sessions' client ids are `<clientId>-0` … `<clientId>-<sessions - 1>`. */
  clientId: string;
  /** Sessions in the shared subscription; every process must use the same number (default MQTT_SESSIONS). */
  sessions?: number;
  /** How often the leases are looked at again (a peer gone or come). */
  rebalanceMs?: number;
  /** How long a connection waits before trying the broker again. */
  reconnectMs?: number;
  /** Up to this many messages are stored in one transaction … */
  batchSize?: number;
  /** … or whatever arrived within this time. */
  batchWindowMs?: number;
}

/**
 * Closes a session's connection and keeps the session: DISCONNECT, after the acknowledgements written so far. A
 * delivery left unacknowledged for the session's next holder stops mqtt.js from reading the socket, so its end is
 * never read and the connection never closes by itself: after a second it is destroyed (what is written is sent by
 * then; at worst the broker sends a message again, which is stored once).
 */
async function disconnect(client: MqttClient): Promise<void> {
  const ended = client.endAsync().catch(() => undefined);
  const stuck = setTimeout(() => client.stream.destroy(), 1000);
  await ended;
  clearTimeout(stuck);
}

interface Session {
  clientId: string;
  client: MqttClient;
  /** Set once the session is being given up: what arrives now is left unacknowledged for its next holder. */
  leaving: boolean;
}

/**
 * Subscribes to device topics on an outside broker and stores what arrives through the same ingest service as HTTP.
 * A message is acknowledged (PUBACK) only after its batch has committed; messages that cannot be stored on their
 * merits go to the dead letters.
 *
 * Nothing the broker accepted may be lost when processes restart, die, or come and go. The shared subscription is
 * therefore held by a fixed set of persistent sessions (clean start off, a week's expiry) with stable client ids,
 * `<clientId>-0` … `-15`, rather than by sessions named after the process: the broker keeps routing a share of
 * the messages to every session of the group, connected or not, and sends a session's queued and unacknowledged
 * messages only to whoever connects with its client id. Every live process holds an even part of the sessions
 * (leases: one process alone holds them all; on PostgreSQL, advisory locks), takes over those of a process that
 * died at its next round, and hands some over when another process joins. A message sent again after a crash is
 * stored once: the stores insert on (device, seq) and leave repeats out.
 *
 * mqtt.js reads a connection's next packet only once the previous QoS 1 message is acknowledged, so one
 * connection holds one message at a time: the sessions' connections are batched together. If storing fails, the
 * connection is dropped and reopened: the broker resends unacknowledged messages of a kept session only on
 * reconnection.
 */
export function startMqttSubscriber(
  options: MqttOptions,
  ingest: IngestService,
  tenantExists: (tenantId: string) => Promise<boolean>,
  log: FastifyBaseLogger,
  leases: SessionLeases = inProcessSessionLeases(),
) {
  const total = options.sessions ?? MQTT_SESSIONS;
  const rebalanceMs = options.rebalanceMs ?? 2000;
  const queue = createMqttIngestQueue(ingest, log, options);
  const subscription = sharedSubscription(options.topicPrefix, options.shareGroup);
  const clientIds = sessionClientIds(options.clientId, total);
  const held = new Map<string, Session>();
  let closing = false;

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
  const redeliver = (session: Session) => {
    const { client } = session;
    if (client.disconnecting || client.disconnected) return;
    client.end(true, {}, () => {
      if (held.get(session.clientId) === session && !session.leaving) client.reconnect();
    });
  };

  const open = (clientId: string): Promise<void> => {
    const client: MqttClient = mqtt.connect(options.url, {
      protocolVersion: 5,
      clientId,
      clean: false,
      properties: { sessionExpiryInterval: MQTT_SESSION_EXPIRY_SECONDS },
      reconnectPeriod: options.reconnectMs ?? 2000,
      customHandleAcks: (topic, message, _packet, done) => {
        // Being given up: no acknowledgement, so the broker sends it again to the session's next holder.
        if (session.leaving || closing) return;
        const ack = (error: Error | null) => {
          if (!error) return done(0);
          done(error);
          redeliver(session);
        };
        handle(topic, message, ack).catch((error: unknown) => {
          log.error({ err: error, topic }, 'MQTT message handling failed');
          ack(error instanceof Error ? error : new Error(String(error)));
        });
      },
    });
    const session: Session = { clientId, client, leaving: false };
    held.set(clientId, session);
    // QoS 0 deliveries never reach customHandleAcks; store them too (there is nothing to acknowledge).
    client.on('message', (topic, message, packet) => {
      if (packet.qos === 0)
        void handle(topic, message, () => undefined).catch((error: unknown) =>
          log.error({ err: error, topic }, 'MQTT message handling failed'),
        );
    });
    client.on('error', (error) => log.warn({ err: error, clientId }, 'MQTT connection error'));
    client.on('disconnect', (packet) => {
      if (packet.reasonCode !== SESSION_TAKEN_OVER) return;
      // Someone else holds the session now: give it up rather than take it back every two seconds. A lease that is
      // still free is taken again at the next round.
      log.error(
        { clientId },
        'another connection took this MQTT session over: is a second deployment using the same MQTT_CLIENT_ID, or are several processes running on PGlite?',
      );
      if (held.get(clientId) !== session) return;
      session.leaving = true;
      client.end(true);
      held.delete(clientId);
      leases.release(clientId).catch((error: unknown) => log.warn({ err: error, clientId }, 'MQTT session lease not released'));
    });
    return new Promise<void>((resolve) =>
      client.on('connect', (connack) => {
        log.info({ clientId, sessionPresent: connack.sessionPresent }, 'MQTT session connected');
        // Also when the broker kept the session: subscribing again is harmless, and a broker restarted without its
        // persistence has lost the subscription.
        client.subscribe(subscription, { qos: 1 }, (error) => {
          if (error) return log.error({ err: error, subscription, clientId }, 'MQTT subscribe failed');
          log.info({ clientId, subscription }, 'MQTT session subscribed');
          resolve();
        });
      }),
    );
  };

  /** Gives a session up: stores and acknowledges what it holds, closes its connection (the broker keeps it), then the lease. */
  const handOver = async (session: Session) => {
    session.leaving = true;
    await queue.drain();
    await disconnect(session.client);
    held.delete(session.clientId);
    await leases.release(session.clientId);
    log.info({ clientId: session.clientId }, 'MQTT session handed over');
  };

  /** Every lease is gone (the database connection ended): another process may take the sessions now. */
  leases.onLost(() => {
    for (const session of held.values()) {
      session.leaving = true;
      session.client.end(true);
    }
    held.clear();
  });

  /**
   * One round: holds this process's even part of the sessions, ceil(sessions / processes), taking free ones (those
   * of a process that died or left) and handing the highest over when more processes share them now.
   */
  const rebalance = async (): Promise<Promise<void>[]> => {
    const members = Math.max(1, await leases.members());
    if (closing) return [];
    const target = Math.ceil(total / members);
    const extra = [...held.values()].sort((a, b) => clientIds.indexOf(b.clientId) - clientIds.indexOf(a.clientId));
    for (const session of extra.slice(0, Math.max(0, held.size - target))) await handOver(session);
    const subscribed: Promise<void>[] = [];
    for (const clientId of clientIds) {
      if (held.size >= target || closing) break;
      if (held.has(clientId)) continue;
      if (await leases.acquire(clientId)) subscribed.push(open(clientId));
    }
    return subscribed;
  };

  let resolveReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  let wake = (): void => undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  /** Failed rounds, logged in aggregate (logging/aggregate-log.ts) like the refusal logs: the latest error is kept. */
  const leaseFailures = createAggregateLog<unknown, { err: unknown }>({
    windowMs: LEASE_FAILURE_LOG_WINDOW_MS,
    start: (error) => ({ err: error }),
    add: (tally, error) => {
      tally.err = error;
    },
    writeFirst: (_key, error) =>
      log.warn({ err: error }, 'MQTT session leases could not be checked: no session is taken over until they can'),
    writeRest: (_key, { err }, count) =>
      log.warn(
        { err, count, windowSeconds: LEASE_FAILURE_LOG_WINDOW_MS / 1000 },
        `MQTT session leases could not be checked ${count} more time(s) within the minute, not logged one by one`,
      ),
  });
  /** The aggregate's one key: every failure is the lease store's. */
  const LEASES = 'leases';
  let failingSince: number | null = null;
  const run = async () => {
    let first = true;
    while (!closing) {
      try {
        const subscribed = await rebalance();
        if (first) {
          first = false;
          void Promise.all(subscribed).then(() => {
            log.info({ subscription, sessions: held.size, of: total }, 'MQTT subscribed');
            resolveReady();
          });
        }
        if (failingSince !== null) {
          leaseFailures.end(LEASES);
          log.info({ failedForMs: Date.now() - failingSince }, 'MQTT session leases can be checked again');
        }
        failingSince = null;
      } catch (error) {
        failingSince ??= Date.now();
        leaseFailures.record(LEASES, error);
      }
      await pause(rebalanceMs);
    }
  };
  const running = run();

  return {
    /** Resolves once the first round has taken this process's sessions and the broker confirmed their subscription. */
    ready,
    /** The client ids of the sessions this process holds now. */
    held: () => [...held.keys()],
    /**
     * Stores what is queued, waits for batches being stored, then disconnects. The broker keeps the sessions: what
     * arrives meanwhile waits there for the next process to hold them.
     */
    async close(): Promise<void> {
      closing = true;
      wake();
      await running;
      leaseFailures.close();
      await queue.drain();
      await Promise.all([...held.values()].map(({ client }) => disconnect(client)));
      held.clear();
      await leases.close();
    },
  };
}
export type MqttSubscriber = ReturnType<typeof startMqttSubscriber>;
