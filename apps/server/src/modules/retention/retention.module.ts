import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { ServerModule } from '../../server-module';
import { retentionJob } from './retention.job';

/** Data retention (RAW_RETENTION_DAYS): no tables of its own; it asks each owner to prune its tables by age. */
export function createRetentionModule({
  db,
  retentionDays,
  log,
}: {
  db: Database;
  retentionDays: number;
  log: FastifyBaseLogger;
}): ServerModule {
  return { name: 'retention', jobs: [retentionJob(db, retentionDays, log)] };
}
