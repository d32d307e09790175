import { route } from '../route';

export const healthRoutes = {
  live: route({
    method: 'GET',
    path: '/healthz',
    operationId: 'getLiveness',
    security: 'public',
  }),
  ready: route({
    method: 'GET',
    path: '/readyz',
    operationId: 'getReadiness',
    security: 'public',
  }),
};
