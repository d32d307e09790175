import { z } from 'zod';
import { LAST_MESSAGE_TYPES, LOCATION_TYPES, POSITION_CATEGORIES, TRACKER_TYPES } from '@gridlens/domain/tracking/enumerations';
import { LOW_BATTERY_PERCENT } from '@gridlens/domain/power/battery';
import { NO_COMMUNICATION_MS } from '@gridlens/domain/power/communication';
import { ADMIN_ROLE } from '@gridlens/domain/roles';
import { MOVEMENTS, STATIC_AFTER_HOURS_MAX, STATIC_AFTER_HOURS_MIN } from '@gridlens/domain/tracking/movement';
import {
  MOTION_SENSITIVITIES,
  REPORTING_INTERVAL_AT_REST_MIN,
  REPORTING_INTERVAL_MOVING_MIN,
} from '@gridlens/domain/tracking/tracker-settings';
import { endpoint } from './endpoint';
import { ApiErrorSchema } from './errors';
import { NAME_MAX_LENGTH } from './assets';
import { DeviceIdParamsSchema } from './params';
import { PeriodQuerySchema, TimeRangeSchema } from './power-readings';
import { trackingDevicesRoutes } from './routes/tracking-devices';
import { TrackedDeviceSchema } from './tracking';

export const TAG_MAX_LENGTH = 30;
export const TAGS_MAX = 20;
/** Spec §9 "No communication means none in the last 24 hours": a device is back online after a longer silence. */
export const BACK_ONLINE_SILENCE_HOURS = NO_COMMUNICATION_MS / 3_600_000;

/** GET /api/device/{id}: a tracker as the list shows it, and when it was registered. */
export const TrackedDeviceDetailSchema = TrackedDeviceSchema.extend({ created_at: z.string() }).meta({ id: 'TrackedDeviceDetail' });
export type TrackedDeviceDetail = z.infer<typeof TrackedDeviceDetailSchema>;

const tag = z.string().trim().min(1, 'A tag may not be empty').max(TAG_MAX_LENGTH, `Tags are at most ${TAG_MAX_LENGTH} characters`);

/** PUT /api/device/{DeviceID}: name, type and tags, each optional. */
export const UpdateTrackedDeviceSchema = z
  .object({
    name: z.string().trim().min(1, 'This field is required').max(NAME_MAX_LENGTH, 'Must be less than 50 characters').optional(),
    device_type: z.enum(TRACKER_TYPES).optional(),
    tags: z
      .array(tag)
      .max(TAGS_MAX, `At most ${TAGS_MAX} tags`)
      .transform((tags) => [...new Set(tags)])
      .optional(),
  })
  .strict()
  .meta({ id: 'UpdateTrackedDevice' });
export type UpdateTrackedDevice = z.input<typeof UpdateTrackedDeviceSchema>;

/** The settings a tracker takes by downlink (docs/decisions.md, "Tracking mode: devices"). */
export const TrackerSettingsSchema = z
  .object({
    reporting_interval_moving_min: z.number().int().min(REPORTING_INTERVAL_MOVING_MIN.min).max(REPORTING_INTERVAL_MOVING_MIN.max),
    reporting_interval_at_rest_min: z.number().int().min(REPORTING_INTERVAL_AT_REST_MIN.min).max(REPORTING_INTERVAL_AT_REST_MIN.max),
    gps_enabled: z.boolean(),
    wifi_scanning_enabled: z.boolean(),
    motion_sensitivity: z.enum(MOTION_SENSITIVITIES),
    temperature_reporting_enabled: z.boolean(),
  })
  .strict()
  .meta({ id: 'TrackerSettings' });

export const DownlinkSchema = z
  .object({ downlink_id: z.string(), settings: TrackerSettingsSchema, created_at: z.string() })
  .meta({ id: 'TrackerDownlink' });
export type Downlink = z.infer<typeof DownlinkSchema>;

