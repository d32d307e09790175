import { noticeVanishedPeer, type Queryable } from '../../db/database';

/** Any constants work; every process must use the same ones. The second key is a name's hash (hashtext). */
const SESSION_LOCK_SPACE = 7_340_031;
const MEMBER_LOCK_SPACE = 7_340_032;

/**
 * The advisory locks behind the MQTT session leases, on one connection of their own (session-level locks belong to
 * the connection that took them). Nothing is written to any table.
 */
export function createSessionLeasesRepository(connection: Queryable) {
  return {
    /**
     * Joins the group (a shared lock every member holds), and has the server notice a vanished peer within about half
     * a minute (TCP keepalives of this connection), rather than the system's default of two hours, so that its
     * leases are freed in time.
     */
    async join(group: string): Promise<void> {
      await noticeVanishedPeer(connection);
      await connection.query('SELECT pg_advisory_lock_shared($1, hashtext($2))', [MEMBER_LOCK_SPACE, group]);
    },

    /** The processes holding the group's shared lock in this database. */
    async members(group: string): Promise<number> {
      const [row] = await connection.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks
          WHERE locktype = 'advisory' AND granted AND mode = 'ShareLock' AND objsubid = 2
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
            AND classid = $1::bigint::oid AND objid = (hashtext($2)::bigint & 4294967295)::oid`,
        [MEMBER_LOCK_SPACE, group],
      );
      return row?.n ?? 0;
    },

    async tryLock(clientId: string): Promise<boolean> {
      const [row] = await connection.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [
        SESSION_LOCK_SPACE,
        clientId,
      ]);
      return row?.locked === true;
    },

    async unlock(clientId: string): Promise<void> {
      await connection.query('SELECT pg_advisory_unlock($1, hashtext($2))', [SESSION_LOCK_SPACE, clientId]);
    },
  };
}
