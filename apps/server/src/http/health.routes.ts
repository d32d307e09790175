import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthSchema } from '@gridlens/contract/health';
import type { Database } from '../db/database';

/** /healthz: the process is up. /readyz: it can serve, i.e. the database answers. */
export function registerHealthRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/healthz', { schema: { tags: ['Operations'], response: { 200: HealthSchema } } }, () => ({ status: 'ok' as const }));
  api.get('/readyz', { schema: { tags: ['Operations'], response: { 200: HealthSchema, 503: HealthSchema } } }, async (request, reply) => {
    try {
      await db.query('SELECT 1');
      return { status: 'ok' as const, checks: { database: db.kind } };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable', checks: { database: 'unreachable' } });
    }
  });
}
