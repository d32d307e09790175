import { route } from '../route';

export const feedbackRoutes = {
  send: route({
    method: 'POST',
    path: '/api/feedback',
    operationId: 'sendFeedback',
    security: 'tenant',
  }),
};
