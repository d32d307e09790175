import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@gridlens/contract/errors';
import {
  AssetListItemSchema,
  AssetListSchema,
  AssetListQuerySchema,
  CreatePowerDeviceSchema,
  PowerDeviceSchema,
  UpdatePowerDeviceSchema,
  WatchlistChangeSchema,
  WatchlistSchema,
} from '@gridlens/contract/power-devices';
import { ApiErrorSchema } from '@gridlens/contract/errors';
import { TENANT_SECURITY, tenantPrincipal } from '../../auth/auth.plugin';
import { columnarJsonSerializer } from '../../http/columnar-json-serializer';
import type { PowerDevicesService } from './power-devices.service';

const tags = ['Power data'];
const deviceParams = z.object({ DeviceID: z.string().min(1).max(64) });

export function registerPowerDeviceRoutes(app: FastifyInstance, devices: PowerDevicesService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/powerdata/device', {
    serializerCompiler: columnarJsonSerializer,
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: 'The assets list, columnar: every device with its figures and issue flags over num_days',
      querystring: AssetListQuerySchema,
      response: { 200: AssetListSchema, ...errorResponses },
    },
    handler: (request) => {
      const { tenantId, userId } = tenantPrincipal(request);
      return devices.listColumns(tenantId, userId, request.query.num_days);
    },
  });

  api.post('/api/powerdata/device', {
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: 'Registers a power-data device',
      body: CreatePowerDeviceSchema,
      response: { 201: PowerDeviceSchema, 409: ApiErrorSchema, ...errorResponses },
    },
    handler: async (request, reply) => reply.status(201).send(await devices.register(tenantPrincipal(request).tenantId, request.body)),
  });

  api.get('/api/powerdata/device/:DeviceID', {
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: 'One device as the assets list shows it over num_days (the asset detail header); 404 for an unknown device',
      params: deviceParams,
      querystring: AssetListQuerySchema,
      response: { 200: AssetListItemSchema, ...errorResponses },
    },
    handler: (request) => {
      const { tenantId, userId } = tenantPrincipal(request);
      return devices.itemOver(tenantId, userId, request.params.DeviceID, request.query.num_days);
    },
  });

  api.put('/api/powerdata/device/:DeviceID', {
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: "Edits a device's details",
      params: deviceParams,
      body: UpdatePowerDeviceSchema,
      response: { 200: PowerDeviceSchema, ...errorResponses },
    },
    handler: (request) => devices.update(tenantPrincipal(request).tenantId, request.params.DeviceID, request.body),
  });

  api.get('/api/watchlist/device', {
    schema: {
      tags: ['Watchlist'],
      security: TENANT_SECURITY,
      summary: "The caller's watched devices",
      response: { 200: WatchlistSchema, ...errorResponses },
    },
    handler: (request) => {
      const { tenantId, userId } = tenantPrincipal(request);
      return devices.watchlist(tenantId, userId);
    },
  });
  api.post('/api/watchlist/device', {
    schema: {
      tags: ['Watchlist'],
      security: TENANT_SECURITY,
      summary: 'Adds a device to the caller’s watchlist',
      body: WatchlistChangeSchema,
      response: { 201: WatchlistSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const { tenantId, userId } = tenantPrincipal(request);
      await devices.watch(tenantId, userId, request.body.device_id);
      return reply.status(201).send(await devices.watchlist(tenantId, userId));
    },
  });
  api.delete('/api/watchlist/device', {
    schema: {
      tags: ['Watchlist'],
      security: TENANT_SECURITY,
      summary: 'Removes a device from the caller’s watchlist',
      body: WatchlistChangeSchema,
      response: { 200: WatchlistSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { tenantId, userId } = tenantPrincipal(request);
      await devices.unwatch(tenantId, userId, request.body.device_id);
      return devices.watchlist(tenantId, userId);
    },
  });
}
