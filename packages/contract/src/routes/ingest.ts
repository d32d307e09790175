import { route } from '../route';

/** Most messages one HTTP batch may carry; a larger batch answers 413 (split it). */
export const INGEST_BATCH_MAX = 5000;

export const ingestRoutes = {
  messages: route({
    method: 'POST',
    path: '/ingest/v1/messages',
    operationId: 'ingestMessages',
    security: 'ingestKey',
  }),
  keys: route({
    method: 'GET',
    path: '/api/ingest/keys',
    operationId: 'listIngestKeys',
    security: 'tenant',
  }),
  createKey: route({
    method: 'POST',
    path: '/api/ingest/keys',
    operationId: 'createIngestKey',
    security: 'tenant',
  }),
  revokeKey: route({
    method: 'DELETE',
    path: '/api/ingest/keys/:id',
    operationId: 'revokeIngestKey',
    security: 'tenant',
  }),
  refusals: route({
    method: 'GET',
    path: '/api/ingest/refusals/device/:device_id',
    operationId: 'listDeviceRefusals',
    security: 'tenant',
  }),
};
