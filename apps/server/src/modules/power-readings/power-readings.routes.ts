import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@gridlens/contract/errors';
import {
  ChartDataSchema,
  DailyTrendsSchema,
  FleetStatsSchema,
  FleetTotalsSchema,
  IssueTimelineSchema,
  PowerReportQuerySchema,
  PowerReportSchema,
  MessagesPageSchema,
  MessagesQuerySchema,
  PeriodQuerySchema,
  TimeRangeSchema,
} from '@gridlens/contract/power-readings';
import { TENANT_SECURITY, tenantPrincipal } from '../../auth/auth.plugin';
import { plainJsonSerializer } from '../../http/plain-json-serializer';
import type { PowerReadingsService } from './power-readings.service';

const tags = ['Power data'];
const deviceIdParams = z.object({ device_id: z.string().min(1).max(64) });
const idParams = z.object({ id: z.string().min(1).max(64) });

export function registerPowerReadingRoutes(app: FastifyInstance, readings: PowerReadingsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/powerdata/messages/device/:device_id', {
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: "A device's messages, newest first, paginated",
      params: deviceIdParams,
      querystring: MessagesQuerySchema,
      response: { 200: MessagesPageSchema, ...errorResponses },
    },
    handler: (request) =>
      readings.messages(
        tenantPrincipal(request).tenantId,
        request.params.device_id,
        request.query,
        request.query.page,
        request.query.page_size,
      ),
  });

  api.get('/api/powerdata/device/chartdata/:id', {
    serializerCompiler: plainJsonSerializer,
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: 'Chart series of one device over a period, downsampled keeping peaks',
      params: idParams,
      querystring: PeriodQuerySchema,
      response: { 200: ChartDataSchema, ...errorResponses },
    },
    handler: (request) => readings.chart(tenantPrincipal(request).tenantId, request.params.id, request.query),
  });

  api.get('/api/powerdata/device/intchartdata/:id', {
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: 'Daily rollup series of one device (trends)',
      params: idParams,
      querystring: PeriodQuerySchema,
      response: { 200: DailyTrendsSchema, ...errorResponses },
    },
    handler: (request) => readings.dailyTrends(tenantPrincipal(request).tenantId, request.params.id, request.query),
  });

  api.get('/api/powerdata/device/stats/:duration', {
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: 'Counts behind the assets summary charts for a time range',
      params: z.object({ duration: TimeRangeSchema }),
      response: { 200: FleetStatsSchema, ...errorResponses },
    },
    handler: (request) => {
      const { tenantId, userId } = tenantPrincipal(request);
      return readings.fleetStats(tenantId, userId, request.params.duration);
    },
  });

  api.get('/api/powerdata/device/issuestats/:duration', {
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: 'Devices with each issue flag over time (at most 14 buckets of whole UTC days over the range)',
      params: z.object({ duration: TimeRangeSchema }),
      response: { 200: IssueTimelineSchema, ...errorResponses },
    },
    handler: (request) => {
      const { tenantId, userId } = tenantPrincipal(request);
      return readings.issueTimeline(tenantId, userId, request.params.duration);
    },
  });

  api.get('/api/powerdata/report', {
    serializerCompiler: plainJsonSerializer,
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: "The power report of a UTC day: the fleet's status and every device's figures (today when no day is given)",
      querystring: PowerReportQuerySchema,
      response: { 200: PowerReportSchema, ...errorResponses },
    },
    handler: (request) => {
      const { tenantId, userId } = tenantPrincipal(request);
      return readings.dayReport(tenantId, userId, request.query.day);
    },
  });

  api.get('/api/powerdata/device/totalstats/:duration', {
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: 'Fleet total power over a time range',
      params: z.object({ duration: TimeRangeSchema }),
      response: { 200: FleetTotalsSchema, ...errorResponses },
    },
    handler: (request) => readings.fleetTotals(tenantPrincipal(request).tenantId, request.params.duration),
  });
}
