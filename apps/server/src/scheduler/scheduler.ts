import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { advisoryJobLock, type JobLock } from './job-lock.repository';

/** Work done on a clock rather than on a request: retention, alert emails, the tracking timer, report schedules. */
export interface ScheduledJob {
  /** Unique among jobs; names the job's advisory lock, so every process must use the same name. */
  name: string;
  everyMs: number;
  /** When the first round runs after start; by default at the first multiple of `everyMs` on the clock. */
  firstAfterMs?: number;
  run(): Promise<void>;
}

/**
 * PGlite lives inside one process (its data directory cannot be opened by two), so the scheduler's own
 * one-round-at-a-time rule is all the exclusion there is to have. A lock transaction would also hold PGlite's
 * only connection and so wait for ever on the job's own queries.
 */
const inProcessJobLock: JobLock = async (_job, work) => {
  await work();
  return true;
};

export const jobLockFor = (db: Database): JobLock => (db.kind === 'postgres' ? advisoryJobLock(db) : inProcessJobLock);

/** Time to the next multiple of `everyMs` on the clock: processes started apart still try each round together. */
const untilNextRound = (everyMs: number, nowMs: number) => everyMs - (nowMs % everyMs);

/**
 * The one scheduler of the process. Every API process runs one; each round of a job runs in at most one of them
 * at a time (the lock), and a process never starts a round while its previous one of the same job runs. Rounds
 * fall on the clock's multiples of the job's interval, so concurrent processes contend for the same round.
 */
export function createScheduler({ lock, log, now = Date.now }: { lock: JobLock; log: FastifyBaseLogger; now?: () => number }) {
  const jobs = new Map<string, ScheduledJob>();
  /** The rounds this process is running, by job name. */
  const running = new Map<string, Promise<boolean>>();
  const timers = new Map<string, NodeJS.Timeout>();
  let started = false;

  /** One round of a job now, unless this process is running it already; whether this process ran it. */
  async function runNow(name: string): Promise<boolean> {
    const job = jobs.get(name);
    if (!job) throw new Error(`no scheduled job named ${name}`);
    if (running.has(name)) return false;
    const round = lock(job, () => job.run())
      .catch((error: unknown) => {
        log.error({ err: error, job: name }, 'scheduled job failed');
        return false;
      })
      .finally(() => running.delete(name));
    running.set(name, round);
    return round;
  }

  function plan(job: ScheduledJob, delayMs: number): void {
    const timer = setTimeout(() => {
      void runNow(job.name).finally(() => {
        if (started) plan(job, untilNextRound(job.everyMs, now()));
      });
    }, delayMs);
    timer.unref();
    timers.set(job.name, timer);
  }

  return {
    add(job: ScheduledJob): void {
      if (jobs.has(job.name)) throw new Error(`two scheduled jobs named ${job.name}`);
      jobs.set(job.name, job);
      if (started) plan(job, job.firstAfterMs ?? untilNextRound(job.everyMs, now()));
    },
    start(): void {
      if (started) return;
      started = true;
      for (const job of jobs.values()) plan(job, job.firstAfterMs ?? untilNextRound(job.everyMs, now()));
    },
    /** No round starts after this; resolves once the rounds under way have finished. */
    async stop(): Promise<void> {
      started = false;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.all(running.values());
    },
    runNow,
    names: () => [...jobs.keys()],
  };
}
export type Scheduler = ReturnType<typeof createScheduler>;
