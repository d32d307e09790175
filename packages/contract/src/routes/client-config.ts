import { route } from '../route';

export const clientConfigRoutes = {
  get: route({
    method: 'GET',
    path: '/client-config.json',
    operationId: 'getClientConfig',
    security: 'public',
  }),
};
