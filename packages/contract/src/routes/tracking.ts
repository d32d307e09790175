import { route } from '../route';

export const trackingRoutes = {
  devices: route({
    security: 'tenant',
    method: 'GET',
    path: '/api/device',
    operationId: 'listTrackedDevices',
  }),
  locations: route({
    security: 'tenant',
    method: 'GET',
    path: '/api/location',
    operationId: 'listLocations',
  }),
  registerDevice: route({
    security: 'tenant',
    method: 'POST',
    path: '/api/device',
    operationId: 'registerTrackedDevice',
  }),
  addLocation: route({
    security: 'tenant',
    method: 'POST',
    path: '/api/location',
    operationId: 'addLocation',
  }),
};
