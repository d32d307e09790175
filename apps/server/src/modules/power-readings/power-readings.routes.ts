import type { FastifyInstance } from 'fastify';
import { powerReadingsApi } from '@gridlens/contract/power-readings';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import { plainJsonSerializer } from '../../http/plain-json-serializer';
import type { PowerReadingsService } from './power-readings.service';

export function registerPowerReadingRoutes(app: FastifyInstance, readings: PowerReadingsService): void {
  bindEndpoint(app, powerReadingsApi.messages, (request) =>
    readings.messages(
      tenantPrincipal(request).tenantId,
      request.params.device_id,
      request.query,
      request.query.page,
      request.query.page_size,
    ),
  );
  bindEndpoint(
    app,
    powerReadingsApi.chart,
    (request) => readings.chart(tenantPrincipal(request).tenantId, request.params.id, request.query),
    {
      serializerCompiler: plainJsonSerializer,
    },
  );
  bindEndpoint(app, powerReadingsApi.dailyTrends, (request) =>
    readings.dailyTrends(tenantPrincipal(request).tenantId, request.params.id, request.query),
  );
  bindEndpoint(app, powerReadingsApi.fleetStats, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return readings.fleetStats(tenantId, userId, request.params.duration);
  });
  bindEndpoint(app, powerReadingsApi.issueTimeline, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return readings.issueTimeline(tenantId, userId, request.params.duration);
  });
  bindEndpoint(
    app,
    powerReadingsApi.dayReport,
    (request) => {
      const { tenantId, userId } = tenantPrincipal(request);
      return readings.dayReport(tenantId, userId, request.query.day);
    },
    { serializerCompiler: plainJsonSerializer },
  );
  bindEndpoint(app, powerReadingsApi.fleetTotals, (request) =>
    readings.fleetTotals(tenantPrincipal(request).tenantId, request.params.duration),
  );
}
