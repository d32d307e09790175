import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { normalizeIP } from '@fastify/rate-limit';
import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { IngestService } from './ingest.service';
import { createMqttIngestQueue, readDelivery } from './mqtt-ingest-queue';
import { createSignInGuard, type SignInGuardOptions } from './mqtt-sign-in-guard';
import { parseDeviceTopic } from './mqtt-topics';

export interface EmbeddedBrokerOptions {
  /** 0: a free port chosen by the system (tests); the port taken is in the answer. */
  port: number;
  host: string;
  topicPrefix: string;
  /** Up to this many messages are stored in one transaction … */
  batchSize?: number;
  /** … or whatever arrived within this time. */
  batchWindowMs?: number;
  /** Larger packets close the connection (default MQTT_PACKET_MAX_BYTES). */
  maxPacketBytes?: number;
  /** How failed sign-ins slow a guessing address (defaults: mqtt-sign-in-guard.ts). */
  signIn?: SignInGuardOptions;
}

export class BrokerPortInUseError extends Error {}

/** MQTT 3.1.1 CONNACK return codes. */
const BAD_USERNAME_OR_PASSWORD = 4;
const IDENTIFIER_REJECTED = 2;
const SERVER_UNAVAILABLE = 3;

/** Aedes keeps its connected clients by id; its types leave the map out. */
const clientsOf = (broker: Aedes) => (broker as unknown as { clients: Record<string, Client> }).clients;

/** The largest MQTT packet taken, as the HTTP ingest's body limit: a full envelope of readings is about 2 MB. */
export const MQTT_PACKET_MAX_BYTES = 8 * 1024 * 1024;

interface PacketParser {
  packet: { length: number };
  _parseLength: () => boolean;
  _emitError: (error: Error) => void;
}

/**
 * Aedes sets no packet size limit: its parser (mqtt-packet) would gather a packet of up to 256 MB, even a CONNECT
 * before any sign-in. The limit is set on the parser's length step, which every packet passes before its body is
 * read; a larger packet is a parse error, and Aedes closes the connection. Should a new version of either library move this step, connections are
 * refused (and logged) rather than taken without a limit, and the limit's test fails.
 */
function limitPacketSize(client: Client, maxBytes: number): void {
  const parser = (client as unknown as { _parser?: Partial<PacketParser> })._parser;
  if (typeof parser?._parseLength !== 'function' || typeof parser._emitError !== 'function' || !parser.packet) {
    throw new Error('the MQTT parser has changed: the packet size limit cannot be set (see limitPacketSize)');
  }
  const checked = parser as PacketParser;
  const parseLength = checked._parseLength.bind(checked);
  checked._parseLength = () => {
    if (!parseLength()) return false;
    if (checked.packet.length <= maxBytes) return true;
    checked._emitError(new Error(`MQTT packet of ${checked.packet.length} bytes is over the limit of ${maxBytes}`));
    return false;
  };
}

const payloadOf = (packet: PublishPacket) => (typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload);

const refusal = (message: string, returnCode: number): AuthenticateError => Object.assign(new Error(message), { returnCode });

/** The address a device connects from, IPv6 by its /64 as the HTTP rate limits count it. */
const addressOf = (client: Client) => {
  const address = (client.conn as Partial<Socket> | undefined)?.remoteAddress;
  return address ? normalizeIP(address) : 'unknown';
};

/**
 * The MQTT broker the server runs when MQTT_URL is unset, so that devices are served out of the box as users are.
 * A device signs in with any user name and an ingest key of its tenant as password, and may publish and subscribe
 * only under its tenant's topics (`<prefix>/<tenant>/devices/<device_id>/messages`). What a device publishes is
 * handed in-process to the ingest service and acknowledged (PUBACK) only after its batch has committed: the broker
 * authorizes a publication only then, and writes the acknowledgement after authorizing. A batch that cannot be
 * stored closes the connection without an acknowledgement, so the device sends the message again; a message
 * refused on its merits (not JSON, bad fields, unknown device) is filed as a dead letter and acknowledged, as the
 * HTTP path answers it, since sending it again cannot help. Publishing under another tenant's topic is filed as a
 * dead letter of the key's tenant and closes the connection (MQTT 3.1.1 has no other way to refuse). Failed sign-ins
 * are logged in aggregate and slow the address they come from (mqtt-sign-in-guard.ts).
 */
