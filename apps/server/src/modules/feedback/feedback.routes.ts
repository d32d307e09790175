import type { FastifyInstance } from 'fastify';
import { feedbackApi } from '@gridlens/contract/feedback';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import type { FeedbackRepository } from './feedback.repository';

export function registerFeedbackRoutes(app: FastifyInstance, feedback: FeedbackRepository): void {
  bindEndpoint(app, feedbackApi.send, async (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    const row = await feedback.insert(tenantId, userId, request.body);
    return { id: row.id, created_at: new Date(row.created_at).toISOString() };
  });
}
