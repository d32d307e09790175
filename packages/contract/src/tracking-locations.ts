import { z } from 'zod';
import { DEFAULT_MAP_VIEW } from '@gridlens/domain/map-view';
import { LOCATION_TYPES, POSITION_CATEGORIES } from '@gridlens/domain/tracking/enumerations';
import { LOCATION_RADIUS_DEFAULT_M, LOCATION_RADIUS_MAX_M, LOCATION_RADIUS_MIN_M } from '@gridlens/domain/tracking/positions';
import { DoneSchema, endpoint } from './endpoint';
import { ApiErrorSchema } from './errors';
import { NAME_MAX_LENGTH } from './assets';
import { trackingLocationsRoutes as routes } from './routes/tracking-locations';

/*
 * Tracking places (spec §3 Location, §7 /api/location/*): POIs as circles or polygons, owned by a customer when
 * Non-Friendly, the devices at each now, possible POIs found in stored positions, the per-user location
 * watchlist and the tenant's customers. The list and add endpoints stay in tracking.ts under their first names.
 */

export const LOCATION_SHAPES = ['circle', 'polygon'] as const;
/** A polygon's outline may have this many corners; more is a surveyed boundary, not a site drawn on a map. */
export const POLYGON_VERTICES_MAX = 500;
export const POLYGON_HOLES_MAX = 20;

const longitude = z.number().min(-180).max(180);
const latitude = z.number().min(-90).max(90);
const ring = z
  .array(z.tuple([longitude, latitude]))
  .min(4, 'A ring needs at least 3 corners and its first corner repeated last')
  .max(POLYGON_VERTICES_MAX + 1)
  // Zod runs this even when the checks above failed, so it reads the ring defensively (an empty or malformed ring is
  // refused by them, with their own message).
  .refine((r) => {
    const first: unknown = r[0];
    const last: unknown = r[r.length - 1];
    if (!Array.isArray(first) || !Array.isArray(last)) return true;
    return first[0] === last[0] && first[1] === last[1];
  }, 'A ring must end where it starts');

/** GeoJSON polygon coordinates: the outline, then any holes, each `[[lon, lat], ...]` closed. */
export const PolygonSchema = z
  .array(ring)
  .min(1, 'A polygon needs its outline')
  .max(POLYGON_HOLES_MAX + 1)
  .describe('GeoJSON polygon coordinates [[[lon, lat], ...], hole, ...], each ring closed')
  .meta({ id: 'LocationPolygon' });

const locationIdentifier = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .max(64)
  .regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : - only');
const fullName = z.string().trim().min(1, 'This field is required').max(NAME_MAX_LENGTH, 'Must be less than 50 characters');
const customerId = z.string().trim().min(1).max(64).nullable();

/** A point of interest (spec §3 Location, §7 /api/location). */
export const LocationSchema = z
  .object({
    LocationID: z.string(),
    LocationType: z.enum(LOCATION_TYPES),
    Latitude: z.number().describe("The circle's centre, or the polygon's"),
    Longitude: z.number(),
    FullName: z.string(),
    RadiusM: z.number().describe("A circle's radius; for a polygon, how far its outline reaches from the centre"),
    DeviceCount: z.number().int().describe('Devices in it now'),
    Shape: z.enum(LOCATION_SHAPES),
    Polygon: PolygonSchema.nullable().describe('The outline and holes of a polygon; null for a circle'),
    CustomerID: z.string().nullable().describe('The customer owning the site (Non-Friendly sites)'),
    CustomerName: z.string().nullable(),
    IsWatchlisted: z.boolean().describe("On the caller's location watchlist"),
  })
  .meta({ id: 'Location' });
export type Location = z.infer<typeof LocationSchema>;

/** A circle (Latitude, Longitude, RadiusM) or a polygon (Polygon): exactly one of them. */
const geometryFields = {
  Latitude: latitude.optional(),
  Longitude: longitude.optional(),
  RadiusM: z.number().min(LOCATION_RADIUS_MIN_M).max(LOCATION_RADIUS_MAX_M).optional(),
  Polygon: PolygonSchema.optional(),
};

