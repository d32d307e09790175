import type { FastifyBaseLogger } from 'fastify';
import { openSessionConnection, type SessionConnection } from './database';

/** The channel of migration 0027's `notify_table_change()`: its payload is the changed table's name. */
const CHANNEL = 'gridlens_changes';
const RECONNECT_MS = 5_000;

/**
 * What a process keeps in memory of a table that another process (or the operator's command) may change: told,
 * through `on(table, forget)`, to forget it whenever the table changes anywhere.
 */
export interface ChangeFeed {
  on(table: string, forget: () => void): void;
  close(): Promise<void>;
}

/** One process alone (PGlite, which one process opens): its own writes forget what they change already. */
export function noChangeFeed(): ChangeFeed {
  return { on: () => undefined, close: () => Promise.resolve() };
}

/**
 * Several processes on one PostgreSQL: a connection of its own LISTENs to the tables' triggers (NOTIFY is sent on
 * commit, to every process). While the connection is down a change may go unheard, so every cache is forgotten
 * when it is back, and it is tried again every few seconds until then.
 */
export function postgresChangeFeed(connectionString: string, log: FastifyBaseLogger): ChangeFeed {
  const listeners = new Map<string, (() => void)[]>();
  const forgetAll = () => {
    for (const forgets of listeners.values()) for (const forget of forgets) forget();
  };
  let connection: SessionConnection | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  const connect = async () => {
    timer = null;
    if (closed) return;
    const retry = () => {
      if (!closed) timer ??= setTimeout(() => void connect(), RECONNECT_MS);
    };
    let opened: SessionConnection | null = null;
    try {
      opened = await openSessionConnection(
        connectionString,
        (error) => {
          connection = null;
          log.warn({ err: error }, 'the change feed lost its database connection: caches may be stale until it is back');
          retry();
        },
        (channel, payload) => {
          if (channel !== CHANNEL || !payload) return;
          for (const forget of listeners.get(payload) ?? []) forget();
        },
      );
      await opened.query(`LISTEN ${CHANNEL}`);
      if (closed) return await opened.close();
      connection = opened;
      // What changed while nobody listened is not known: forget it all.
      forgetAll();
    } catch (error) {
      await opened?.close().catch(() => undefined);
      log.warn({ err: error }, 'the change feed could not listen: trying again');
      retry();
    }
  };
  void connect();

  return {
    on(table, forget) {
      listeners.set(table, [...(listeners.get(table) ?? []), forget]);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const open = connection;
      connection = null;
      await open?.close().catch(() => undefined);
    },
  };
}
