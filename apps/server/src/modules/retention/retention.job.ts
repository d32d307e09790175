import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database';
import type { ScheduledJob } from '../../scheduler/scheduler';
import { deviceMessageRetention } from '../power-quality/power-quality.module';
import { deadLetterRetention } from '../ingest/ingest.module';
import { maintainDeviceRegistry } from '../assets/assets.module';
import { readingRetention } from '../power-readings/power-readings.module';

const RETENTION_INTERVAL_MS = 6 * 3_600_000;

/**
 * Deletes raw data older than `retentionDays`, in one transaction, each table by the module that owns it: raw
 * readings, the device tabs' messages, dead letters, then the hourly rollup. The daily rollups are kept for ever
 * (issue 3, data retention). The scheduler lets one process at a time run it.
 */
export async function pruneRawData(db: Database, retentionDays: number): Promise<Record<string, number>> {
  const readings = readingRetention(db);
  const steps: ((tx: Queryable, days: number) => Promise<Record<string, number>>)[] = [
    (tx, days) => readings.pruneReadings(tx, days),
    (tx, days) => deviceMessageRetention().prune(tx, days),
    (tx, days) => deadLetterRetention().prune(tx, days),
    (tx, days) => readings.pruneHourly(tx, days),
  ];
  return db.transaction(async (tx) => {
    const deleted: Record<string, number> = {};
    for (const step of steps) Object.assign(deleted, await step(tx, retentionDays));
    return deleted;
  });
}

/**
 * VACUUM (ANALYZE) of the hot tables. PostgreSQL's autovacuum does this too; embedded PGlite has no
 * background workers, so without it the rollups (updated by every reading) would bloat for ever and the
 * planner would never learn the tables' sizes (the assets list query went from a hash to a disk-sorted
 * aggregate without statistics). VACUUM cannot run in a transaction, hence outside pruneRawData's.
 */
export async function maintainTables(db: Database): Promise<void> {
  await readingRetention(db).maintain();
  await maintainDeviceRegistry(db);
}

/** Every 6 hours, the first a minute after start. */
export const retentionJob = (db: Database, retentionDays: number, log: FastifyBaseLogger): ScheduledJob => ({
  name: 'retention',
  everyMs: RETENTION_INTERVAL_MS,
  firstAfterMs: 60_000,
  async run() {
    const deleted = await pruneRawData(db, retentionDays);
    log.info({ deleted, retentionDays }, 'raw data retention applied');
    await maintainTables(db);
  },
});
