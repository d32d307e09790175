import { z } from 'zod';
import { HEALTH_INDICATORS, type HealthFigure } from '@gridlens/domain/thermal/health-indicators';
import { COOLING_MODES } from '@gridlens/domain/thermal/thermal-parameters';
import { endpoint } from './endpoint';
import { ApiErrorSchema } from './errors';
import { PeriodQuerySchema } from './power-readings';
import { loadAnalysisRoutes } from './routes/load-analysis';

/**
 * GET /api/powerdata/ADMD_DataExtraction: a period (a named range, or from/to; by default the most recent whole
 * winter the data hold, else the last 90 days), the power factor that turns kVA into kW, and optionally one
 * device whose 30-minute series comes with the answer.
 */
export const AdmdQuerySchema = PeriodQuerySchema.extend({
  device_id: z.string().min(1).max(64).optional(),
  power_factor: z.coerce
    .number()
    .gt(0, 'power_factor must be greater than 0')
    .max(1, 'power_factor must be at most 1')
    .optional()
    .describe('Demand P_kW = S_kVA × power factor; 0.95 by default'),
});

export const ADMD_PERIOD_KINDS = ['winter', 'last_90_days', 'requested'] as const;
export const ADMD_MISSING_REASONS = ['no_readings', 'no_connected_customers'] as const;

/** One transformer's ADMD figures over the period (domain-references §3). */
export const AdmdRowSchema = z.object({
  device_id: z.string(),
  transformer_name: z.string(),
  connected_mprns: z.number().int().describe('Connected customers (meter points)'),
  peak_demand_kw: z.number().nullable().describe('The largest 30-minute mean demand of the period'),
  peak_at: z.string().nullable().describe('Start of the peak half hour, ISO 8601'),
  mean_demand_kw: z.number().nullable().describe('Mean of the 30-minute means'),
  load_factor: z.number().nullable().describe('Mean over peak, 0–1'),
  admd_kw: z.number().nullable().describe('ADMD: peak demand per connected customer (kW)'),
  half_hours: z.number().int().describe('Half hours with readings in the period'),
  missing: z.enum(ADMD_MISSING_REASONS).nullable().describe('Why admd_kw is null'),
});
export type AdmdRow = z.infer<typeof AdmdRowSchema>;

export const AdmdSeriesPointSchema = z.object({ start: z.string(), demand_kw: z.number() });

export const AdmdExtractionSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    period: z.enum(ADMD_PERIOD_KINDS).describe('A whole winter (Nov–Feb), the last 90 days, or the period asked for'),
    data: z
      .object({
        from: z.string().describe('Start of the first half hour with readings, ISO 8601'),
        to: z.string().describe('End of the last half hour with readings, ISO 8601'),
        days: z.number().int().describe('Days the readings span (a part day counts as a day)'),
        period_days: z.number().int().describe('Days of the period'),
      })
      .nullable()
      .describe('The part of the period the readings cover (the figures are taken over this); null without readings'),
    power_factor: z.number(),
    interval_minutes: z.literal(30),
    transformers: z.array(AdmdRowSchema).describe('Every transformer of the tenant (or the one asked for), by device id'),
    series: z
      .array(AdmdSeriesPointSchema)
      .nullable()
      .describe('With device_id: the 30-minute mean demand behind its figures, in time order; else null'),
  })
  .meta({ id: 'AdmdExtraction' });
export type AdmdExtraction = z.infer<typeof AdmdExtractionSchema>;

/**
 * GET /api/powerdata/lossOfLife: a period (a named range, or from/to; the last 7 days by default, as the other
 * power-data reads), the paper insulation, and optionally one device whose series comes with the answer.
 */
export const LossOfLifeQuerySchema = PeriodQuerySchema.extend({
  device_id: z.string().min(1).max(64).optional(),
  paper: z
    .enum(['normal', 'thermally-upgraded'])
    .default('normal')
    .describe('Paper insulation (IEC 60076-7 clause 6): normal Kraft (V = 1 at 98 °C) or thermally upgraded (110 °C)'),
});
export type LossOfLifeQuery = z.input<typeof LossOfLifeQuerySchema>;

export const HEALTH_FIGURES = [
  'daily-loss-of-life-days',
  'sustained-ageing-h',
  'equivalent-ageing-factor',
  'hydrogen-ppm',
  'hydrogen-rate-ppm-per-day',
  'hot-spot-c',
  'top-oil-c',
  'load-pu',
  'overload-share-percent',
  'loss-of-life-percent',
  'tank-temperature-c',
] as const satisfies readonly HealthFigure[];

