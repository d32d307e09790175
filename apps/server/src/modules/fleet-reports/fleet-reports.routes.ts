import type { FastifyInstance } from 'fastify';
import { fleetReportsApi as api } from '@gridlens/contract/fleet-reports';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import type { createFleetReportService } from './fleet-report.service';
import type { createKpiReportService } from './kpi-report.service';

/** GET /api/report/fleet and /api/report/kpi: the report-style routes' data. */
export function registerFleetReportRoutes(
  app: FastifyInstance,
  fleet: ReturnType<typeof createFleetReportService>,
  kpi: ReturnType<typeof createKpiReportService>,
): void {
  bindEndpoint(app, api.fleet, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return fleet(tenantId, userId, request.query);
  });
  bindEndpoint(app, api.kpi, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return kpi(tenantId, userId, request.query.weeks);
  });
}
