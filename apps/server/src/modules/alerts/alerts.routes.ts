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
import { TENANT_SECURITY, tenantPrincipal } from '../../auth/auth.plugin';
import type { AlertsService } from './alerts.service';

const tags = ['Power-data alerts'];
const base = '/api/alert/powerdata';
const Done = z.object({ ok: z.literal(true) });

/** Spec §7: /api/alert/powerdata, /active, /{id}, and recipients list, add and delete as for tracking alerts. */
export function registerPowerAlertRoutes(app: FastifyInstance, alerts: AlertsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags, security: TENANT_SECURITY };

  api.get(base, {
    schema: {
      ...schema,
      summary: "The tenant's power-data alert rules",
      response: { 200: z.array(PowerAlertRuleSchema), ...errorResponses },
    },
    handler: (request) => alerts.list(tenantPrincipal(request).tenantId),
  });
  api.post(base, {
    schema: {
      ...schema,
      summary: 'Creates a rule',
      body: PowerAlertRuleBodySchema,
      response: { 201: PowerAlertRuleSchema, ...errorResponses },
    },
    handler: async (request, reply) => reply.status(201).send(await alerts.create(tenantPrincipal(request), request.body)),
  });

  api.get(`${base}/active`, {
    schema: {
      ...schema,
      summary: 'Alerts active now, newest first: device full name, field, actual value, trigger date, state (filterable, paginated)',
      querystring: ActiveAlertsQuerySchema,
      response: { 200: ActiveAlertsPageSchema, ...errorResponses },
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
    schema: { ...schema, summary: 'One rule', params: AlertIdParamsSchema, response: { 200: PowerAlertRuleSchema, ...errorResponses } },
    handler: (request) => alerts.get(tenantPrincipal(request).tenantId, request.params.id),
  });
  api.put(`${base}/:id`, {
    schema: {
      ...schema,
      summary: 'Replaces a rule',
      params: AlertIdParamsSchema,
      body: PowerAlertRuleBodySchema,
      response: { 200: PowerAlertRuleSchema, ...errorResponses },
    },
    handler: (request) => alerts.update(tenantPrincipal(request).tenantId, request.params.id, request.body),
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
