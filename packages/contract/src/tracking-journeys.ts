import { z } from 'zod';
import { CYCLE_PHASES } from '@gridlens/domain/tracking/cycles';
import { LOCATION_TYPES, POSITION_CATEGORIES, TRACKER_TYPES } from '@gridlens/domain/tracking/enumerations';
import { WEEK_DAY_MAX, WEEK_DAY_MIN, weekIdOfDay } from '@gridlens/domain/tracking/weeks';
import { endpoint } from './endpoint';
import { ApiErrorSchema } from './errors';
import { trackingJourneysRoutes as routes } from './routes/tracking-journeys';

/*
 * Journeys, arrivals, cycles and the POI report of tracking mode (spec §7 /api/journey/…, /api/location/arrive_stats,
 * /api/location/cycle/…, /api/watchlist/journey). Weeks are ISO weeks of the tenant's calendar (its time zone) named by their Monday's date.
 */

const tags = ['Journeys'];
export const NUM_WEEKS_DEFAULT = 8;
export const NUM_WEEKS_MAX = 52;

const id = z.string().trim().min(1).max(64);
const numWeeks = z.coerce.number().int().min(1).max(NUM_WEEKS_MAX).default(NUM_WEEKS_DEFAULT).describe('Recent weeks, this one included');
const customerId = id.optional().describe('Only what touches this customer’s sites');
const weekId = z
  .string()
  .refine((text) => weekIdOfDay(text) !== null, `A week is named by a day of it, YYYY-MM-DD, from ${WEEK_DAY_MIN} to ${WEEK_DAY_MAX}`)
  .transform((text) => weekIdOfDay(text) as string)
  .describe('A week, by any of its days; its Monday names it, and it runs Monday to Sunday in the tenant’s time zone');
// A real calendar day within the weeks' range: Date.parse alone takes 2026-02-31 (as 3 March) and year 0000.
const date = z
  .string()
  .refine((text) => weekIdOfDay(text) !== null, `A date is written YYYY-MM-DD, a real day from ${WEEK_DAY_MIN} to ${WEEK_DAY_MAX}`);
const nullableNumber = z.number().nullable();

const PlaceSchema = z
  .object({ location_id: z.string(), name: z.string(), location_type: z.enum(LOCATION_TYPES) })
  .meta({ id: 'JourneyPlace' });

/** One week of a pair: how many journeys arrived in it and how long they took. */
const JourneyWeekSchema = z.object({
  week: z.string(),
  count: z.number().int(),
  median_minutes: nullableNumber,
  mean_minutes: nullableNumber,
});

export const JourneyPairSchema = z
  .object({
    origin: PlaceSchema,
    destination: PlaceSchema,
    total: z.number().int().describe('Journeys over all the weeks'),
    median_minutes: nullableNumber,
    watchlisted: z.boolean(),
    weeks: z.array(JourneyWeekSchema).describe('One entry per week of `weeks`, oldest first'),
  })
  .meta({ id: 'JourneyPair' });
export type JourneyPair = z.infer<typeof JourneyPairSchema>;

export const JourneyPairsSchema = z.object({ weeks: z.array(z.string()), pairs: z.array(JourneyPairSchema) }).meta({ id: 'JourneyPairs' });
export type JourneyPairs = z.infer<typeof JourneyPairsSchema>;

const DeviceJourneySchema = z.object({
  device_id: z.string(),
  name: z.string(),
  device_type: z.enum(TRACKER_TYPES),
  departed_at: z.string(),
  arrived_at: z.string(),
  duration_minutes: z.number(),
});

export const JourneyDevicesSchema = z
  .object({
    origin: PlaceSchema,
    destination: PlaceSchema,
    weeks: z.array(z.object({ week: z.string(), journeys: z.array(DeviceJourneySchema) })).describe('Newest week first'),
  })
  .meta({ id: 'JourneyDevices' });
export type JourneyDevices = z.infer<typeof JourneyDevicesSchema>;

export const DeviceJourneyListSchema = z
  .array(
    z.object({
      origin: PlaceSchema,
      destination: PlaceSchema,
      departed_at: z.string(),
      arrived_at: z.string(),
      duration_minutes: z.number(),
      week: z.string().describe('The week it counts in (its arrival’s, in the tenant’s calendar), by its Monday'),
    }),
  )
  .meta({ id: 'DeviceJourneyList' });
export type DeviceJourneyList = z.infer<typeof DeviceJourneyListSchema>;

const DwellSchema = z.object({
  visits: z.number().int(),
  median_hours: nullableNumber,
  mean_hours: nullableNumber,
  max_hours: nullableNumber,
});

