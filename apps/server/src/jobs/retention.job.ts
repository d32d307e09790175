import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { STORED_SEQ_SHIFT } from '../modules/power-readings/reading-encoding';

/** Any constant works; every process must use the same one so that only one of them prunes at a time. */
const RETENTION_LOCK_KEY = 7_340_012;
const RETENTION_INTERVAL_MS = 6 * 3_600_000;
/**
 * Pruned by age: the raw tables, and the hourly rollup (raw data in another form: charts over a month read it,
 * so it lives as long as the readings do). The daily rollups are kept for ever (issue 3, data retention).
 */
const AGED_TABLES = [
  { table: 'power_quality_events', time: 'occurred_at' },
  { table: 'hydrogen_readings', time: 'measured_at' },
  { table: 'metering_readings', time: 'measured_at' },
  { table: 'ingest_dead_letters', time: 'received_at' },
  { table: 'power_device_hourly', time: 'hour' },
] as const;

/**
 * power_readings has no index on time (see migration 0005), so a plain `measured_at <` would read the whole
 * table, the biggest by far, every round. As the reads do, the old days' sequence ranges from the daily rollup
 * become one index range per device; the time test stays, for late readings whose seq falls in an old range.
 */
const PRUNE_READINGS = `
  WITH old AS (
    SELECT p.device_key, (min(d.min_seq) - ${STORED_SEQ_SHIFT})::int AS lo, (max(d.max_seq) - ${STORED_SEQ_SHIFT})::int AS hi
      FROM power_device_daily d
      JOIN power_devices p ON p.tenant_id = d.tenant_id AND p.device_id = d.device_id
     WHERE d.day <= (now() - make_interval(days => $1))::date
     GROUP BY p.device_key),
  gone AS (
    DELETE FROM power_readings r USING old
     WHERE r.device_key = old.device_key AND r.seq BETWEEN old.lo AND old.hi AND r.measured_at < now() - make_interval(days => $1)
    RETURNING 1)
  SELECT count(*)::int AS n FROM gone`;

/**
 * Deletes raw data older than `retentionDays`. With several API processes, the transaction-scoped
 * advisory lock lets exactly one of them do the work; the others skip this round.
 */
export async function pruneRawData(db: Database, retentionDays: number): Promise<Record<string, number> | null> {
  return db.transaction(async (tx) => {
    const [lock] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [RETENTION_LOCK_KEY]);
    if (!lock?.locked) return null;
    const [readings] = await tx.query<{ n: number }>(PRUNE_READINGS, [retentionDays]);
    const deleted: Record<string, number> = { power_readings: readings?.n ?? 0 };
    for (const { table, time } of AGED_TABLES) {
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
