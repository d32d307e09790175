import type { FastifyBaseLogger } from 'fastify';
import { openSessionConnection, type SessionConnection } from '../../db/database';
import { createSessionLeasesRepository } from './mqtt-session-leases.repository';

/**
 * Which of the subscriber's broker sessions this process may hold. The sessions on an outside broker are a fixed
 * set (`<MQTT_CLIENT_ID>-0` … `-15`) shared by every process of the portal; each must be held by exactly one live
 * process at a time, so that its queued and unacknowledged messages are read, and that no two processes take the
 * session from each other. See docs/decisions.md, "External MQTT broker (issue 28)".
 */
export interface SessionLeases {
  /** How many processes share the sessions now, this one included. Throws when that cannot be told (no database). */
  members(): Promise<number>;
  /** Takes the session's lease if no other process holds it; whether this process holds it now. */
  acquire(clientId: string): Promise<boolean>;
  /** Gives the lease back (after the session's connection is closed). */
  release(clientId: string): Promise<void>;
  /** `listener` is told when this process has lost every lease at once (its database connection ended). */
  onLost(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

/** One process alone (PGlite, which one process opens): it holds every session. */
export function inProcessSessionLeases(): SessionLeases {
  return {
    members: () => Promise.resolve(1),
    acquire: () => Promise.resolve(true),
    release: () => Promise.resolve(),
    onLost: () => undefined,
    close: () => Promise.resolve(),
  };
}

/**
 * Several processes on one PostgreSQL database: a session's lease is a session-level advisory lock on a connection
 * of its own, which PostgreSQL frees the moment the process dies (its socket closes), so that a live process takes
 * the dead one's sessions over at its next round. Each process also holds a shared lock of the group, whose holders
 * are the members counted. The connection is opened at the first call and again after it is lost.
 */
export function postgresSessionLeases(connectionString: string, group: string, log: FastifyBaseLogger): SessionLeases {
  const listeners: ((error: Error) => void)[] = [];
  let connection: Promise<SessionConnection> | null = null;

  const connect = async () => {
    const opened = await openSessionConnection(connectionString, (error) => {
      connection = null;
      log.warn({ err: error }, 'the MQTT sessions lost their database connection: every session is closed until it is back');
      for (const listener of listeners) listener(error);
    });
    try {
      await createSessionLeasesRepository(opened).join(group);
    } catch (error) {
      await opened.close().catch(() => undefined);
      throw error;
    }
    return opened;
  };
  const repository = async () => {
    connection ??= connect();
    try {
      return createSessionLeasesRepository(await connection);
    } catch (error) {
      connection = null;
      throw error;
    }
  };

  return {
    members: async () => (await repository()).members(group),
    acquire: async (clientId) => (await repository()).tryLock(clientId),
    release: async (clientId) => (await repository()).unlock(clientId),
    onLost: (listener) => listeners.push(listener),
    async close() {
      const open = connection;
      connection = null;
      if (open) await (await open.catch(() => null))?.close();
    },
  };
}