type GeometryInput = { Latitude?: number | undefined; Longitude?: number | undefined; Polygon?: unknown };
function checkGeometry(body: GeometryInput, context: z.RefinementCtx, required: boolean) {
  const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
  const circle = body.Latitude !== undefined || body.Longitude !== undefined;
  if (circle && body.Polygon !== undefined) issue('Polygon', 'Give a circle (Latitude, Longitude) or a Polygon, not both');
  else if (circle && body.Latitude === undefined) issue('Latitude', 'This field is required');
  else if (circle && body.Longitude === undefined) issue('Longitude', 'This field is required');
  else if (required && !circle && body.Polygon === undefined) issue('Latitude', 'This field is required (or give a Polygon)');
}

/** POST /api/location: adds a POI, a circle or a polygon (spec §7 "add POI"; adopting a possible POI too). */
export const CreateLocationSchema = z
  .object({
    LocationID: locationIdentifier,
    FullName: fullName,
    LocationType: z.enum(LOCATION_TYPES),
    CustomerID: customerId.default(null),
    ...geometryFields,
  })
  .strict()
  .superRefine((body, context) => checkGeometry(body, context, true))
  .transform((body) => ({ ...body, RadiusM: body.RadiusM ?? LOCATION_RADIUS_DEFAULT_M }))
  .meta({ id: 'CreateLocation' });
export type CreateLocation = z.input<typeof CreateLocationSchema>;

/** PUT /api/location/{LocationID}: what is given changes (rename, retype, move, reshape, another customer). */
export const UpdateLocationSchema = z
  .object({
    FullName: fullName.optional(),
    LocationType: z.enum(LOCATION_TYPES).optional(),
    CustomerID: customerId.optional(),
    ...geometryFields,
  })
  .strict()
  .superRefine((body, context) => checkGeometry(body, context, false))
  .meta({ id: 'UpdateLocation' });
export type UpdateLocation = z.input<typeof UpdateLocationSchema>;

export const LocationListQuerySchema = z.object({
  customer_id: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe("Only this customer's sites and every Friendly one (the header's selected customer)"),
});

const LocationStatsSchema = z
  .array(z.object({ LocationType: z.enum(LOCATION_TYPES), LocationCount: z.number().int(), DeviceCount: z.number().int() }))
  .meta({ id: 'LocationStats' });
const LocationCategoriesSchema = z
  .array(z.object({ Category: z.enum(POSITION_CATEGORIES), DeviceCount: z.number().int() }))
  .meta({ id: 'LocationCategories' });

/** A device in a POI now. */
export const DeviceAtLocationSchema = z
  .object({
    device_id: z.string(),
    name: z.string(),
    device_type: z.string(),
    last_message_at: z.string(),
    since: z.string().describe('When it last stood still here (its arrival, or later if it moved around inside)'),
    battery_pct: z.number().nullable(),
  })
  .meta({ id: 'DeviceAtLocation' });
export type DeviceAtLocation = z.infer<typeof DeviceAtLocationSchema>;

/** A place outside every POI where devices stop again and again; adopt it by adding a POI with its circle. */
export const PossiblePoiSchema = z
  .object({
    id: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    radius_m: z.number(),
    visit_count: z.number().int().describe('Stops of at least 30 minutes within the cluster'),
    device_count: z.number().int().describe('Distinct devices that stopped there'),
    first_seen: z.string(),
    last_seen: z.string(),
    confidence: z.number().min(0).max(1).describe('(1 − e^(−visits/4)) · (1 − ½·e^(−(devices − 1)))'),
  })
  .meta({ id: 'PossiblePoi' });
export type PossiblePoi = z.infer<typeof PossiblePoiSchema>;
export const POSSIBLE_POI_DAYS_DEFAULT = 14;
export const POSSIBLE_POI_DAYS_MAX = 56;

export const LocationWatchlistSchema = z
  .array(z.object({ location_id: z.string(), added_at: z.string() }))
  .meta({ id: 'LocationWatchlist' });
export const CustomerSchema = z
  .object({ customer_id: z.string(), name: z.string(), site_count: z.number().int() })
  .meta({ id: 'Customer' });
export type Customer = z.infer<typeof CustomerSchema>;