/** GET and PUT /api/device/settings: the settings in force and the downlinks not yet acknowledged. */
export const DeviceSettingsStateSchema = z
  .object({
    device_id: z.string(),
    settings: TrackerSettingsSchema.describe('In force: those of its newest acknowledged downlink, the defaults before any'),
    applied_at: z.string().nullable(),
    pending: z.array(DownlinkSchema).describe('Queued, oldest first, until the tracker acknowledges them'),
  })
  .meta({ id: 'DeviceSettingsState' });
export type DeviceSettingsState = z.infer<typeof DeviceSettingsStateSchema>;

export const UpdateDeviceSettingsSchema = z
  .object({ device_id: z.string().min(1).max(64), settings: TrackerSettingsSchema })
  .strict()
  .meta({ id: 'UpdateDeviceSettings' });

/** A count per key of a vocabulary, every key present (an object, so that the document names each key). */
const countsByKey = <const K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.number().int()])) as Record<K, z.ZodNumber>);

/** GET /api/device/stats/{duration}: fleet figures now and over the range. */
export const TrackerFleetStatsSchema = z
  .object({
    range: TimeRangeSchema,
    device_count: z.number().int(),
    messages_by_type: countsByKey(LAST_MESSAGE_TYPES).describe('Messages received in the range, by type'),
    devices_by_position: countsByKey(POSITION_CATEGORIES).describe('Devices now, by where they are'),
    devices_by_movement: countsByKey(MOVEMENTS),
    reporting_devices: z.number().int().describe('Devices with a message in the range'),
    silent_devices: z.number().int().describe(`Devices with no message in the last ${BACK_ONLINE_SILENCE_HOURS} hours`),
    low_battery_devices: z.number().int().describe(`Devices whose battery is under ${LOW_BATTERY_PERCENT} %`),
  })
  .meta({ id: 'TrackerFleetStats' });
export type TrackerFleetStats = z.infer<typeof TrackerFleetStatsSchema>;

/** One message of a tracker, of either kind (positions have a place). */
export const TrackerMessageRowSchema = z.object({
  seq: z.number().int(),
  time: z.string(),
  message_type: z.enum(LAST_MESSAGE_TYPES),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracy_m: z.number().nullable(),
  battery_pct: z.number().nullable(),
  temperature_c: z.number().nullable(),
  location_id: z.string().nullable(),
  location_type: z.enum(LOCATION_TYPES).nullable(),
  downlink_id: z.string().nullable(),
});
export type TrackerMessageRow = z.infer<typeof TrackerMessageRowSchema>;

export const TrackerMessagesQuerySchema = PeriodQuerySchema.extend({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(5_000).default(100),
  order: z.enum(['newest', 'oldest']).default('newest').describe('oldest: a track in time order'),
});
export const TrackerMessagesPageSchema = z
  .object({ items: z.array(TrackerMessageRowSchema), page: z.number().int(), page_size: z.number().int(), total: z.number().int() })
  .meta({ id: 'TrackerMessagesPage' });
export type TrackerMessagesPage = z.infer<typeof TrackerMessagesPageSchema>;

export const BackOnlineSchema = z
  .object({
    silence_hours_min: z.number().describe('A silence at least this long counts'),
    items: z.array(
      z.object({
        device_id: z.string(),
        name: z.string(),
        back_at: z.string().describe('Its first message after the silence'),
        silent_since: z.string().describe('Its message before the silence'),
        silence_hours: z.number(),
      }),
    ),
  })
  .meta({ id: 'BackOnline' });
export type BackOnline = z.infer<typeof BackOnlineSchema>;

/** The tenant's tracking settings: the period after which an asset in one place is Static (spec §4). */
export const TrackingSettingsSchema = z
  .object({
    static_after_hours: z
      .number()
      .int()
      .min(STATIC_AFTER_HOURS_MIN)
      .max(STATIC_AFTER_HOURS_MAX)
      .describe('Hours in the same place after which an asset is Static rather than Fluid'),
  })
  .strict()
  .meta({ id: 'TrackingSettings' });

