import { z } from 'zod';
import { endpoint } from './endpoint';
import { keyedObject } from './keyed-object';
import { powerReadingsRoutes } from './routes/power-readings';
import { DeviceIdParamsSchema } from './params';
import { AssetListSchema, DayWindowSchema } from './assets';

/** Spec §9 time ranges; "last_week" is the previous Monday–Sunday (UTC), the others end now. */
export const TIME_RANGES = ['24h', '7d', '28d', 'last_week', '4w', '8w', '3m', '6m', '1y'] as const;
export const TimeRangeSchema = z.enum(TIME_RANGES);
export type TimeRange = (typeof TIME_RANGES)[number];

/** A period either by name or by explicit ISO bounds (from inclusive, to exclusive). */
export const PeriodQuerySchema = z.object({
  range: TimeRangeSchema.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

export const MessagesQuerySchema = PeriodQuerySchema.extend({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(100),
});

/** One row of the Messages tab (spec §3 Message). */
export const PowerMessageSchema = z.object({
  seq: z.number().int(),
  time: z.string(),
  missed: z.boolean().describe('At least one sequence number is missing just before this message'),
  lqi: z.number().nullable(),
  current_max_a: z.array(z.number()).length(3),
  current_med_a: z.array(z.number()).length(3),
  temperature_max_c: z.number().nullable(),
  temperature_med_c: z.number().nullable(),
  battery_pct: z.number().nullable(),
  total_kva: z.number(),
  capacity_percent: z.number(),
  imbalance_percent: z.number(),
});
export type PowerMessage = z.infer<typeof PowerMessageSchema>;

export const MessagesPageSchema = z
  .object({ items: z.array(PowerMessageSchema), page: z.number().int(), page_size: z.number().int(), total: z.number().int() })
  .meta({ id: 'PowerMessagesPage' });
export type MessagesPage = z.infer<typeof MessagesPageSchema>;

/** A time series as [epoch ms, value] pairs, downsampled on the server keeping each bucket's min and max. */
export const SeriesSchema = z.array(z.tuple([z.number(), z.number().nullable()]));
export const CHART_SERIES = [
  'current_max_a_1',
  'current_max_a_2',
  'current_max_a_3',
  'current_med_a_1',
  'current_med_a_2',
  'current_med_a_3',
  'temperature_max_c',
  'temperature_med_c',
  'capacity_percent',
  'imbalance_percent',
  'total_kva',
] as const;
export const ChartDataSchema = z
  .object({
    device_id: z.string(),
    from: z.string(),
    to: z.string(),
    points_in_period: z.number().int().describe('Readings (or hours, for hourly resolution) in the period before downsampling'),
    resolution: z.enum(['reading', 'hour']).describe('Periods over 31 days are charted from hourly minima and maxima'),
    series: keyedObject(CHART_SERIES, SeriesSchema),
  })
  .meta({ id: 'ChartData' });
export type ChartData = z.infer<typeof ChartDataSchema>;

/** Daily rollup series (Trends Data tab, /device/intchartdata): one point per day of the tenant's calendar. */
export const DailyTrendSchema = z.object({
  day: z.string(),
  partial: z.boolean().describe('The day is today, so far'),
  message_count: z.number().int(),
  missed_messages: z.number().int(),
  current_max_a: z.array(z.number()).length(3),
  current_mean_of_medians_a: z.array(z.number()).length(3),
  apparent_max_kva: z.number(),
  apparent_mean_kva: z.number(),
  capacity_max_percent: z.number(),
  utilisation_percent: z.number(),
  imbalance_max_percent: z.number(),
  temperature_max_c: z.number().nullable(),
  temperature_min_c: z.number().nullable(),
});
export const DailyTrendsSchema = z
  .object({ device_id: z.string(), rating_kva: z.number(), days: z.array(DailyTrendSchema) })
  .meta({ id: 'DailyTrends' });
export type DailyTrends = z.infer<typeof DailyTrendsSchema>;
export type DailyTrend = DailyTrends['days'][number];

/** Counts behind the assets screen's summary charts (spec §2 Assets overview). */
export const FleetStatsSchema = z
  .object({
    range: TimeRangeSchema,
    window: DayWindowSchema.describe("The days of the tenant's calendar the range reads: N days to now, today so far included"),
    device_count: z.number().int(),
    capacity: z.object({
      underperforming: z.number().int(),
      normal: z.number().int(),
      overutilised: z.number().int(),
      no_data: z.number().int(),
    }),
    imbalance: z.object({ normal: z.number().int(), imbalance: z.number().int(), no_data: z.number().int() }),
    power_change: z.object({ normal: z.number().int(), abnormal: z.number().int(), no_data: z.number().int() }),
    battery: z.object({ High: z.number().int(), Low: z.number().int(), Unknown: z.number().int() }),
    communication: z.object({ communicated: z.number().int(), no_communication_24h: z.number().int(), missed_messages: z.number().int() }),
    status: z.record(z.string(), z.number().int()),
    issues: z.record(z.string(), z.number().int()).describe('Devices with each issue flag'),
  })
  .meta({ id: 'FleetStats' });
export type FleetStats = z.infer<typeof FleetStatsSchema>;

/** Power report (/powercoil_report): the fleet status and every device's figures for one UTC day. */
export const PowerReportQuerySchema = z.object({
  day: z.iso.date().optional().describe("A day of the tenant's calendar, in its time zone (YYYY-MM-DD); today when left out"),
});
export const PowerReportSchema = z
  .object({
    day: z.string().describe("The day of the tenant's calendar the report covers"),
    generated_at: z.string(),
    window: DayWindowSchema,
    fleet: FleetStatsSchema.omit({ range: true, window: true }),
    devices: AssetListSchema.describe(
      "As the assets list, over the day; for a past day last_message_at and total_kva are null (the latest state is not that day's)",
    ),
  })
  .meta({ id: 'PowerReport' });
export type PowerReport = z.infer<typeof PowerReportSchema>;

/** Analytics overview: how many devices had each issue flag, bucket by bucket of whole UTC days over a range. */
export const IssueTimelineSchema = z
  .object({
    range: TimeRangeSchema,
    buckets: z.array(
      z.object({
        from: z.string(),
        to: z.string(),
        partial: z
          .boolean()
          .describe('The bucket is still filling: today so far, or a range edge shorter than the others; not like with like'),
        device_count: z.number().int(),
        reporting_devices: z.number().int().describe('Devices with at least one message in the bucket'),
        issues: z.record(z.string(), z.number().int()).describe('Devices with each issue flag over the bucket'),
      }),
    ),
  })
  .meta({ id: 'IssueTimeline' });
export type IssueTimeline = z.infer<typeof IssueTimelineSchema>;

/** Total power of the fleet over time (Analytics overview). Hourly for 24h, daily otherwise. */
export const FleetTotalsSchema = z
  .object({
    range: TimeRangeSchema,
    resolution: z.enum(['hour', 'day']),
    device_count: z.number().int(),
    reporting_devices: z.number().int(),
    total_rating_kva: z.number(),
    points: z.array(
      z.object({
        time: z.string(),
        partial: z.boolean().describe('The hour or day is still under way: so far, not whole'),
        mean_kva: z.number(),
        max_kva: z.number(),
        devices: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'FleetTotals' });
export type FleetTotals = z.infer<typeof FleetTotalsSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Endpoints

const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });
const DurationParamsSchema = z.object({ duration: TimeRangeSchema });

const tags = ['Power data'];

export const powerReadingsApi = {
  messages: endpoint(powerReadingsRoutes.messages, {
    tags,
    summary: "A device's messages, newest first, paginated",
    params: DeviceIdParamsSchema,
    query: MessagesQuerySchema,
    responses: { 200: MessagesPageSchema },
  }),
  chart: endpoint(powerReadingsRoutes.chart, {
    tags,
    summary: 'Chart series of one device over a period, downsampled keeping peaks',
    params: IdParamsSchema,
    query: PeriodQuerySchema,
    responses: { 200: ChartDataSchema },
  }),
  dailyTrends: endpoint(powerReadingsRoutes.dailyTrends, {
    tags,
    summary: 'Daily rollup series of one device (trends)',
    params: IdParamsSchema,
    query: PeriodQuerySchema,
    responses: { 200: DailyTrendsSchema },
  }),
  fleetStats: endpoint(powerReadingsRoutes.fleetStats, {
    tags,
    summary: 'Counts behind the assets summary charts for a time range',
    params: DurationParamsSchema,
    responses: { 200: FleetStatsSchema },
  }),
  issueTimeline: endpoint(powerReadingsRoutes.issueTimeline, {
    tags,
    summary: 'Devices with each issue flag over time (at most 14 buckets of whole UTC days over the range)',
    params: DurationParamsSchema,
    responses: { 200: IssueTimelineSchema },
  }),
  dayReport: endpoint(powerReadingsRoutes.dayReport, {
    tags,
    summary: "The power report of a UTC day: the fleet's status and every device's figures (today when no day is given)",
    query: PowerReportQuerySchema,
    responses: { 200: PowerReportSchema },
  }),
  fleetTotals: endpoint(powerReadingsRoutes.fleetTotals, {
    tags,
    summary: 'Fleet total power over a time range',
    params: DurationParamsSchema,
    responses: { 200: FleetTotalsSchema },
  }),
};
