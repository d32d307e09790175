import type { Queryable } from '../db/database';

/** The rate limits' counters (`rate_limit_counters`), one row per key, shared by every process. */
export function createRateLimitRepository(db: Queryable) {
  return {
    /**
     * One more hit on the key's counter, in one statement whichever process counts it: a counter whose window has
     * run out starts again at 1 for `windowMs`. Answers the hits in the window and the milliseconds left of it.
     */
    async hit(keySha256: Buffer, windowMs: number): Promise<{ hits: number; ttlMs: number }> {
      const [row] = await db.query<{ hits: number; ttl_ms: number }>(
        `INSERT INTO rate_limit_counters AS c (key_sha256, hits, resets_at)
         VALUES ($1, 1, clock_timestamp() + make_interval(secs => $2::double precision / 1000))
         ON CONFLICT (key_sha256) DO UPDATE
           SET hits = CASE WHEN c.resets_at <= clock_timestamp() THEN 1 ELSE c.hits + 1 END,
               resets_at = CASE WHEN c.resets_at <= clock_timestamp() THEN EXCLUDED.resets_at ELSE c.resets_at END
         RETURNING hits, greatest(0, ceil(extract(epoch FROM resets_at - clock_timestamp()) * 1000))::int AS ttl_ms`,
        [keySha256, windowMs],
      );
      if (!row) throw new Error('rate_limit_counters: the counter just written is not there');
      return { hits: row.hits, ttlMs: row.ttl_ms };
    },
    /** Forgets the counters whose window ran out (a job): they would start again at 1 anyway. */
    async deleteExpired(): Promise<number> {
      const rows = await db.query('DELETE FROM rate_limit_counters WHERE resets_at <= now() RETURNING 1');
      return rows.length;
    },
  };
}
