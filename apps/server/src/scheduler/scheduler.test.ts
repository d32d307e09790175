import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { Database } from '../db/database';
import { createScheduler, jobLockFor, type ScheduledJob } from './scheduler';
import { TEST_DATABASES } from '../../test/support/test-databases';

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A job that counts its rounds and takes a while, so that rounds asked for together overlap. */
function countingJob(name: string, tookMs = 150) {
  const job = {
    rounds: 0,
    job: {
      name,
      everyMs: 60_000,
      run: async () => {
        job.rounds += 1;
        await sleep(tookMs);
      },
    } satisfies ScheduledJob,
  };
  return job;
}

for (const backend of TEST_DATABASES) {
  describe(`scheduler [${backend.name}]`, () => {
    let db: Database;
    beforeAll(async () => {
      db = await backend.open();
    });
    afterAll(() => backend.dispose(db));

    it('never starts a round of a job while its previous round runs in this process', async () => {
      const counted = countingJob('overlap');
      const scheduler = createScheduler({ lock: jobLockFor(db), log });
      scheduler.add(counted.job);
      const ran = await Promise.all([scheduler.runNow('overlap'), scheduler.runNow('overlap')]);
      expect(ran.filter(Boolean)).toHaveLength(1);
      expect(counted.rounds).toBe(1);
      expect(await scheduler.runNow('overlap')).toBe(true); // the next round, once the first is over
    });

    it('runs rounds on the clock once started, and none once stopped', async () => {
      let rounds = 0;
      const scheduler = createScheduler({ lock: jobLockFor(db), log });
      scheduler.add({ name: 'clock', everyMs: 40, run: () => Promise.resolve(void (rounds += 1)) });
      scheduler.start();
      await sleep(300);
      await scheduler.stop();
      const counted = rounds;
      expect(counted).toBeGreaterThanOrEqual(2);
      await sleep(150);
      expect(rounds).toBe(counted);
    });

    it('logs a failed round and runs the next one', async () => {
      let attempts = 0;
      const scheduler = createScheduler({ lock: jobLockFor(db), log });
      scheduler.add({
        name: 'failing',
        everyMs: 60_000,
        run: () => Promise.reject(new Error(`attempt ${(attempts += 1)}`)),
      });
      expect(await scheduler.runNow('failing')).toBe(false);
      expect(await scheduler.runNow('failing')).toBe(false);
      expect(attempts).toBe(2);
    });

    // Two processes are two schedulers on one database: each takes its lock on a connection of its own. PGlite
    // lives in one process, so only PostgreSQL has this case.
    if (backend.name === 'postgres') {
      it('runs a round once when two scheduler instances on one PostgreSQL both ask for it', async () => {
        const counted = countingJob('shared');
        const first = createScheduler({ lock: jobLockFor(db), log });
        const second = createScheduler({ lock: jobLockFor(db), log });
        first.add(counted.job);
        second.add(counted.job);
        const ran = await Promise.all([first.runNow('shared'), second.runNow('shared')]);
        expect(counted.rounds).toBe(1);
        expect(ran.sort()).toEqual([false, true]);
        // The lock goes with the round: the next round runs wherever it is asked for first.
        expect(await second.runNow('shared')).toBe(true);
        expect(counted.rounds).toBe(2);
      });
    }
  });
}
