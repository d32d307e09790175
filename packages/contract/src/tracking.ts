import { z } from 'zod';
import { endpoint } from './endpoint';
import { trackingRoutes } from './routes/tracking';
import { ApiErrorSchema } from './errors';
import { LAST_MESSAGE_TYPES, LOCATION_TYPES, POSITION_CATEGORIES, TRACKER_TYPES } from '@gridlens/domain/tracking/enumerations';
import { MOVEMENTS } from '@gridlens/domain/tracking/movement';
import { NAME_MAX_LENGTH } from './assets';
import { CreateLocationSchema, LocationListQuerySchema, LocationSchema } from './tracking-locations';

// The POI's schemas live with the rest of tracking places; re-exported for the callers that know them here.
export { CreateLocationSchema, LocationSchema, type CreateLocation, type Location } from './tracking-locations';

/** A tracked device with its newest position (spec §3 Device (tracking), §7 /api/device). */
export const TrackedDeviceSchema = z
  .object({
    device_id: z.string(),
    name: z.string(),
    device_type: z.enum(TRACKER_TYPES),
    last_message_at: z.string().nullable(),
    last_message_type: z.enum(LAST_MESSAGE_TYPES),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    battery_pct: z.number().nullable(),
    location_id: z.string().nullable().describe('The POI it is in, or null'),
    position_category: z.enum(POSITION_CATEGORIES),
    still_since: z.string().nullable(),
    // Issue 19: the devices screen's columns.
    position_at: z.string().nullable().describe('When its newest position was taken (its last message may be later and have none)'),
    location_name: z.string().nullable().describe('The name of the POI it is in, or null'),
    location_type: z.enum(LOCATION_TYPES).nullable(),
    movement: z.enum(MOVEMENTS).nullable().describe("Fluid or Static by the tenant's static_after_hours (spec §4); null with no position"),
    temperature_c: z.number().nullable(),
    accuracy_m: z.number().nullable().describe('The accuracy of its newest fix, metres'),
    tags: z.array(z.string()),
    watchlisted: z.boolean().describe("On the caller's device watchlist"),
  })
  .meta({ id: 'TrackedDevice' });
export type TrackedDevice = z.infer<typeof TrackedDeviceSchema>;

/** The fields of a tracked device, in the order the columnar list gives them. */
export const TRACKED_DEVICE_FIELDS = Object.keys(TrackedDeviceSchema.shape) as (keyof TrackedDevice)[];

/**
 * GET /api/device: the tenant's trackers, columnar (as the assets list): for 10,000 trackers an array of objects
 * repeated each of its 19 keys 10,000 times, and building and validating those objects was most of the answer's
 * time. `columnRows` (`@gridlens/contract/columnar`) turns it back into rows.
 */
export const TrackedDeviceListSchema = z
  .object({
    count: z.number().int().describe('Number of devices: the length of every column'),
    columns: z.object(
      Object.fromEntries(Object.entries(TrackedDeviceSchema.shape).map(([field, schema]) => [field, z.array(schema)])) as {
        [K in keyof typeof TrackedDeviceSchema.shape]: z.ZodArray<(typeof TrackedDeviceSchema.shape)[K]>;
      },
    ),
  })
  .meta({ id: 'TrackedDeviceList' });
export type TrackedDeviceList = z.infer<typeof TrackedDeviceListSchema>;

const identifier = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .max(64)
  .regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : - only');
const name = z.string().trim().min(1, 'This field is required').max(NAME_MAX_LENGTH, 'Must be less than 50 characters');

/** POST /api/device: registers a tracker (its positions are accepted from then on). */
export const CreateTrackedDeviceSchema = z
  .object({ device_id: identifier, name, device_type: z.enum(TRACKER_TYPES).default('Vehicle') })
  .strict()
  .meta({ id: 'CreateTrackedDevice' });
export type CreateTrackedDevice = z.input<typeof CreateTrackedDeviceSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Endpoints

/** Spec §7 /api/device, /api/location: the tenant's trackers with their newest position, and its POIs. */
const tags = ['Tracking'];

export const trackingApi = {
  devices: endpoint(trackingRoutes.devices, {
    tags,
    summary: "The tenant's tracked devices with their newest position, columnar",
    description:
      "With `customer_id`, only the devices now at one of that customer's sites, or last at one when outside every POI now (issue 19). Columnar: index i of every column describes the same device, ordered by name.",
    query: z.object({ customer_id: z.string().min(1).max(64).optional() }),
    responses: { 200: TrackedDeviceListSchema },
  }),
  locations: endpoint(trackingRoutes.locations, {
    tags,
    summary: "The tenant's points of interest",
    query: LocationListQuerySchema,
    responses: { 200: z.array(LocationSchema) },
  }),
  registerDevice: endpoint(trackingRoutes.registerDevice, {
    tags,
    summary: 'Registers a tracked device; 409 when its id is taken',
    body: CreateTrackedDeviceSchema,
    responses: { 201: TrackedDeviceSchema, 409: ApiErrorSchema },
  }),
  addLocation: endpoint(trackingRoutes.addLocation, {
    tags,
    summary: 'Adds a point of interest; 409 when its id is taken',
    body: CreateLocationSchema,
    responses: { 201: LocationSchema, 409: ApiErrorSchema },
  }),
};
