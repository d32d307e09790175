import { z } from 'zod';
import { DoneSchema, endpoint } from './endpoint';
import { powerAlertRoutes, type AlertRoutes } from './routes/alerts';
import { ApiErrorSchema, boundMessage } from './errors';
import { ALERT_OPERATORS, POWER_ALERT_FIELDS, thresholdProblem, type ThresholdProblem } from '@gridlens/domain/alerts/power-alert-rules';
import { DEVICE_TYPES } from '@gridlens/domain/power/enumerations';
import { NAME_MAX_LENGTH } from './assets';

/** A threshold's problem in the specification's words (§5). */
export const thresholdMessage = (problem: ThresholdProblem): string =>
  problem.kind === 'percent'
    ? 'Number has to be between 0 and 100'
    : problem.kind === 'below'
      ? boundMessage('below', problem.min, problem.inclusive)
      : boundMessage('above', problem.max, problem.inclusive);

/** A rule for one device watches that device whatever its type: a type only narrows "every device". */
export function checkDeviceScope(rule: { device_id: string | null; device_type: string | null }, context: z.RefinementCtx): void {
  if (rule.device_id !== null && rule.device_type !== null)
    context.addIssue({ code: 'custom', path: ['device_type'], message: 'A rule for one device takes no device type' });
}

/** A power-data alert rule as the user writes it (spec §3 Alert). POST creates one; PUT replaces one whole. */
export const PowerAlertRuleBodySchema = z
  .object({
    device_id: z.string().trim().min(1).max(64).nullable().describe('One device, or null for every device of the tenant'),
    device_type: z.enum(DEVICE_TYPES).nullable().default(null).describe('With device_id null: only the devices of this mount type'),
    trigger_field: z.enum(POWER_ALERT_FIELDS),
    trigger_operator: z.enum(ALERT_OPERATORS),
    trigger_value: z.number({ error: 'This field is required' }).refine(Number.isFinite, 'This field is required'),
    notify_on_clear: z.boolean().default(false).describe('Also email the recipients when the alert clears'),
  })
  .strict()
  .superRefine((rule, context) => {
    // A threshold outside the field's possible values can never be met, or is a typo (spec §5 messages).
    const problem = thresholdProblem(rule.trigger_field, rule.trigger_value);
    if (problem) context.addIssue({ code: 'custom', path: ['trigger_value'], message: thresholdMessage(problem) });
    checkDeviceScope(rule, context);
  })
  .meta({ id: 'PowerAlertRuleBody' });
export type PowerAlertRuleBody = z.input<typeof PowerAlertRuleBodySchema>;

export const PowerAlertRuleSchema = z
  .object({
    alert_id: z.uuid(),
    device_id: z.string().nullable(),
    device_type: z.enum(DEVICE_TYPES).nullable(),
    trigger_field: z.enum(POWER_ALERT_FIELDS),
    trigger_operator: z.enum(ALERT_OPERATORS),
    trigger_value: z.number(),
    notify_on_clear: z.boolean(),
    recipient_count: z.number().int(),
    active_count: z.number().int().describe('Devices on which the alert is active now'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'PowerAlertRule' });
export type PowerAlertRule = z.infer<typeof PowerAlertRuleSchema>;

export const AlertIdParamsSchema = z.object({ id: z.uuid() });

const name = z.string().trim().min(1, 'This field is required').max(NAME_MAX_LENGTH, 'Must be less than 50 characters');

/** A recipient of an alert's emails (spec §3: name, email, nickname). */
export const RecipientBodySchema = z
  .object({
    name,
    email: z.string().trim().pipe(z.email('Email must be valid')),
    nickname: z.string().trim().max(NAME_MAX_LENGTH, 'Must be less than 50 characters').nullable().default(null),
  })
  .strict()
  .meta({ id: 'AlertRecipientBody' });
export type RecipientBody = z.input<typeof RecipientBodySchema>;

export const RecipientSchema = z
  .object({ recipient_id: z.uuid(), alert_id: z.uuid(), name: z.string(), email: z.string(), nickname: z.string().nullable() })
  .meta({ id: 'AlertRecipient' });
export type Recipient = z.infer<typeof RecipientSchema>;

export const ALERT_STATES = ['active', 'acknowledged'] as const;

export const ActiveAlertsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(100),
  device_id: z.string().max(64).optional(),
  trigger_field: z.enum(POWER_ALERT_FIELDS).optional(),
  state: z.enum(ALERT_STATES).optional(),
});

/** An alert active on a device now: the rule, the device's full name, the value that triggered it and when. */
export const ActiveAlertSchema = z.object({
  occurrence_id: z.uuid(),
  alert_id: z.uuid(),
  device_id: z.string(),
  full_name: z.string().describe("The device's transformer name"),
  trigger_field: z.enum(POWER_ALERT_FIELDS),
  trigger_operator: z.enum(ALERT_OPERATORS),
  trigger_value: z.number(),
  actual_value: z.number(),
  trigger_date: z.string(),
  state: z.enum(ALERT_STATES),
  acknowledged_by: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
});
export type ActiveAlert = z.infer<typeof ActiveAlertSchema>;

