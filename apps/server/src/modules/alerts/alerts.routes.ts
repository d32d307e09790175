import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActiveAlertsPageSchema,
  ActiveAlertsQuerySchema,
  AlertHistorySchema,
  AlertIdParamsSchema,
  CommentBodySchema,
  OccurrenceParamsSchema,
  PowerAlertRuleBodySchema,
  PowerAlertRuleSchema,
  RecipientBodySchema,
  RecipientSchema,
} from '@gridlens/contract/alerts';
import { ApiErrorSchema, errorResponses } from '@gridlens/contract/errors';
import {
  TrackingActiveAlertsPageSchema,
  TrackingActiveAlertsQuerySchema,
  TrackingAlertRuleBodySchema,
  TrackingAlertRuleSchema,
} from '@gridlens/contract/tracking-alerts';
import { TENANT_SECURITY, tenantPrincipal } from '../../auth/auth.plugin';
import type { StoredRule } from './alert-rules.repository';
import type { AlertsService } from './alerts.service';

const Done = z.object({ ok: z.literal(true) });

/** One kind's routes: where they live and the shapes of its rules and active alerts. */
interface AlertRouteKind {
  base: string;
  tags: string[];
  rule: z.ZodType;
  body: z.ZodType<StoredRule, unknown>;
  activeQuery: typeof ActiveAlertsQuerySchema | typeof TrackingActiveAlertsQuerySchema;
  activePage: z.ZodType;
}

/** Spec §7: /api/alert/powerdata, /active, /{id}, and recipients list, add and delete as for tracking alerts. */
export const POWER_ALERT_ROUTES = {
  base: '/api/alert/powerdata',
  tags: ['Power-data alerts'],
  rule: PowerAlertRuleSchema,
  body: PowerAlertRuleBodySchema,
  activeQuery: ActiveAlertsQuerySchema,
  activePage: ActiveAlertsPageSchema,
} satisfies AlertRouteKind;

/** Spec §7: /api/alert, /api/alert/active, /api/alert/{id}, /api/alert/recipients/{id} and /{alert_id}/{recipient_id}. */
export const TRACKING_ALERT_ROUTES = {
  base: '/api/alert',
  tags: ['Tracking alerts'],
  rule: TrackingAlertRuleSchema,
  body: TrackingAlertRuleBodySchema,
  activeQuery: TrackingActiveAlertsQuerySchema,
  activePage: TrackingActiveAlertsPageSchema,
} satisfies AlertRouteKind;

/** The alert routes of one kind. The /api/alert/powerdata… routes are more specific than /api/alert/:id, so both coexist. */
export function registerAlertRoutes<Rule, Active, Body extends StoredRule>(
  app: FastifyInstance,
  { base, tags, rule: RuleSchema, body: BodySchema, activeQuery, activePage }: AlertRouteKind,
  alerts: AlertsService<Rule, Active, Body>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags, security: TENANT_SECURITY };

  api.get(base, {
    schema: {
      ...schema,
      summary: "The tenant's power-data alert rules",
      response: { 200: z.array(RuleSchema), ...errorResponses },
    },
    handler: (request) => alerts.list(tenantPrincipal(request).tenantId),
  });
  api.post(base, {
    schema: {
      ...schema,
      summary: 'Creates a rule',
      body: BodySchema,
      response: { 201: RuleSchema, ...errorResponses },
    },
    handler: async (request, reply) => reply.status(201).send(await alerts.create(tenantPrincipal(request), request.body as Body)),
  });

  api.get(`${base}/active`, {
    schema: {
      ...schema,
      summary: 'Alerts active now, newest first: device full name, field, actual value, trigger date, state (filterable, paginated)',
      querystring: activeQuery,
      response: { 200: activePage, ...errorResponses },
    },
    handler: (request) => {
      const { page, page_size, device_id, trigger_field, state } = request.query;
      return alerts.active(tenantPrincipal(request).tenantId, { deviceId: device_id, triggerField: trigger_field, state }, page, page_size);
    },
  });
  api.post(`${base}/active/:occurrence_id/acknowledge`, {
    schema: {
      ...schema,
      summary: 'Acknowledges an active alert (who and when are recorded); 409 when it already was, or has cleared',
      params: OccurrenceParamsSchema,
      response: { 200: Done, 409: ApiErrorSchema, ...errorResponses },
    },
    handler: async (request) => {
      await alerts.acknowledge(tenantPrincipal(request), request.params.occurrence_id);
      return { ok: true as const };
    },
  });
  api.post(`${base}/active/:occurrence_id/comments`, {
    schema: {
      ...schema,
      summary: 'Adds a comment to an alert',
      params: OccurrenceParamsSchema,
      body: CommentBodySchema,
      response: { 201: Done, ...errorResponses },
    },
    handler: async (request, reply) => {
      await alerts.comment(tenantPrincipal(request), request.params.occurrence_id, request.body.text);
      return reply.status(201).send({ ok: true as const });
    },
  });
  api.get(`${base}/history/:occurrence_id`, {
    schema: {
      ...schema,
      summary: "An alert's history: triggered, acknowledged, comments, cleared",
      params: OccurrenceParamsSchema,
      response: { 200: AlertHistorySchema, ...errorResponses },
    },
    handler: (request) => alerts.history(tenantPrincipal(request).tenantId, request.params.occurrence_id),
  });

  api.get(`${base}/recipients/:id`, {
    schema: {
      ...schema,
      summary: "A rule's recipients",
      params: AlertIdParamsSchema,
      response: { 200: z.array(RecipientSchema), ...errorResponses },
    },
    handler: (request) => alerts.recipients(tenantPrincipal(request).tenantId, request.params.id),
  });
  api.post(`${base}/recipients/:id`, {
    schema: {
      ...schema,
      summary: 'Adds a recipient to a rule',
      params: AlertIdParamsSchema,
      body: RecipientBodySchema,
      response: { 201: RecipientSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await alerts.addRecipient(tenantPrincipal(request).tenantId, request.params.id, request.body)),
  });
  api.delete(`${base}/recipients/:alert_id/:recipient_id`, {
    schema: {
      ...schema,
      summary: 'Removes a recipient from a rule',
      params: z.object({ alert_id: z.uuid(), recipient_id: z.uuid() }),
      response: { 200: Done, ...errorResponses },
    },
    handler: async (request) => {
      await alerts.removeRecipient(tenantPrincipal(request).tenantId, request.params.alert_id, request.params.recipient_id);
      return { ok: true as const };
    },
  });

  api.get(`${base}/:id`, {
    schema: { ...schema, summary: 'One rule', params: AlertIdParamsSchema, response: { 200: RuleSchema, ...errorResponses } },
    handler: (request) => alerts.get(tenantPrincipal(request).tenantId, request.params.id),
  });
  api.put(`${base}/:id`, {
    schema: {
      ...schema,
      summary: 'Replaces a rule',
      params: AlertIdParamsSchema,
      body: BodySchema,
      response: { 200: RuleSchema, ...errorResponses },
    },
    handler: (request) => alerts.update(tenantPrincipal(request).tenantId, request.params.id, request.body as Body),
  });
  api.delete(`${base}/:id`, {
    schema: {
      ...schema,
      summary: 'Deletes a rule with its recipients and alerts',
      params: AlertIdParamsSchema,
      response: { 200: Done, ...errorResponses },
    },
    handler: async (request) => {
      await alerts.remove(tenantPrincipal(request).tenantId, request.params.id);
      return { ok: true as const };
    },
  });
}