/** A town of the offline gazetteer (GeoNames' places of 1,000 people or more), to centre the drawing map on. */
export const GazetteerPlaceSchema = z
  .object({
    name: z.string(),
    region: z.string().describe('Its first-level region (an Irish province, a US state); empty when GeoNames has none'),
    country: z.string().describe('ISO 3166-1 alpha-2'),
    latitude: z.number(),
    longitude: z.number(),
  })
  .meta({ id: 'GazetteerPlace' });
export type GazetteerPlace = z.infer<typeof GazetteerPlaceSchema>;
export const PLACE_SEARCH_LIMIT_DEFAULT = 8;
export const PLACE_SEARCH_LIMIT_MAX = 20;

// ---------------------------------------------------------------------------------------------------------------
// Endpoints

const tags = ['Tracking'];
const coordinate = (limit: number) => z.coerce.number().min(-limit).max(limit);
const LocationIdParams = z.object({ locationId: z.string().min(1).max(64) });

export const trackingLocationsApi = {
  stats: endpoint(routes.stats, {
    tags,
    summary: 'Per location type: its POIs and the devices in them now',
    query: LocationListQuerySchema,
    responses: { 200: LocationStatsSchema },
  }),
  categories: endpoint(routes.categories, {
    tags,
    summary: 'Devices per category: in a Friendly or Non-Friendly POI, outside POIs, no location data',
    query: LocationListQuerySchema,
    responses: { 200: LocationCategoriesSchema },
  }),
  possiblePois: endpoint(routes.possiblePois, {
    tags,
    summary: 'Places outside every POI where devices stop again and again, the most confident first',
    query: z.object({
      days: z.coerce
        .number()
        .int()
        .min(1)
        .max(POSSIBLE_POI_DAYS_MAX)
        .default(POSSIBLE_POI_DAYS_DEFAULT)
        .describe('Stored positions of this many days'),
    }),
    responses: { 200: z.array(PossiblePoiSchema) },
  }),
  devicesAt: endpoint(routes.devicesAt, {
    tags,
    summary: 'The devices in a POI now',
    params: LocationIdParams,
    responses: { 200: z.array(DeviceAtLocationSchema) },
  }),
  item: endpoint(routes.item, { tags, summary: 'One POI', params: LocationIdParams, responses: { 200: LocationSchema } }),
  update: endpoint(routes.update, {
    tags,
    summary: 'Renames, retypes, moves or reshapes a POI, or gives it to another customer',
    params: LocationIdParams,
    body: UpdateLocationSchema,
    responses: { 200: LocationSchema },
  }),
  remove: endpoint(routes.remove, {
    tags,
    summary: 'Deletes a POI; 409 while an alert rule names it (positions keep its id as history)',
    params: LocationIdParams,
    responses: { 200: DoneSchema, 409: ApiErrorSchema },
  }),
  watchlist: endpoint(routes.watchlist, {
    tags: ['Watchlist'],
    summary: "The caller's watched locations",
    responses: { 200: LocationWatchlistSchema },
  }),
  watch: endpoint(routes.watch, {
    tags: ['Watchlist'],
    summary: "Adds a location to the caller's watchlist",
    body: z.object({ location_id: z.string().min(1).max(64) }).strict(),
    responses: { 201: LocationWatchlistSchema },
  }),
  unwatch: endpoint(routes.unwatch, {
    tags: ['Watchlist'],
    summary: "Removes a location from the caller's watchlist",
    params: LocationIdParams,
    responses: { 200: LocationWatchlistSchema },
  }),
  customers: endpoint(routes.customers, { tags, summary: "The tenant's customers", responses: { 200: z.array(CustomerSchema) } }),
  placeSearch: endpoint(routes.placeSearch, {
    tags,
    summary: 'Towns whose name matches, the whole name first, then the nearest to where the map looks',
    query: z.object({
      q: z.string().trim().min(2, 'Type at least 2 characters').max(100).describe('A town name or its start'),
      near_lat: coordinate(90).default(DEFAULT_MAP_VIEW.latitude).describe('Where the map looks; the nearest matches first'),
      near_lng: coordinate(180).default(DEFAULT_MAP_VIEW.longitude),
      limit: z.coerce.number().int().min(1).max(PLACE_SEARCH_LIMIT_MAX).default(PLACE_SEARCH_LIMIT_DEFAULT),
    }),
    responses: { 200: z.array(GazetteerPlaceSchema) },
  }),
};
