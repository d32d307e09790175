import type { FastifyInstance } from 'fastify';
import { healthApi } from '@gridlens/contract/health';
import type { Database } from '../db/database';
import { bindEndpoint } from './bind-endpoint';
import { createHealthRepository } from './health.repository';

/**
 * Work that must finish before the process counts as ready, by name, each with its state in words ('running',
 * 'failed', or why it is waiting: seeding the demo data, reaching the identity provider). Done work is removed.
 */
export type StartupTasks = Map<string, string>;

/**
 * /healthz: the process is up. /readyz: it can serve: the database answers and start-up tasks are done (503 with
 * each unfinished one's state until then).
 */
export function registerHealthRoutes(app: FastifyInstance, db: Database, startupTasks: StartupTasks): void {
  const health = createHealthRepository(db);
  bindEndpoint(app, healthApi.live, () => ({ status: 'ok' as const }));
  bindEndpoint(app, healthApi.ready, async (request, reply) => {
    try {
      await health.ping();
      const checks = { database: db.kind, ...Object.fromEntries(startupTasks) };
      if (startupTasks.size > 0) return reply.status(503).send({ status: 'unavailable', checks });
      return { status: 'ok' as const, checks };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable', checks: { database: 'unreachable' } });
    }
  });
}
