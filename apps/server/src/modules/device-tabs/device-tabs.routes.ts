import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '@gridlens/contract/errors';
import {
  DeviceIdParamsSchema,
  FaultRecordsPageSchema,
  FaultsQuerySchema,
  HydrogenDataSchema,
  HydrogenSensorConfigBodySchema,
  HydrogenSensorConfigSchema,
  MeteringDataSchema,
  PqEventsPageSchema,
  PqEventsQuerySchema,
} from '@gridlens/contract/device-tabs';
import { PeriodQuerySchema } from '@gridlens/contract/power-readings';
import { TENANT_SECURITY, tenantPrincipal } from '../../auth/auth.plugin';
import type { DeviceTabsService } from './device-tabs.service';

const tags = ['Power data'];

/** Events, Fault Records, XFRMR Health (hydrogen) and Metering tabs of a power-data device. */
export function registerDeviceTabRoutes(app: FastifyInstance, tabs: DeviceTabsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/powerdata/events/device/:device_id', {
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: "A device's power-quality events (not faults), newest first, paginated",
      params: DeviceIdParamsSchema,
      querystring: PqEventsQuerySchema,
      response: { 200: PqEventsPageSchema, ...errorResponses },
    },
    handler: (request) => tabs.events(tenantPrincipal(request).tenantId, request.params.device_id, request.query),
  });

  api.get('/api/powerdata/faults/device/:device_id', {
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: "A device's fault records (loss of mains) with start, duration and end, newest first, paginated",
      params: DeviceIdParamsSchema,
      querystring: FaultsQuerySchema,
      response: { 200: FaultRecordsPageSchema, ...errorResponses },
    },
    handler: (request) => tabs.faults(tenantPrincipal(request).tenantId, request.params.device_id, request.query),
  });

  api.get('/api/powerdata/hydrogen/device/:device_id', {
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: "A device's dissolved-hydrogen readings over a period with the latest, the maximum and the trend",
      params: DeviceIdParamsSchema,
      querystring: PeriodQuerySchema,
      response: { 200: HydrogenDataSchema, ...errorResponses },
    },
    handler: (request) => tabs.hydrogen(tenantPrincipal(request).tenantId, request.params.device_id, request.query),
  });

  api.get('/api/powerdata/hydrogen/config/:device_id', {
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: "A device's hydrogen sensor configuration (the defaults until one is saved)",
      params: DeviceIdParamsSchema,
      response: { 200: HydrogenSensorConfigSchema, ...errorResponses },
    },
    handler: (request) => tabs.hydrogenConfig(tenantPrincipal(request).tenantId, request.params.device_id),
  });

  api.put('/api/powerdata/hydrogen/config/:device_id', {
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: "Saves a device's hydrogen sensor configuration (all four fields)",
      params: DeviceIdParamsSchema,
      body: HydrogenSensorConfigBodySchema,
      response: { 200: HydrogenSensorConfigSchema, ...errorResponses },
    },
    handler: (request) => {
      const { tenantId, userId } = tenantPrincipal(request);
      return tabs.saveHydrogenConfig(tenantId, userId, request.params.device_id, request.body);
    },
  });

  api.get('/api/powerdata/metering/device/:device_id', {
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: "A device's metering readings over a period with energy imported and exported and voltage extremes",
      params: DeviceIdParamsSchema,
      querystring: PeriodQuerySchema,
      response: { 200: MeteringDataSchema, ...errorResponses },
    },
    handler: (request) => tabs.metering(tenantPrincipal(request).tenantId, request.params.device_id, request.query),
  });
}