// ---------------------------------------------------------------------------------------------------------------
// Endpoints

const tags = ['Tracking'];
const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const trackingDevicesApi = {
  settings: endpoint(trackingDevicesRoutes.settings, {
    tags,
    summary: "A tracker's settings in force and its pending downlinks",
    query: z.object({ device_id: z.string().min(1).max(64) }),
    responses: { 200: DeviceSettingsStateSchema, 404: ApiErrorSchema },
  }),
  updateSettings: endpoint(trackingDevicesRoutes.updateSettings, {
    tags,
    summary: "Queues a tracker's new settings as a downlink; pending until the tracker acknowledges it",
    description:
      'The tracker fetches its pending downlinks with GET /ingest/v1/downlinks/{device_id} and answers each with a `tracker` message of type DownlinkAcknowledgement naming its downlink_id.',
    body: UpdateDeviceSettingsSchema,
    responses: { 200: DeviceSettingsStateSchema, 404: ApiErrorSchema },
  }),
  stats: endpoint(trackingDevicesRoutes.stats, {
    tags,
    summary: 'Fleet figures over a time range: messages by type, devices by place and movement, silent devices',
    params: z.object({ duration: TimeRangeSchema }),
    responses: { 200: TrackerFleetStatsSchema },
  }),
  messages: endpoint(trackingDevicesRoutes.messages, {
    tags,
    summary: "A tracker's messages of every type over a period, paginated (the device's track)",
    params: DeviceIdParamsSchema,
    query: TrackerMessagesQuerySchema,
    responses: { 200: TrackerMessagesPageSchema },
  }),
  backOnline: endpoint(trackingDevicesRoutes.backOnline, {
    tags,
    summary: `Trackers whose newest message ended a silence of ${BACK_ONLINE_SILENCE_HOURS} hours or more, in the last hours`,
    query: z.object({ hours: z.coerce.number().int().min(1).max(8_760).default(24).describe('How far back the return may be') }),
    responses: { 200: BackOnlineSchema },
  }),
  item: endpoint(trackingDevicesRoutes.item, {
    tags,
    summary: 'One tracker with its newest state',
    params: IdParamsSchema,
    responses: { 200: TrackedDeviceDetailSchema },
  }),
  update: endpoint(trackingDevicesRoutes.update, {
    tags,
    summary: "Changes a tracker's name, type or tags",
    description:
      'Spec §7 names the parameter DeviceID here and id for GET and DELETE; OpenAPI allows one name per path, so it is id for all three.',
    params: IdParamsSchema,
    body: UpdateTrackedDeviceSchema,
    responses: { 200: TrackedDeviceDetailSchema },
  }),
  remove: endpoint(trackingDevicesRoutes.remove, {
    tags,
    summary: 'Deletes a tracker with its history (positions, messages, settings, watchlist entries)',
    params: IdParamsSchema,
    responses: { 200: z.object({ deleted: z.literal(true) }).meta({ id: 'DeletedTracker' }) },
  }),
  movementSettings: endpoint(trackingDevicesRoutes.movementSettings, {
    tags,
    summary: "The tenant's tracking settings (the Static/Fluid period)",
    responses: { 200: TrackingSettingsSchema },
  }),
  updateMovementSettings: endpoint(trackingDevicesRoutes.updateMovementSettings, {
    tags,
    summary: `Changes the tenant's tracking settings; only users with the ${ADMIN_ROLE} role`,
    body: TrackingSettingsSchema,
    responses: { 200: TrackingSettingsSchema },
  }),
  downlinks: endpoint(trackingDevicesRoutes.downlinks, {
    tags: ['Ingestion'],
    summary: "A tracker's pending settings downlinks, oldest first (the tracker's own fetch, with an ingest key)",
    params: DeviceIdParamsSchema,
    responses: { 200: z.object({ items: z.array(DownlinkSchema) }).meta({ id: 'PendingDownlinks' }) },
  }),
};