export const LocationArrivalsSchema = z
  .object({
    location: PlaceSchema,
    week: z.string(),
    days: z.array(z.object({ date: z.string(), arrivals: z.number().int() })).describe('The week’s seven days, Monday first'),
    dwell: DwellSchema.describe('Visits that arrived in the week; an ongoing one counts to its last fix'),
    visits: z.array(
      z.object({
        device_id: z.string(),
        name: z.string(),
        arrived_at: z.string(),
        departed_at: z.string().nullable(),
        dwell_hours: z.number(),
      }),
    ),
    history: z
      .array(z.object({ week: z.string(), arrivals: z.number().int(), median_dwell_hours: nullableNumber }))
      .describe('The eight weeks up to this one, oldest first'),
  })
  .meta({ id: 'LocationArrivals' });
export type LocationArrivals = z.infer<typeof LocationArrivalsSchema>;

/** The cycle endpoints' filter (spec §7: category, num_weeks, start_location_id, include_midcycle, device_id, start_date, end_date). */
export const CycleQuerySchema = z
  .object({
    category: z.enum(TRACKER_TYPES).optional().describe('Only trackers of this type'),
    num_weeks: numWeeks,
    start_location_id: id.optional().describe('The start location; without it, any Friendly POI'),
    include_midcycle: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true')
      .describe('Count cycles still under way, to now'),
    device_id: id.optional(),
    start_date: date.optional().describe('With end_date, instead of num_weeks: cycles leaving on these days (the tenant’s calendar)'),
    end_date: date.optional(),
    customer_id: customerId,
  })
  .superRefine((q, context) => {
    if ((q.start_date === undefined) !== (q.end_date === undefined))
      context.addIssue({
        code: 'custom',
        path: [q.start_date === undefined ? 'start_date' : 'end_date'],
        message: 'Give both start_date and end_date',
      });
    else if (q.start_date !== undefined && q.end_date !== undefined && q.end_date < q.start_date)
      context.addIssue({ code: 'custom', path: ['end_date'], message: 'end_date is before start_date' });
  });
export type CycleQuery = z.output<typeof CycleQuerySchema>;

export const CycleStatsSchema = z
  .object({
    cycles: z.number().int().describe('Cycles counted (finished, and under way when included)'),
    finished: z.number().int(),
    midcycle: z.number().int().describe('Cycles under way now'),
    devices: z.number().int(),
    median_hours: nullableNumber,
    mean_hours: nullableNumber,
    min_hours: nullableNumber,
    max_hours: nullableNumber,
  })
  .meta({ id: 'CycleStats' });
export type CycleStats = z.infer<typeof CycleStatsSchema>;

export const CycleDetailSchema = z
  .array(
    z.object({
      device_id: z.string(),
      name: z.string(),
      device_type: z.enum(TRACKER_TYPES),
      phase: z.enum(CYCLE_PHASES),
      phase_since: z.string().nullable(),
      location_id: z.string().nullable(),
      cycles: z.number().int(),
      last_cycle_hours: nullableNumber,
      mean_cycle_hours: nullableNumber,
    }),
  )
  .meta({ id: 'CycleDetail' });
export type CycleDetail = z.infer<typeof CycleDetailSchema>;

export const CycleHistorySchema = z
  .array(
    z.object({
      week: z.string(),
      cycles: z.number().int(),
      median_hours: nullableNumber,
      mean_hours: nullableNumber,
      partial: z.boolean().describe('The week is still under way: its figures are so far, not yet comparable with whole weeks'),
    }),
  )
  .meta({ id: 'CycleHistory' });
export type CycleHistory = z.infer<typeof CycleHistorySchema>;

export const CycleDonutSchema = z.array(z.object({ phase: z.enum(CYCLE_PHASES), devices: z.number().int() })).meta({ id: 'CycleDonut' });
export type CycleDonut = z.infer<typeof CycleDonutSchema>;

const MovementCountsSchema = { devices: z.number().int(), static: z.number().int(), fluid: z.number().int() };

export const PoiReportSchema = z
  .object({
    weeks: z.array(z.string()),
    static_after_hours: z.number(),
    has_data: z.boolean().describe('Whether any visit arrived in the weeks'),
    by_type: z.array(z.object({ category: z.enum(POSITION_CATEGORIES), ...MovementCountsSchema })),
    locations: z.array(
      z.object({
        location_id: z.string(),
        name: z.string(),
        location_type: z.enum(LOCATION_TYPES),
        customer_id: z.string().nullable(),
        ...MovementCountsSchema,
        arrivals: z.number().int().describe('Visits arriving in the weeks'),
        median_dwell_hours: nullableNumber,
        mean_dwell_hours: nullableNumber,
      }),
    ),
  })
  .meta({ id: 'PoiReport' });
