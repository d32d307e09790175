import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { ScheduledJob } from '../../scheduler/scheduler';
import type { ServerModule } from '../../server-module';

const RETENTION_INTERVAL_MS = 6 * 3_600_000;

/**
 * Retention over the modules that own the raw data: each prunes its own tables (raw readings and the hourly rollup,
 * the power-quality messages, dead letters), all in one transaction, and maintains its hot tables. The daily
 * rollups are kept for ever (issue 3, data retention). The scheduler lets one process at a time run it.
 */
export function createRetention(db: Database, owners: readonly Pick<ServerModule, 'prune' | 'maintain'>[]) {
  const prune = (retentionDays: number): Promise<Record<string, number>> =>
    db.transaction(async (tx) => {
      const deleted: Record<string, number> = {};
      for (const owner of owners) if (owner.prune) Object.assign(deleted, await owner.prune(tx, retentionDays));
      return deleted;
    });
  /**
   * VACUUM (ANALYZE) of the hot tables. PostgreSQL's autovacuum does this too; embedded PGlite has no background
   * workers, so without it the rollups (updated by every reading) would bloat for ever and the planner would never
   * learn the tables' sizes (the assets list query went from a hash to a disk-sorted aggregate without statistics).
   * VACUUM cannot run in a transaction, hence outside prune's.
   */
  const maintain = async (): Promise<void> => {
    for (const owner of owners) await owner.maintain?.();
  };
  return {
    prune,
    maintain,
    /** Every 6 hours, the first a minute after start. */
    job: (retentionDays: number, log: FastifyBaseLogger): ScheduledJob => ({
      name: 'retention',
      everyMs: RETENTION_INTERVAL_MS,
      firstAfterMs: 60_000,
      async run() {
        const deleted = await prune(retentionDays);
        log.info({ deleted, retentionDays }, 'raw data retention applied');
        await maintain();
      },
    }),
  };
}
