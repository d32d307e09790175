import type { FastifyBaseLogger } from 'fastify';
import { noticeVanishedPeer, openSessionConnection, type SessionConnection } from './database';

/** Any constant works; every process must use the same. The second key is the role's hash (hashtext). */
const LEADER_LOCK_SPACE = 7_340_033;

/**
 * A role that one process of the portal plays at a time, however many run on one database: the demo's seeding and
 * its live simulator. `lead(start)` starts the role in this process when it wins it, and `start`'s answer stops it.
 */
export interface Leadership {
  /** Plays the role whenever this process holds it; the answer gives it up (at shutdown). */
  lead(start: () => Promise<() => void>): () => Promise<void>;
}

/** One process alone (PGlite, which one process opens): it always holds the role. */
export function soleLeadership(): Leadership {
  return {
    lead(start) {
      const stopping = start();
      return async () => (await stopping.catch(() => () => undefined))();
    },
  };
}

/**
 * Several processes on one PostgreSQL database: the role is a session-level advisory lock on a connection of its
 * own, tried every `retryMs` by the processes without it. PostgreSQL frees it the moment the holder dies (its socket
 * closes; TCP keepalives notice a vanished machine within about half a minute), so another process takes the role
 * over at its next try. A holder that loses its connection stops the role at once: two processes never play it
 * together.
 */
export function postgresLeadership(connectionString: string, role: string, log: FastifyBaseLogger, retryMs = 30_000): Leadership {
  return {
    lead(start) {
      let stopped = false;
      let connection: SessionConnection | null = null;
      let stopRole: (() => void) | null = null;
      /** While the role starts (the demo's seeding takes minutes): no second try meanwhile. */
      let starting = false;
      let timer: NodeJS.Timeout | null = null;
      const retry = () => {
        if (!stopped && !starting && !stopRole && !timer) timer = setTimeout(() => void attempt(), retryMs);
      };

      const giveUp = () => {
        stopRole?.();
        stopRole = null;
      };
      const attempt = async () => {
        timer = null;
        if (stopped || starting) return;
        try {
          if (!connection) {
            connection = await openSessionConnection(connectionString, (error) => {
              connection = null;
              if (stopRole || starting)
                log.warn({ err: error, role }, 'lost the database connection that held this role: stopping it here');
              giveUp();
              retry();
            });
            await noticeVanishedPeer(connection);
          }
          const [row] = await connection.query<{ won: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS won', [
            LEADER_LOCK_SPACE,
            role,
          ]);
          if (row?.won && !stopped) {
            log.info({ role }, 'this process plays the role for every process of the portal');
            starting = true;
            try {
              stopRole = await start();
            } finally {
              starting = false;
            }
            // Stopped, or the lock's connection lost, while it started: the role is not this process's any more.
            if (stopped || connection === null) giveUp();
          }
        } catch (error) {
          log.warn({ err: error, role }, 'could not try for the role: trying again');
        }
        retry();
      };
      void attempt();

      return async () => {
        stopped = true;
        if (timer) clearTimeout(timer);
        giveUp();
        const open = connection;
        connection = null;
        await open?.close().catch(() => undefined);
      };
    },
  };
}