export type PoiReport = z.infer<typeof PoiReportSchema>;

export const JourneyWatchSchema = z.object({ origin_id: id, destination_id: id }).strict().meta({ id: 'JourneyWatch' });
export const JourneyWatchlistSchema = z
  .array(z.object({ origin_id: z.string(), destination_id: z.string(), added_at: z.string() }))
  .meta({ id: 'JourneyWatchlist' });
export type JourneyWatchlist = z.infer<typeof JourneyWatchlistSchema>;

const notFound = { 404: ApiErrorSchema };

export const trackingJourneysApi = {
  journeys: endpoint(routes.journeys, {
    tags,
    summary: 'Origin-destination pairs of recent weeks: journeys per week and their durations',
    description:
      'The `1` is the summary the portal asks for (origin-destination pairs per week), kept in the path as the specification writes it; ' +
      'the weeks are chosen by `num_weeks`. A journey counts in the week it arrives.',
    query: z.object({ num_weeks: numWeeks, customer_id: customerId }),
    responses: { 200: JourneyPairsSchema, ...notFound },
  }),
  journeyDevices: endpoint(routes.journeyDevices, {
    tags,
    summary: 'The devices that made a journey, per week',
    description: '`weeks` is one week (any of its days; its Monday names it) or a number of recent weeks (1 to 52).',
    params: z.object({
      originId: id,
      destinationId: id,
      weeks: z.union([weekId, z.coerce.number().int().min(1).max(NUM_WEEKS_MAX)]),
    }),
    responses: { 200: JourneyDevicesSchema },
  }),
  deviceJourneys: endpoint(routes.deviceJourneys, {
    tags,
    summary: 'A device’s journeys over recent weeks, newest first',
    params: z.object({ device_id: id }),
    query: z.object({ num_weeks: numWeeks }),
    responses: { 200: DeviceJourneyListSchema },
  }),
  arriveStats: endpoint(routes.arriveStats, {
    tags,
    summary: 'A location’s arrivals per day of a week, its dwell times, and arrivals per week before it',
    params: z.object({ locationId: id, week: weekId }),
    responses: { 200: LocationArrivalsSchema },
  }),
  cycleStats: endpoint(routes.cycleStats, {
    tags,
    summary: 'Cycle times: from leaving the start location until back there',
    query: CycleQuerySchema,
    responses: { 200: CycleStatsSchema, ...notFound },
  }),
  cycleDetail: endpoint(routes.cycleDetail, {
    tags,
    summary: 'Each device’s place in its cycle and its cycle times',
    query: CycleQuerySchema,
    responses: { 200: CycleDetailSchema, ...notFound },
  }),
  cycleHistory: endpoint(routes.cycleHistory, {
    tags,
    summary: 'Cycle times per week the cycles left in',
    query: CycleQuerySchema,
    responses: { 200: CycleHistorySchema, ...notFound },
  }),
  cycleDonut: endpoint(routes.cycleDonut, {
    tags,
    summary: 'How many devices are at each phase of their cycle now',
    query: CycleQuerySchema,
    responses: { 200: CycleDonutSchema, ...notFound },
  }),
  poiReport: endpoint(routes.poiReport, {
    tags,
    summary: 'The POI report: assets per POI and location type, Static against Fluid, arrivals and dwell times',
    query: z.object({ num_weeks: numWeeks, customer_id: customerId, location_id: id.optional().describe('Only this POI (the snapshot)') }),
    responses: { 200: PoiReportSchema, ...notFound },
  }),
  journeyWatchlist: endpoint(routes.journeyWatchlist, {
    tags: ['Watchlist'],
    summary: 'The caller’s watched journeys (origin-destination pairs)',
    responses: { 200: JourneyWatchlistSchema },
  }),
  watchJourney: endpoint(routes.watchJourney, {
    tags: ['Watchlist'],
    summary: 'Watches a journey; 404 when either end is unknown',
    body: JourneyWatchSchema,
    responses: { 201: JourneyWatchlistSchema, ...notFound },
  }),
  unwatchJourney: endpoint(routes.unwatchJourney, {
    tags: ['Watchlist'],
    summary: 'Stops watching a journey',
    body: JourneyWatchSchema,
    responses: { 200: JourneyWatchlistSchema },
  }),
};
