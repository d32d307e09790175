import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockPgliteDataDir } from './pglite-lock';

/** Anything that runs parameterised SQL: the database itself or an open transaction. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * PGlite: PostgreSQL in WASM. `dataDir` null keeps everything in memory (tests). A data directory is locked for this
 * process (PgliteInUseError while another live process has it: PGlite would otherwise open it twice and corrupt it).
 */
export async function openPglite(dataDir: string | null): Promise<Database> {
  if (!dataDir) return wrapPglite(await PGlite.create());
  mkdirSync(dataDir, { recursive: true });
  const release = lockPgliteDataDir(dataDir);
  try {
    const db = wrapPglite(await PGlite.create(dataDir));
    return { ...db, close: () => db.close().finally(release) };
  } catch (error) {
    release();
    throw error;
  }
}

/** The Database interface over an open PGlite instance. */
export function wrapPglite(db: PGlite): Database {
  const run = async <Row>(target: Pick<PGlite, 'query'>, sql: string, params?: readonly unknown[]) =>
    (await target.query<Row>(sql, params ? [...params] : undefined)).rows;
  return {
    kind: 'pglite',
    query: (sql, params) => run(db, sql, params),
    transaction: (work) => db.transaction((tx) => work({ query: (sql, params) => run(tx, sql, params) })),
    close: () => db.close(),
  };
}

// int8 (counts, sequence numbers) as JS numbers, as PGlite returns them: our int8 values stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** A real PostgreSQL server through a pg connection pool. */
export function openPostgres(connectionString: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const run = async <Row>(target: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[]) =>
    (await target.query(sql, params ? [...params] : undefined)).rows as Row[];
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({ query: (sql, params) => run(client, sql, params) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** One PostgreSQL connection of its own, outside the pool, for what lasts as long as a connection does. */
export interface SessionConnection extends Queryable {
  close(): Promise<void>;
}

/**
 * Has the server notice a vanished peer on this session within about half a minute (TCP keepalives), rather than the
 * system's default of two hours, so that the advisory locks the session holds are freed in time.
 */
export async function noticeVanishedPeer(connection: Queryable): Promise<void> {
  await connection.query('SET tcp_keepalives_idle = 10');
  await connection.query('SET tcp_keepalives_interval = 5');
  await connection.query('SET tcp_keepalives_count = 4');
}

/**
 * Opens a connection of its own (session advisory locks live and die with one, as LISTEN does). `onLost` is told,
 * once, when the connection ends or fails other than by `close`: whatever the session held is then gone.
 * `onNotification` hears the NOTIFY messages of the channels the connection LISTENs to.
 */
export async function openSessionConnection(
  connectionString: string,
  onLost: (error: Error) => void,
  onNotification?: (channel: string, payload: string | undefined) => void,
): Promise<SessionConnection> {
  const client = new pg.Client({ connectionString, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
  if (onNotification) client.on('notification', (message) => onNotification(message.channel, message.payload));
  let state: 'connecting' | 'open' | 'ended' = 'connecting';
  const lost = (error: Error) => {
    if (state !== 'open') return;
    state = 'ended';
    onLost(error);
  };
  client.on('error', lost);
  client.on('end', () => lost(new Error('the database connection ended')));
  try {
    await client.connect();
  } catch (error) {
    state = 'ended';
    throw error;
  }
  state = 'open';
  return {
    query: async <Row>(sql: string, params?: readonly unknown[]) =>
      (await client.query(sql, params ? [...params] : undefined)).rows as Row[],
    async close() {
      if (state !== 'open') return;
      state = 'ended';
      await client.end();
    },
  };
}
