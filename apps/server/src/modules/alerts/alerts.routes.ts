import type { FastifyInstance } from 'fastify';
import type { AlertEndpoints } from '@gridlens/contract/alerts';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import type { StoredRule } from './alert-rules.repository';
import type { AlertsService } from './alerts.service';

/**
 * The alert routes of one kind (the contract's powerAlertsApi or trackingAlertsApi). The /api/alert/powerdata…
 * routes are more specific than /api/alert/:id, so both kinds coexist. The kind's schemas validate the body and
 * serialise the rules, so the service's generic types are asserted here, once.
 */
export function registerAlertRoutes<Rule, Active, Body extends StoredRule>(
  app: FastifyInstance,
  endpoints: AlertEndpoints,
  alerts: AlertsService<Rule, Active, Body>,
): void {
  bindEndpoint(app, endpoints.list, (request) => alerts.list(tenantPrincipal(request).tenantId));
  bindEndpoint(app, endpoints.create, (request) => alerts.create(tenantPrincipal(request), request.body as Body));
  bindEndpoint(app, endpoints.active, (request) => {
    const { page, page_size, device_id, trigger_field, state } = request.query as unknown as ActiveQuery;
    return alerts.active(tenantPrincipal(request).tenantId, { deviceId: device_id, triggerField: trigger_field, state }, page, page_size);
  });
  bindEndpoint(app, endpoints.acknowledge, async (request) => {
    await alerts.acknowledge(tenantPrincipal(request), request.params.occurrence_id);
    return { ok: true as const };
  });
  bindEndpoint(app, endpoints.comment, async (request) => {
    await alerts.comment(tenantPrincipal(request), request.params.occurrence_id, request.body.text);
    return { ok: true as const };
  });
  bindEndpoint(app, endpoints.history, (request) => alerts.history(tenantPrincipal(request).tenantId, request.params.occurrence_id));
  bindEndpoint(app, endpoints.recipients, (request) => alerts.recipients(tenantPrincipal(request).tenantId, request.params.id));
  bindEndpoint(app, endpoints.addRecipient, (request) =>
    alerts.addRecipient(tenantPrincipal(request).tenantId, request.params.id, request.body),
  );
  bindEndpoint(app, endpoints.removeRecipient, async (request) => {
    await alerts.removeRecipient(tenantPrincipal(request).tenantId, request.params.alert_id, request.params.recipient_id);
    return { ok: true as const };
  });
  bindEndpoint(app, endpoints.get, (request) => alerts.get(tenantPrincipal(request).tenantId, request.params.id));
  bindEndpoint(app, endpoints.update, (request) =>
    alerts.update(tenantPrincipal(request).tenantId, request.params.id, request.body as Body),
  );
  bindEndpoint(app, endpoints.remove, async (request) => {
    await alerts.remove(tenantPrincipal(request).tenantId, request.params.id);
    return { ok: true as const };
  });
}

/** The fields both kinds' active-alert queries share. */
interface ActiveQuery {
  page: number;
  page_size: number;
  device_id?: string;
  trigger_field?: string;
  state?: 'active' | 'acknowledged';
}
