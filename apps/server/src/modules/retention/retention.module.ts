import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { ServerModule } from '../../server-module';
import { createRetention } from './retention.job';

/**
 * Data retention (RAW_RETENTION_DAYS): no tables of its own. It asks each module that brings a part in retention
 * (ServerModule.prune, .maintain) to prune its own tables by age and to maintain them; the module graph hands it
 * the modules, so it imports none of them.
 */
export function createRetentionModule({
  db,
  retentionDays,
  log,
  owners,
}: {
  db: Database;
  retentionDays: number;
  log: FastifyBaseLogger;
  owners: readonly ServerModule[];
}) {
  const retention = createRetention(db, owners);
  return {
    name: 'retention',
    jobs: [retention.job(retentionDays, log)],
    /** Deletes raw data older than `days` in one transaction; rows deleted by table. */
    pruneRawData: (days: number = retentionDays) => retention.prune(days),
    /** Statistics and dead-row clean-up of the hot tables (after a large seed too: PGlite has no autovacuum). */
    maintainTables: () => retention.maintain(),
  };
}
export type RetentionModule = ReturnType<typeof createRetentionModule>;