export async function startEmbeddedBroker(
  options: EmbeddedBrokerOptions,
  ingest: IngestService,
  tenantOfKey: (secret: string) => Promise<string | null>,
  log: FastifyBaseLogger,
) {
  const tenantOf = new WeakMap<Client, string>();
  /** Each connection's key, asked again at each publication (a cached look-up), so that a revoked key stops there. */
  const keyOf = new WeakMap<Client, string>();
  const queue = createMqttIngestQueue(ingest, log, options);
  const signIns = createSignInGuard(log, options.signIn);
  const prefixLevels = options.topicPrefix.split('/');

  /** Stores one authorized device's publication, then answers Aedes (which then writes the PUBACK). */
  const publish = (tenantId: string, packet: PublishPacket, done: (error?: Error | null) => void) => {
    const target = parseDeviceTopic(options.topicPrefix, packet.topic);
    if (!target || target.tenantId !== tenantId) {
      // Filed under the key's tenant: it is that tenant's device that is misconfigured.
      const letter = {
        tenantId,
        source: 'mqtt' as const,
        deviceId: target?.deviceId ?? null,
        reason: `foreign_topic: ${packet.topic.slice(0, 300)} is not a device topic of this ingest key's tenant`,
        fields: ['topic'],
        payload: { topic: packet.topic, text: payloadOf(packet).toString('utf8', 0, 2000) },
      };
      void ingest.deadLetter(letter).catch((error: unknown) => log.error({ err: error }, 'filing a dead letter failed'));
      return done(new Error(`not authorized to publish to ${packet.topic}`));
    }
    packet.retain = false; // device messages are stored by the portal, not kept by the broker
    const { messages, letters } = readDelivery(options.topicPrefix, packet.topic, payloadOf(packet), tenantId);
    const filed = letters.length > 0 ? ingest.deadLetter(...letters) : Promise.resolve();
    filed.then(
      () => (messages.length === 0 ? done(null) : queue.enqueue(tenantId, messages, (error) => done(error))),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  };

  const broker: Aedes = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      const address = addressOf(client);
      const failed = (reason: Parameters<typeof signIns.failed>[1]) => signIns.failed(address, reason, { username, clientId: client.id });
      const check = async () => {
        // A guessing address waits its turn before its key is checked, whatever the key.
        if (!(await signIns.admit(address))) {
          failed('held_back');
          return done(refusal('too many failed sign-ins from this address; try again later', SERVER_UNAVAILABLE), false);
        }
        if (client.closed) return done(refusal('the connection closed', SERVER_UNAVAILABLE), false); // gave up waiting
        const secret = password?.toString('utf8') ?? '';
        const tenantId = await tenantOfKey(secret);
        if (!tenantId) {
          failed(secret === '' ? 'no_key' : 'bad_key');
          return done(refusal('the password is not an active ingest key', BAD_USERNAME_OR_PASSWORD), false);
        }
        // Client ids are one namespace for every tenant: one tenant's key must not take over another's session.
        const holder = clientsOf(broker)[client.id];
        if (holder && tenantOf.get(holder) !== tenantId) {
          failed('client_id_taken');
          return done(refusal('this client id is in use by another tenant', IDENTIFIER_REJECTED), false);
        }
        tenantOf.set(client, tenantId);
        keyOf.set(client, secret);
        done(null, true);
      };
      check().catch((error: unknown) => {
        log.error({ err: error }, 'MQTT sign-in check failed');
        done(refusal('the sign-in could not be checked', SERVER_UNAVAILABLE), false);
      });
    },

    authorizePublish: (client, packet, done) => {
      const tenantId = client ? tenantOf.get(client) : undefined;
      const secret = client ? keyOf.get(client) : undefined;
      if (!client || !tenantId || secret === undefined) return done(new Error('publishing needs a signed-in device'));
      tenantOfKey(secret).then(
        (current) => {
          if (current !== tenantId) return done(new Error('the ingest key was revoked'));
          publish(tenantId, packet, done);
        },
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    },

    authorizeSubscribe: (client, subscription, done) => {
      // Only the key's tenant's topics, with the tenant named (no wildcard there), and no shared or $SYS topics.
      const levels = subscription.topic.split('/');
      const own =
        levels.length > prefixLevels.length &&
        prefixLevels.every((level, i) => levels[i] === level) &&
        levels[prefixLevels.length] === tenantOf.get(client);
      done(null, own ? subscription : null); // null: SUBACK refuses it (0x80)
    },
  });

  broker.on('clientError', (client, error) => log.debug({ clientId: client.id, err: error }, 'MQTT client error'));

  const server: Server = createServer((socket) => {
    const client = broker.handle(socket);
    try {
      limitPacketSize(client, options.maxPacketBytes ?? MQTT_PACKET_MAX_BYTES);
    } catch (error) {
      // Fail closed: no connection without the limit. The test of the limit fails on such an upgrade first.
      log.error({ err: error }, 'MQTT connection refused');
      socket.destroy();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new BrokerPortInUseError(
              `MQTT_PORT ${options.port} is in use (another MQTT broker?). Set MQTT_PORT to a free port, MQTT_PORT=off to run no broker, or MQTT_URL to use that broker.`,
            )
          : error,
      ),
    );
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  log.info(
    { port, host: options.host, topic: `${options.topicPrefix}/<tenant>/devices/<device_id>/messages` },
    'embedded MQTT broker listening',
  );

  return {
    port,
    /** Stops taking connections, stores what is queued, then closes the broker. */
    async close(): Promise<void> {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await queue.drain(); // acknowledges what was stored
      for (const client of Object.values(clientsOf(broker))) client.close();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await closed;
      signIns.close();
    },
  };
}
export type EmbeddedBroker = Awaited<ReturnType<typeof startEmbeddedBroker>>;
