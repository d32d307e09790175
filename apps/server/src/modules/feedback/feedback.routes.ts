import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreateFeedbackSchema, FeedbackCreatedSchema } from '@gridlens/contract/feedback';
import { errorResponses } from '@gridlens/contract/errors';
import { TENANT_SECURITY, tenantPrincipal } from '../../auth/auth.plugin';
import type { FeedbackRepository } from './feedback.repository';

export function registerFeedbackRoutes(app: FastifyInstance, feedback: FeedbackRepository): void {
  app.withTypeProvider<ZodTypeProvider>().post('/api/feedback', {
    schema: {
      tags: ['Feedback'],
      security: TENANT_SECURITY,
      summary: 'Stores a message from the feedback widget',
      body: CreateFeedbackSchema,
      response: { 201: FeedbackCreatedSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const { tenantId, userId } = tenantPrincipal(request);
      const row = await feedback.insert(tenantId, userId, request.body);
      return reply.status(201).send({ id: row.id, created_at: new Date(row.created_at).toISOString() });
    },
  });
}
