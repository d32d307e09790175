import type { FastifyInstance } from 'fastify';
import { reportSchedulesApi as api } from '@gridlens/contract/report-schedules';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import type { ReportSchedulesService } from './report-schedules.service';

const done = { ok: true as const };

/** Spec §7 /api/report…: parse, call one use case, answer. */
export function registerReportSchedulesRoutes(app: FastifyInstance, service: ReportSchedulesService): void {
  const tenant = (request: Parameters<typeof tenantPrincipal>[0]) => tenantPrincipal(request).tenantId;
  bindEndpoint(app, api.reports, (request) => service.reports(tenant(request), request.params.page, request.params.per_page));
  bindEndpoint(app, api.addReport, (request) => service.addReport(tenantPrincipal(request), request.body));
  bindEndpoint(app, api.schedules, (request) => service.list(tenant(request)));
  bindEndpoint(app, api.createSchedule, (request) => service.create(tenantPrincipal(request), request.body));
  bindEndpoint(app, api.schedule, (request) => service.get(tenant(request), request.params.id));
  bindEndpoint(app, api.updateSchedule, (request) => service.update(tenantPrincipal(request), request.params.id, request.body));
  bindEndpoint(app, api.removeSchedule, async (request) => {
    await service.remove(tenant(request), request.params.id);
    return done;
  });
  bindEndpoint(app, api.sendNow, (request) => service.sendNow(tenantPrincipal(request), request.params.id));
  bindEndpoint(app, api.sendRunAgain, (request) => service.sendAgain(tenantPrincipal(request), request.params.id, request.params.run_id));
  bindEndpoint(app, api.recipients, (request) => service.recipients(tenant(request), request.params.id));
  bindEndpoint(app, api.addRecipient, (request) => service.addRecipient(tenantPrincipal(request), request.params.id, request.body));
  bindEndpoint(app, api.removeRecipient, async (request) => {
    await service.removeRecipient(tenant(request), request.params.report_id, request.params.recipient_id);
    return done;
  });
}
