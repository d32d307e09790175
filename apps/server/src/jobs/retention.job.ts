import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';

/** Any constant works; every process must use the same one so that only one of them prunes at a time. */
const RETENTION_LOCK_KEY = 7_340_012;
const RETENTION_INTERVAL_MS = 6 * 3_600_000;
/** Raw tables pruned by age; the daily rollups are kept forever (issue 3, data retention). */
const RAW_TABLES = [
  { table: 'power_readings', time: 'measured_at' },
  { table: 'power_quality_events', time: 'occurred_at' },
  { table: 'hydrogen_readings', time: 'measured_at' },
  { table: 'metering_readings', time: 'measured_at' },
  { table: 'ingest_dead_letters', time: 'received_at' },
] as const;

/**
 * Deletes raw data older than `retentionDays`. With several API processes, the transaction-scoped
 * advisory lock lets exactly one of them do the work; the others skip this round.
 */
export async function pruneRawData(db: Database, retentionDays: number): Promise<Record<string, number> | null> {
  return db.transaction(async (tx) => {
    const [lock] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [RETENTION_LOCK_KEY]);
    if (!lock?.locked) return null;
    const deleted: Record<string, number> = {};
    for (const { table, time } of RAW_TABLES) {
      const rows = await tx.query<{ n: number }>(
        `WITH gone AS (DELETE FROM ${table} WHERE ${time} < now() - make_interval(days => $1) RETURNING 1) SELECT count(*)::int AS n FROM gone`,
        [retentionDays],
      );
      deleted[table] = rows[0]?.n ?? 0;
    }
    return deleted;
  });
}

/** Tables that ingestion updates in place (rollups) or fills fast: their dead rows and planner statistics need care. */
const MAINTAINED_TABLES = ['power_device_latest', 'power_device_daily', 'power_device_hourly', 'power_readings', 'power_devices'];

/**
 * VACUUM (ANALYZE) of the hot tables. PostgreSQL's autovacuum does this too; embedded PGlite has no
 * background workers, so without it the rollups (updated by every reading) would bloat for ever and the
 * planner would never learn the tables' sizes (the assets list query went from a hash to a disk-sorted
 * aggregate without statistics). VACUUM cannot run in a transaction, hence outside pruneRawData's.
 */
export async function maintainTables(db: Database): Promise<void> {
  await db.query(`VACUUM (ANALYZE) ${MAINTAINED_TABLES.join(', ')}`);
}

export function scheduleRetention(db: Database, retentionDays: number, log: FastifyBaseLogger): () => void {
  const run = () =>
    pruneRawData(db, retentionDays)
      .then(async (deleted) => {
        if (!deleted) return; // another process holds this round
        log.info({ deleted, retentionDays }, 'raw data retention applied');
        await maintainTables(db);
      })
      .catch((error: unknown) => log.error({ err: error }, 'raw data retention or table maintenance failed'));
  const first = setTimeout(() => void run(), 60_000);
  const timer = setInterval(() => void run(), RETENTION_INTERVAL_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
