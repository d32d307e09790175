import { createHash } from 'node:crypto';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/database';
import type { ScheduledJob } from '../scheduler/scheduler';
import { createRateLimitRepository } from './rate-limit.repository';

type Repository = ReturnType<typeof createRateLimitRepository>;

/** A route's own counters: its method and path (two routes with one limit's options count apart, as in memory). */
function namespaceOf(options: { routeInfo?: { method?: string | string[]; url?: string } }): string {
  const { method, url } = options.routeInfo ?? {};
  return `${Array.isArray(method) ? method.join(',') : (method ?? '')} ${url ?? ''}`;
}

/**
 * The rate limits' store on PostgreSQL: every process of the portal counts a key's hits in one row, so that N
 * processes behind a load balancer allow what one does (the sign-in form's 20 attempts are 20, not 20 × N). The key
 * is kept as a SHA-256 only, since some keys hold a secret (the ingest key, the bearer token).
 */
export function postgresRateLimitStore(repository: Repository): FastifyRateLimitStoreCtor {
  class SharedCounters implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly namespace = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const digest = createHash('sha256').update(`${this.namespace}\n${key}`).digest();
      repository.hit(digest, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new SharedCounters({}, namespaceOf(routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }));
    }
  }
  return SharedCounters;
}

/**
 * Where the portal counts its rate limits: on PostgreSQL, in the database every process shares; on PGlite, which one
 * process opens, in that process's memory (the plugin's own store).
 */
export function rateLimitStoreFor(db: Database): { store?: FastifyRateLimitStoreCtor } {
  return db.kind === 'postgres' ? { store: postgresRateLimitStore(createRateLimitRepository(db)) } : {};
}

/** Forgets the counters whose window has run out, every 10 minutes (PostgreSQL only: PGlite keeps none). */
export function rateLimitCleanupJob(db: Database): ScheduledJob[] {
  if (db.kind !== 'postgres') return [];
  const repository = createRateLimitRepository(db);
  return [{ name: 'rate-limit-cleanup', everyMs: 600_000, run: async () => void (await repository.deleteExpired()) }];
}
