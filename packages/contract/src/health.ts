import { z } from 'zod';
import { endpoint } from './endpoint';
import { healthRoutes } from './routes/health';

export const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']), checks: z.record(z.string(), z.string()).optional() });
export type Health = z.infer<typeof HealthSchema>;

export const healthApi = {
  live: endpoint(healthRoutes.live, {
    tags: ['Operations'],
    summary: 'The process is up',
    responses: { 200: HealthSchema },
  }),
  ready: endpoint(healthRoutes.ready, {
    tags: ['Operations'],
    summary:
      'The process can serve: the database answers and start-up work is done (the demo seeding, reaching an external identity provider); 503 with each unfinished check until then',
    responses: { 200: HealthSchema, 503: HealthSchema },
  }),
};
