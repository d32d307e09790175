import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppOn } from '../../test/support/test-app';
import { TEST_DATABASES } from '../../test/support/test-databases';
import { configuredTokenVerifier } from '../auth/configured-verifier';
import { loadConfig } from '../config/env';
import type { Database } from '../db/database';
import { createConfiguredEmbeddedProvider } from '../oidc/embedded-provider';
import { createRateLimitRepository } from './rate-limit.repository';
import { rateLimitCleanupJob, rateLimitStoreFor } from './rate-limit-store';

const postgres = TEST_DATABASES.find((backend) => backend.name === 'postgres');
const pglite = TEST_DATABASES.find((backend) => backend.name === 'pglite');

/** Two portal processes on one database, as behind a load balancer: each with its own HTTP layer and provider. */
async function portal(db: Database): Promise<FastifyInstance> {
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', SIGN_IN_ATTEMPTS_PER_5_MIN: '6' });
  const provider = await createConfiguredEmbeddedProvider(config, db, null);
  return buildAppOn(db, { config, embeddedProvider: provider, verifyToken: configuredTokenVerifier(config, provider) });
}

const attempt = (app: FastifyInstance, email: string) =>
  app.inject({
    method: 'POST',
    url: '/oidc/interaction/unknown-uid/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `email=${encodeURIComponent(email)}&password=guess`,
  });

describe.runIf(postgres)('rate limits on PostgreSQL, counted once for every process', () => {
  let db: Database;
  let one: FastifyInstance;
  let two: FastifyInstance;
  beforeAll(async () => {
    db = await postgres!.open();
    [one, two] = await Promise.all([portal(db), portal(db)]);
  });
  afterAll(async () => {
    await Promise.all([one.close(), two.close()]);
    await postgres!.dispose(db);
  });

  it('allows an account’s 6 sign-in attempts across both processes, not 6 on each', async () => {
    for (let i = 0; i < 6; i += 1) expect((await attempt(i % 2 === 0 ? one : two, 'power@gridlens.demo')).statusCode).not.toBe(429);
    expect((await attempt(one, 'power@gridlens.demo')).statusCode).toBe(429);
    expect((await attempt(two, 'power@gridlens.demo')).statusCode).toBe(429);
    // Another account has its own count; no counter keeps the key in clear (it holds the address and the account).
    expect((await attempt(two, 'fleet@gridlens.demo')).statusCode).not.toBe(429);
    const keys = await db.query<{ key: string }>("SELECT encode(key_sha256, 'escape') AS key FROM rate_limit_counters");
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((row) => row.key.includes('gridlens.demo'))).toBe(false);
  });

  it('starts a counter again once its window has run out, and the clean-up job forgets the run-out ones', async () => {
    const counters = createRateLimitRepository(db);
    const key = Buffer.from('0123456789abcdef0123456789abcdef');
    expect((await counters.hit(key, 60_000)).hits).toBe(1);
    const second = await counters.hit(key, 60_000);
    expect(second.hits).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(55_000);
    expect(second.ttlMs).toBeLessThanOrEqual(60_000);
    await db.query("UPDATE rate_limit_counters SET resets_at = now() - interval '1 second' WHERE key_sha256 = $1", [key]);
    expect((await counters.hit(key, 60_000)).hits).toBe(1);
    await db.query("UPDATE rate_limit_counters SET resets_at = now() - interval '1 second'");
    const [job] = rateLimitCleanupJob(db);
    await job?.run();
    expect(await db.query('SELECT 1 FROM rate_limit_counters')).toHaveLength(0);
  });
});

describe.runIf(pglite)('rate limits on PGlite', () => {
  it('are counted in the one process’s memory, with no counter table to clean', async () => {
    const db = await pglite!.open();
    try {
      expect(rateLimitStoreFor(db).store).toBeUndefined();
      expect(rateLimitCleanupJob(db)).toEqual([]);
      const app = await portal(db);
      for (let i = 0; i < 6; i += 1) expect((await attempt(app, 'ops@gridlens.demo')).statusCode).not.toBe(429);
      expect((await attempt(app, 'ops@gridlens.demo')).statusCode).toBe(429);
      expect(await db.query('SELECT 1 FROM rate_limit_counters')).toHaveLength(0);
      await app.close();
    } finally {
      await pglite!.dispose(db);
    }
  });
});