export const ActiveAlertsPageSchema = z
  .object({ items: z.array(ActiveAlertSchema), page: z.number().int(), page_size: z.number().int(), total: z.number().int() })
  .meta({ id: 'ActiveAlertsPage' });
export type ActiveAlertsPage = z.infer<typeof ActiveAlertsPageSchema>;

export const OccurrenceParamsSchema = z.object({ occurrence_id: z.uuid() });

export const CommentBodySchema = z
  .object({ text: z.string().trim().min(1, 'This field is required').max(2000, 'Must be less than 2000 characters') })
  .strict();

export const ALERT_EVENT_KINDS = ['triggered', 'acknowledged', 'comment', 'cleared'] as const;

/** Everything that happened to one occurrence of an alert, oldest first. */
export const AlertHistorySchema = z
  .object({
    occurrence_id: z.uuid(),
    events: z.array(
      z.object({
        kind: z.enum(ALERT_EVENT_KINDS),
        at: z.string(),
        value: z.number().nullable(),
        user_name: z.string().nullable(),
        text: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'AlertHistory' });
export type AlertHistory = z.infer<typeof AlertHistorySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Endpoints: power-data and tracking alerts share one shape of routes under their own base path

interface AlertKindShapes<Rule extends z.ZodType, Body extends z.ZodType, Query extends z.ZodObject, Page extends z.ZodType> {
  /** The kind in words, for summaries. */
  label: string;
  tags: readonly string[];
  rule: Rule;
  body: Body;
  activeQuery: Query;
  activePage: Page;
}

const RecipientParamsSchema = z.object({ alert_id: z.uuid(), recipient_id: z.uuid() });

/** Spec §7: rules, active alerts, history and recipients of one kind of alert. */
export function alertEndpoints<Rule extends z.ZodType, Body extends z.ZodType, Query extends z.ZodObject, Page extends z.ZodType>(
  routes: AlertRoutes,
  { label, tags, rule, body, activeQuery, activePage }: AlertKindShapes<Rule, Body, Query, Page>,
) {
  return {
    list: endpoint(routes.list, {
      tags,
      summary: `The tenant's ${label} alert rules`,
      responses: { 200: z.array(rule) },
    }),
    create: endpoint(routes.create, {
      tags,
      summary: `Creates a ${label} alert rule`,
      body,
      responses: { 201: rule },
    }),
    active: endpoint(routes.active, {
      tags,
      summary: 'Alerts active now, newest first: device full name, field, actual value, trigger date, state (filterable, paginated)',
      query: activeQuery,
      responses: { 200: activePage },
    }),
    acknowledge: endpoint(routes.acknowledge, {
      tags,
      summary: 'Acknowledges an active alert (who and when are recorded); 409 when it already was, or has cleared',
      params: OccurrenceParamsSchema,
      responses: { 200: DoneSchema, 409: ApiErrorSchema },
    }),
    comment: endpoint(routes.comment, {
      tags,
      summary: 'Adds a comment to an alert',
      params: OccurrenceParamsSchema,
      body: CommentBodySchema,
      responses: { 201: DoneSchema },
    }),
    history: endpoint(routes.history, {
      tags,
      summary: "An alert's history: triggered, acknowledged, comments, cleared",
      params: OccurrenceParamsSchema,
      responses: { 200: AlertHistorySchema },
    }),
    recipients: endpoint(routes.recipients, {
      tags,
      summary: "A rule's recipients",
      params: AlertIdParamsSchema,
      responses: { 200: z.array(RecipientSchema) },
    }),
    addRecipient: endpoint(routes.addRecipient, {
      tags,
      summary: 'Adds a recipient to a rule',
      params: AlertIdParamsSchema,
      body: RecipientBodySchema,
      responses: { 201: RecipientSchema },
    }),
    removeRecipient: endpoint(routes.removeRecipient, {
      tags,
      summary: 'Removes a recipient from a rule',
      params: RecipientParamsSchema,
      responses: { 200: DoneSchema },
    }),
    get: endpoint(routes.get, {
      tags,
      summary: 'One rule',
      params: AlertIdParamsSchema,
      responses: { 200: rule },
    }),
    update: endpoint(routes.update, {
      tags,
      summary: 'Replaces a rule',
      params: AlertIdParamsSchema,
      body,
      responses: { 200: rule },
    }),
    remove: endpoint(routes.remove, {
      tags,
      summary: 'Deletes a rule with its recipients and alerts',
      params: AlertIdParamsSchema,
      responses: { 200: DoneSchema },
    }),
  };
}

/** The endpoints of one kind of alert (power-data or tracking). */
export type AlertEndpoints = ReturnType<typeof alertEndpoints>;

export const powerAlertsApi = alertEndpoints(powerAlertRoutes, {
  label: 'power-data',
  tags: ['Power-data alerts'],
  rule: PowerAlertRuleSchema,
  body: PowerAlertRuleBodySchema,
  activeQuery: ActiveAlertsQuerySchema,
  activePage: ActiveAlertsPageSchema,
});
