import { deleteOlderThan } from '../../db/aged-rows.repository';
import type { Queryable } from '../../db/database';
import { STORED_SEQ_SHIFT } from './reading-encoding';

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

/** Tables that ingestion updates in place (rollups) or fills fast: their dead rows and planner statistics need care. */
const MAINTAINED_TABLES = ['power_device_latest', 'power_device_daily', 'power_device_hourly', 'power_readings'];

/**
 * Retention of stored readings: the raw readings, and the hourly rollup (raw data in another form: charts over
 * a month read it, so it lives as long as the readings do). The daily rollups are kept for ever (issue 3).
 */
export function createReadingRetentionRepository(db: Queryable) {
  return {
    async pruneReadings(tx: Queryable, retentionDays: number): Promise<Record<string, number>> {
      const [readings] = await tx.query<{ n: number }>(PRUNE_READINGS, [retentionDays]);
      return { power_readings: readings?.n ?? 0 };
    },
    async pruneHourly(tx: Queryable, retentionDays: number): Promise<Record<string, number>> {
      return { power_device_hourly: await deleteOlderThan(tx, 'power_device_hourly', 'hour', retentionDays) };
    },
    /** VACUUM (ANALYZE) of the readings' tables; it cannot run in a transaction. */
    async maintain(): Promise<void> {
      await db.query(`VACUUM (ANALYZE) ${MAINTAINED_TABLES.join(', ')}`);
    },
  };
}
