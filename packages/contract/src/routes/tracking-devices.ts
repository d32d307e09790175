import { route } from '../route';

/** Spec §7 tracking devices: /api/device and its sub-paths (issue 19), and the tracker's own downlink fetch. */
export const trackingDevicesRoutes = {
  settings: route({ security: 'tenant', method: 'GET', path: '/api/device/settings', operationId: 'getTrackerSettings' }),
  updateSettings: route({ security: 'tenant', method: 'PUT', path: '/api/device/settings', operationId: 'updateTrackerSettings' }),
  stats: route({ security: 'tenant', method: 'GET', path: '/api/device/stats/:duration', operationId: 'getTrackerFleetStats' }),
  messages: route({ security: 'tenant', method: 'GET', path: '/api/device/messages/:device_id', operationId: 'listTrackerMessages' }),
  backOnline: route({ security: 'tenant', method: 'GET', path: '/api/device/backonline', operationId: 'listTrackersBackOnline' }),
  item: route({ security: 'tenant', method: 'GET', path: '/api/device/:id', operationId: 'getTrackedDevice' }),
  update: route({ security: 'tenant', method: 'PUT', path: '/api/device/:id', operationId: 'updateTrackedDevice' }),
  remove: route({ security: 'tenant', method: 'DELETE', path: '/api/device/:id', operationId: 'deleteTrackedDevice' }),
  movementSettings: route({ security: 'tenant', method: 'GET', path: '/api/tracking/settings', operationId: 'getTrackingSettings' }),
  updateMovementSettings: route({
    security: 'tenant',
    method: 'PUT',
    path: '/api/tracking/settings',
    operationId: 'updateTrackingSettings',
  }),
  downlinks: route({ security: 'ingestKey', method: 'GET', path: '/ingest/v1/downlinks/:device_id', operationId: 'fetchTrackerDownlinks' }),
};
