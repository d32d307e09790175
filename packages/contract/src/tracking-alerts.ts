import { z } from 'zod';
import { ALERT_OPERATORS } from '@gridlens/domain/alerts/power-alert-rules';
import {
  isLocationField,
  TRACKING_ALERT_FIELDS,
  TRACKING_FIELD_OPERATORS,
  trackingThresholdProblem,
} from '@gridlens/domain/alerts/tracking-alert-rules';
import { LOCATION_TYPES, TRACKER_TYPES } from '@gridlens/domain/tracking/enumerations';
import { ALERT_STATES, alertEndpoints, checkDeviceScope, thresholdMessage } from './alerts';
import { trackingAlertRoutes } from './routes/alerts';

/**
 * A tracking alert rule as the user writes it (spec §3 Alert, /api/alert). Arrival and departure name a POI
 * (location_id) or a POI type (location_type) and take no value; the other fields take a value and no POI.
 */
export const TrackingAlertRuleBodySchema = z
  .object({
    device_id: z.string().trim().min(1).max(64).nullable().describe('One device, or null for every device of the tenant'),
    device_type: z.enum(TRACKER_TYPES).nullable().default(null).describe('With device_id null: only the devices of this type'),
    trigger_field: z.enum(TRACKING_ALERT_FIELDS),
    trigger_operator: z.enum(ALERT_OPERATORS),
    trigger_value: z
      .number()
      .nullable()
      .default(null)
      .describe('Battery %, or hours for no_message and static; null for arrival and departure'),
    location_id: z.string().trim().min(1).max(64).nullable().default(null).describe('arrival, departure: the POI'),
    location_type: z.enum(LOCATION_TYPES).nullable().default(null).describe('arrival, departure: every POI of this type'),
    notify_on_clear: z.boolean().default(false).describe('Also email the recipients when the alert clears'),
  })
  .strict()
  .superRefine((rule, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (!TRACKING_FIELD_OPERATORS[rule.trigger_field].includes(rule.trigger_operator))
      issue('trigger_operator', `Use ${TRACKING_FIELD_OPERATORS[rule.trigger_field].join(' or ')} with ${rule.trigger_field}`);
    if (isLocationField(rule.trigger_field)) {
      if (rule.location_id === null && rule.location_type === null) issue('location_id', 'This field is required');
      if (rule.location_id !== null && rule.location_type !== null) issue('location_type', 'Give a location or a location type, not both');
      if (rule.trigger_value !== null) issue('trigger_value', `${rule.trigger_field} takes no value`);
    } else {
      if (rule.trigger_value === null || !Number.isFinite(rule.trigger_value)) issue('trigger_value', 'This field is required');
      else {
        const problem = trackingThresholdProblem(rule.trigger_field, rule.trigger_value);
        if (problem) issue('trigger_value', thresholdMessage(problem));
      }
      if (rule.location_id !== null) issue('location_id', `${rule.trigger_field} takes no location`);
      if (rule.location_type !== null) issue('location_type', `${rule.trigger_field} takes no location type`);
    }
    checkDeviceScope(rule, context);
  })
  .meta({ id: 'TrackingAlertRuleBody' });
export type TrackingAlertRuleBody = z.input<typeof TrackingAlertRuleBodySchema>;

const target = {
  location_id: z.string().nullable(),
  location_type: z.enum(LOCATION_TYPES).nullable(),
  location_name: z.string().nullable().describe("The POI's full name, when the rule names one"),
};

export const TrackingAlertRuleSchema = z
  .object({
    alert_id: z.uuid(),
    device_id: z.string().nullable(),
    device_type: z.enum(TRACKER_TYPES).nullable(),
    trigger_field: z.enum(TRACKING_ALERT_FIELDS),
    trigger_operator: z.enum(ALERT_OPERATORS),
    trigger_value: z.number().nullable(),
    ...target,
    notify_on_clear: z.boolean(),
    recipient_count: z.number().int(),
    active_count: z.number().int().describe('Devices on which the alert is active now'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'TrackingAlertRule' });
export type TrackingAlertRule = z.infer<typeof TrackingAlertRuleSchema>;

export const TrackingActiveAlertsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(100),
  device_id: z.string().max(64).optional(),
  trigger_field: z.enum(TRACKING_ALERT_FIELDS).optional(),
  state: z.enum(ALERT_STATES).optional(),
});

/** A tracking alert active now: the rule, the device's name, what triggered it (a value or the POI) and when. */
export const TrackingActiveAlertSchema = z.object({
  occurrence_id: z.uuid(),
  alert_id: z.uuid(),
  device_id: z.string(),
  full_name: z.string().describe("The device's name"),
  trigger_field: z.enum(TRACKING_ALERT_FIELDS),
  trigger_operator: z.enum(ALERT_OPERATORS),
  trigger_value: z.number().nullable(),
  ...target,
  actual_value: z.number().nullable().describe('Battery % or hours; null for arrival and departure'),
  actual_location_id: z.string().nullable().describe('arrival: the POI arrived at; departure: the POI left'),
  actual_location_name: z.string().nullable(),
  trigger_date: z.string(),
  state: z.enum(ALERT_STATES),
  acknowledged_by: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
});
export type TrackingActiveAlert = z.infer<typeof TrackingActiveAlertSchema>;

export const TrackingActiveAlertsPageSchema = z
  .object({ items: z.array(TrackingActiveAlertSchema), page: z.number().int(), page_size: z.number().int(), total: z.number().int() })
  .meta({ id: 'TrackingActiveAlertsPage' });
export type TrackingActiveAlertsPage = z.infer<typeof TrackingActiveAlertsPageSchema>;

/** The tracking alerts' endpoints (routes in routes/alerts.ts). */
export const trackingAlertsApi = alertEndpoints(trackingAlertRoutes, {
  label: 'tracking',
  tags: ['Tracking alerts'],
  rule: TrackingAlertRuleSchema,
  body: TrackingAlertRuleBodySchema,
  activeQuery: TrackingActiveAlertsQuerySchema,
  activePage: TrackingActiveAlertsPageSchema,
});
