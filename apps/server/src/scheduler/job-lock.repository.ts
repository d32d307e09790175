import type { Database } from '../db/database';

/** Runs `work` if no other process is running the job now; whether it ran. */
export type JobLock = (job: { name: string }, work: () => Promise<void>) => Promise<boolean>;

/** Any constant works; every process must use the same one. The second key is the job name's hash. */
const SCHEDULER_LOCK_SPACE = 7_340_020;

/**
 * PostgreSQL: a transaction-scoped advisory lock named after the job, held in a transaction of its own while the
 * job runs on other connections of the pool. Whoever fails to take it skips the round; a process that dies
 * releases it with its connection.
 */
export const advisoryJobLock =
  (db: Database): JobLock =>
  (job, work) =>
    db.transaction(async (tx) => {
      const [lock] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1, hashtext($2)) AS locked', [
        SCHEDULER_LOCK_SPACE,
        job.name,
      ]);
      if (!lock?.locked) return false;
      await work();
      return true;
    });
