import { z } from 'zod';
import { mondayOfIsoWeek } from '@gridlens/domain/reports/iso-week';
import { POSITION_CATEGORIES, TRACKER_TYPES } from '@gridlens/domain/tracking/enumerations';
import { endpoint } from './endpoint';
import { ApiErrorSchema } from './errors';
import { fleetReportsRoutes as routes } from './routes/fleet-reports';

/*
 * The weekly fleet report and the KPI report (spec §2 /report_fleet, /report_kpi) of tracking tenants. Weeks are
 * ISO weeks (`2026-W47`) of the tenant's calendar, the same weeks Journeys names by their Monday's date.
 */

const tags = ['Reports'];
export const KPI_WEEKS_DEFAULT = 24;
export const KPI_WEEKS_MAX = 52;

const nullableNumber = z.number().nullable();
const isoWeek = z
  .string()
  .refine((text) => mondayOfIsoWeek(text) !== null, 'A week is written YYYY-Www, an ISO week from 1900 on (e.g. 2026-W47)')
  .describe('An ISO week of the tenant’s calendar, Monday to Sunday; without it, the last week that has ended');

export const FleetReportQuerySchema = z.object({
  week: isoWeek.optional(),
  customer: z.string().trim().min(1).max(64).optional().describe('Only this customer’s trackers and sites'),
});

const WeekSchema = z.object({
  week: z.string().describe('ISO week, YYYY-Www'),
  monday: z.string().describe('Its first day, as Journeys names it'),
  sunday: z.string().describe('Its last day'),
});

const ChangeSchema = z.object({
  current: nullableNumber,
  previous: nullableNumber,
  delta: nullableNumber,
  pct: nullableNumber.describe('Relative change in %, null when the week before had none'),
});

const ReportHeadSchema = {
  tenant_name: z.string(),
  time_zone: z.string(),
  generated_at: z.string().describe('When the report was read: the figures "now" are of this moment'),
  static_after_hours: z.number().describe('The tenant’s Static period'),
};

const PlaceSchema = z.object({ location_id: z.string(), name: z.string() });

export const FleetReportSchema = z
  .object({
    ...ReportHeadSchema,
    week: WeekSchema,
    previous_week: WeekSchema,
    customer: z.object({ customer_id: z.string(), name: z.string() }).nullable(),
    devices: z.number().int().describe('Trackers counted (the customer’s, when one is chosen)'),
    by_type: z
      .array(
        z.object({ category: z.enum(POSITION_CATEGORIES), devices: z.number().int(), static: z.number().int(), fluid: z.number().int() }),
      )
      .describe('Where the trackers are now, Static or Fluid: the Fleet report screen’s figures'),
    movement: z.object({ static: z.number().int(), fluid: z.number().int() }),
    held: z
      .array(
        z.object({
          customer_id: z.string(),
          customer_name: z.string(),
          longest_hours: z.number(),
          devices: z.array(
            z.object({ device_id: z.string(), name: z.string(), location: PlaceSchema, held_hours: z.number(), since: z.string() }),
          ),
        }),
      )
      .describe('Trackers Static at a customer’s site now, per customer, the longest held first'),
    journeys: z.object({
      total: z.number().int(),
      previous_total: z.number().int(),
      pairs: z.array(
        z.object({
          origin: PlaceSchema,
          destination: PlaceSchema,
          count: z.number().int(),
          previous_count: z.number().int(),
          median_minutes: nullableNumber,
        }),
      ),
    }),
    by_tracker_type: z
      .array(
        z.object({
          device_type: z.enum(TRACKER_TYPES),
          devices: z.number().int(),
          cycles: z.number().int(),
          median_cycle_hours: nullableNumber,
          previous_median_cycle_hours: nullableNumber,
          visits: z.number().int(),
          median_dwell_hours: nullableNumber,
          previous_median_dwell_hours: nullableNumber,
        }),
      )
      .describe('Cycles leaving in the week (the POI report’s rule) and visits arriving in it, by tracker type'),
    silent: z
      .array(
        z.object({ device_id: z.string(), name: z.string(), device_type: z.enum(TRACKER_TYPES), last_message_at: z.string().nullable() }),
      )
      .describe('No message in the last 24 hours now (the Devices screen’s rule)'),
    low_battery: z
      .array(
        z.object({
          device_id: z.string(),
          name: z.string(),
          device_type: z.enum(TRACKER_TYPES),
          battery_pct: z.number(),
          last_message_at: z.string().nullable(),
        }),
      )
      .describe('Battery status Low now (the Devices screen’s rule)'),
    changes: z.object({
      journeys: ChangeSchema,
      median_cycle_hours: ChangeSchema,
      arrivals: ChangeSchema,
      median_dwell_hours: ChangeSchema,
    }),
  })
  .meta({ id: 'FleetReport' });
export type FleetReport = z.infer<typeof FleetReportSchema>;

export const KpiReportQuerySchema = z.object({
  weeks: z.coerce.number().int().min(1).max(KPI_WEEKS_MAX).default(KPI_WEEKS_DEFAULT).describe('Complete weeks, the last one ended'),
});

export const KpiWeekSchema = z.object({
  week: z.string(),
  monday: z.string(),
  devices: z.number().int().describe('The week’s fleet: trackers registered by its end, or those that reported in it when more'),
  utilisation_pct: nullableNumber,
  median_cycle_hours: nullableNumber,
  held_beyond_static: z.number().int(),
  silent_over_7_days: z.number().int(),
  journeys: z.number().int(),
});
export type KpiWeek = z.infer<typeof KpiWeekSchema>;

export const KpiReportSchema = z
  .object({
    ...ReportHeadSchema,
    first_week: WeekSchema,
    last_week: WeekSchema,
    weeks: z.array(KpiWeekSchema).describe('Oldest first'),
  })
  .meta({ id: 'KpiReport' });
export type KpiReport = z.infer<typeof KpiReportSchema>;

const notFound = { 404: ApiErrorSchema };

export const fleetReportsApi = {
  fleet: endpoint(routes.fleet, {
    tags,
    summary: 'The weekly fleet report of a tracking tenant',
    description:
      'For one ISO week of the tenant’s calendar (default: the last that has ended) and optionally one customer: where the ' +
      'trackers are, Static against Fluid, trackers held at customers beyond the Static period, journeys between POIs, cycle ' +
      'and dwell times by tracker type, silent and low-battery trackers, and the change against the week before. A power-data ' +
      'tenant, or a customer not the tenant’s, gets 404.',
    query: FleetReportQuerySchema,
    responses: { 200: FleetReportSchema, ...notFound },
  }),
  kpi: endpoint(routes.kpi, {
    tags,
    summary: 'The KPI report of a tracking tenant: key figures per week',
    description:
      'Fleet utilisation, median cycle time, trackers held beyond the Static period, trackers silent over 7 days and ' +
      'journeys, for each of the last complete weeks (default 24). A power-data tenant gets 404.',
    query: KpiReportQuerySchema,
    responses: { 200: KpiReportSchema, ...notFound },
  }),
};