/** What set a health indicator off: the figure's value against its threshold, and when (null: the whole period). */
export const HealthTriggerSchema = z.object({
  figure: z.enum(HEALTH_FIGURES),
  value: z.number().nullable().describe('Null when the figure is not finite (readings so extreme that it overflows)'),
  threshold: z.number(),
  at: z.string().nullable(),
  basis: z.enum(['observed', 'forecast']),
});
export type HealthTriggerAnswer = z.infer<typeof HealthTriggerSchema>;

export const HealthIndicatorSchema = z.object({
  kind: z.enum(HEALTH_INDICATORS),
  triggered: z.boolean(),
  triggers: z.array(HealthTriggerSchema),
});
export type HealthIndicatorAnswer = z.infer<typeof HealthIndicatorSchema>;

/** One transformer's thermal ageing over the period (IEC 60076-7 clauses 6 and 8, IEEE C57.91 clause 5). */
export const LossOfLifeRowSchema = z.object({
  device_id: z.string(),
  transformer_name: z.string(),
  rating_kva: z.number(),
  cooling: z.enum(COOLING_MODES).describe('The cooling mode whose IEC 60076-7 Table 5 parameters the figures use'),
  cooling_source: z
    .enum(['registry', 'default'])
    .describe("'registry': the transformer's recorded cooling; 'default': not recorded, so the ONAN distribution defaults"),
  readings: z.number().int().describe('Readings of the period (the model steps)'),
  measured_top_oil_readings: z
    .number()
    .int()
    .describe("Steps whose top oil is the hydrogen sensor's oil temperature (a sensor configured at TopOil); the others are modelled"),
  ambient_source: z.enum(['climate-model', 'external']).nullable().describe('Who gave the ambient temperature; null without readings'),
  ambient_place: z.enum(['device', 'ireland-centre']).describe("The device's place, or the centre of Ireland when it has none"),
  max_load_pu: z.number().nullable().describe('Largest K: heaviest median phase current over the rated phase current'),
  max_phase_loading_percent: z
    .number()
    .nullable()
    .describe("The heaviest phase's highest current of the period over its rated current, %: the figure 'current over limit' judges"),
  current_over_limit: z.boolean().describe("That figure over 100 %: the assets list's 'current over limit' over the same period"),
  max_top_oil_c: z.number().nullable(),
  max_hot_spot_c: z.number().nullable(),
  loss_of_life_h: z.number().nullable().describe('L = Σ V·Δt, hours'),
  loss_of_life_days: z.number().nullable(),
  elapsed_h: z.number().nullable().describe('Σ Δt, the hours the readings cover'),
  equivalent_ageing_factor: z.number().nullable().describe('F_EQA = L / Σ Δt'),
  loss_of_life_percent: z.number().nullable().describe('L over the 180,000 h normal insulation life, %'),
  indicators: z.array(HealthIndicatorSchema).describe('The nine health indicators, each with what triggered it'),
  forecast_year: z
    .number()
    .int()
    .nullable()
    .describe("Future ageing's year: the same days with the load the default EV and HP models add by then; null: no base-load day"),
  missing: z.enum(['no_readings']).nullable(),
});
export type LossOfLifeRow = z.infer<typeof LossOfLifeRowSchema>;

/** One transformer's series, by columns: index i of every array is one reading; null where a value is not finite. */
export const LossOfLifeSeriesSchema = z.object({
  time: z.array(z.string()),
  load_pu: z.array(z.number().nullable()),
  ambient_c: z.array(z.number().nullable()),
  top_oil_c: z.array(z.number().nullable()),
  hot_spot_c: z.array(z.number().nullable()),
  ageing_rate: z.array(z.number().nullable()).describe('Relative ageing rate V'),
});
export type LossOfLifeSeries = z.infer<typeof LossOfLifeSeriesSchema>;

export const LossOfLifeSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    paper: z.enum(['normal', 'thermally-upgraded']),
    transformers: z.array(LossOfLifeRowSchema).describe('Every transformer of the tenant (or the one asked for), by device id'),
    series: LossOfLifeSeriesSchema.nullable().describe('With device_id: its series by reading; else null'),
  })
  .meta({ id: 'LossOfLife' });
export type LossOfLife = z.infer<typeof LossOfLifeSchema>;

const tags = ['Power data'];

export const loadAnalysisApi = {
  admd: endpoint(loadAnalysisRoutes.admd, {
    tags,
    summary: 'ADMD extraction: per transformer the peak 30-minute demand per customer, load factor and peak time',
    query: AdmdQuerySchema,
    responses: { 200: AdmdExtractionSchema, 404: ApiErrorSchema },
  }),
  lossOfLife: endpoint(loadAnalysisRoutes.lossOfLife, {
    tags,
    summary: 'Loss of life: per transformer the hot spot, ageing, F_EQA, % loss of life and health indicators',
    query: LossOfLifeQuerySchema,
    responses: { 200: LossOfLifeSchema, 404: ApiErrorSchema },
  }),
};
