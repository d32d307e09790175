import { z } from 'zod';
import { BER_BANDS, DWELLING_CLASSES } from '@gridlens/domain/load-models/dwelling-mix';
import { DEFAULT_MODEL_ID } from '@gridlens/domain/load-models/model-defaults';
import { COMMUTER_STATUSES, MODEL_DAY_TYPES } from '@gridlens/domain/load-models/model-parameters';
import { endpoint } from './endpoint';
import { DeviceIdParamsSchema } from './params';
import { loadPlanningRoutes } from './routes/load-planning';

/**
 * Issue 20: a transformer's EV and heat-pump analysis, the fleet table of spec §3 and the inputs behind them. Every
 * figure comes from the domain's load models (packages/domain/src/load-models); powers are kW against the
 * capacity rating × power factor (docs/decisions.md, "EV and heat-pump load models (issue 20)").
 */
const tags = ['Load planning'];

const modelId = z.string().min(1).max(64);
const hourly = z.array(z.number()).length(24);
const hourlyOrNull = z.array(z.number().nullable()).length(24);
const dayType = z.enum(MODEL_DAY_TYPES);
const TransformerParamsSchema = z.object({ id: z.string().min(1).max(64).describe("The transformer's device id") });

/** The models and day type of a transformer's inputs (`evbasedata`). */
export const ModelInputsQuerySchema = z.object({
  ev_model: modelId.default(DEFAULT_MODEL_ID).describe('EV model id'),
  day_type: dayType.optional().describe("Base-load day; the EV model's day type when absent"),
});
/**
 * Issue 27: both analysis tabs and the fleet table run one computation per transformer, EV model, HP model and day
 * type, so they take the same models; the 1-in-20 cold day is evaluated exactly when the HP model's extreme flag is on.
 */
export const LoadAnalysisQuerySchema = ModelInputsQuerySchema.extend({
  hp_model: modelId.default(DEFAULT_MODEL_ID).describe('Heat-pump model id'),
});
/** The EV Analysis tab's query: the same as the HP tab's (one computation). */
export const EvAnalysisQuerySchema = LoadAnalysisQuerySchema;

/** The EV/HP fleet analysis row of spec §3; the figures are null for a transformer without a base-load day. */
export const FleetAnalysisRowSchema = z.object({
  device_id: z.string(),
  transformer_name: z.string().describe("The transformer's name in the device registry"),
  base_load_day: z.string().nullable().describe('The base-load day (YYYY-MM-DD); null: no data to analyse'),
  max_evs: z
    .number()
    .int()
    .nullable()
    .describe(
      'The most EVs it can carry in max_evs_year without going over capacity, with that year’s heat pumps; 0: over even without EVs; null: no practical limit or no data',
    ),
  max_evs_year: z.number().int().nullable().describe('The year of max_evs: the first year over capacity, else 2030; null: no data'),
  max_ev_hour: z.number().int().nullable(),
  first_year_over_capacity: z.number().int().nullable().describe('null: none by 2030 (or no data)'),
  max_load_day: z.string().nullable(),
  max_load_on_extreme_day: z.boolean().nullable(),
  max_load_year: z.number().int().nullable(),
  min_headroom_kw: z.number().nullable(),
  max_load_kw: z.number().nullable(),
  max_load_hour: z.number().int().nullable(),
});
export type FleetAnalysisRow = z.infer<typeof FleetAnalysisRowSchema>;

const ProfileSchema = z.object({
  year: z.number().int(),
  base_kw: hourly,
  ev_kw: hourly,
  hp_kw: hourly,
  total_kw: hourly,
  headroom_kw: hourly.describe('Capacity − total, kW'),
});

const AnalysedDaySchema = z.object({
  day: z.string(),
  is_weekend: z.boolean(),
  extreme: z.boolean().describe('The 1-in-20 cold version of the day (spec §9)'),
  ambient_c: hourly,
  mean_temperature_c: z.number(),
  heat_demand_kwh_per_home: z.number(),
  hp_kw_per_hp: hourly,
  ev_kw_per_ev: hourly.describe('q · P_avg · c(h), kW'),
  profiles: z.array(ProfileSchema).describe('One per forecast year'),
});

const ForecastYearSchema = z.object({
  year: z.number().int(),
  ev_share: z.number(),
  ev_count: z.number().int(),
  hp_share: z.number(),
  hp_count: z.number().int(),
  max_evs: z
    .number()
    .int()
    .nullable()
    .describe("Max EVs in this year, with this year's heat pumps; over capacity exactly when ev_count exceeds it"),
  peak_load_kw: z.number(),
  peak_hour: z.number().int(),
  peak_day: z.string(),
  headroom_kw: z.number(),
  over_capacity: z.boolean(),
});

export const TransformerAnalysisSchema = z
  .object({
    device_id: z.string(),
    ev_model: z.string(),
    hp_model: z.string(),
    day_type: dayType,
    base_load_day: z.string(),
    base_year: z.number().int(),
    rating_kva: z.number(),
    power_factor: z.number(),
    capacity_kw: z.number(),
    connected_customers: z.number().int(),
    ev_load_method: z.enum(['expected', 'conservative']),
    row: FleetAnalysisRowSchema,
    forecast: z.array(ForecastYearSchema),
    measured_day: AnalysedDaySchema,
    extreme_day: AnalysedDaySchema.nullable().describe("null: the 1-in-20 cold day was not evaluated (the HP model's extreme flag is off)"),
  })
  .meta({ id: 'TransformerLoadAnalysis' });
export type TransformerAnalysis = z.infer<typeof TransformerAnalysisSchema>;

export const FleetAnalysisParamsSchema = z.object({ id_ev: modelId, id_hp: modelId });
export const FleetAnalysisQuerySchema = z.object({
  day_type: dayType.optional().describe("Base-load day; the EV model's day type when absent"),
});
export const FleetAnalysisSchema = z
  .object({
    ev_model: z.string(),
    hp_model: z.string(),
    day_type: dayType,
    data_day: z.string().nullable().describe("The tenant's newest day of data; null: none yet"),
    base_year: z.number().int(),
    items: z.array(FleetAnalysisRowSchema).describe('Most urgent first: earliest year over capacity, then least headroom'),
  })
  .meta({ id: 'FleetLoadAnalysis' });
export type FleetAnalysis = z.infer<typeof FleetAnalysisSchema>;

export const ModelInputsSchema = z
  .object({
    device_id: z.string(),
    rating_kva: z.number(),
    connected_mprns: z.number().int(),
    commuter_area: z.boolean(),
    day_type: dayType,
    day_type_from: z.enum(['query', 'ev_model']).describe('Whether the day type was asked for or is the EV model’s'),
    base_load_day: z.string().nullable().describe('null: no day of the type has data'),
    is_weekend: z.boolean().nullable(),
    base_load_kva: hourlyOrNull.nullable().describe('Hourly peak apparent power, kVA; null for an hour without data'),
    ambient_c: hourly.nullable(),
  })
  .meta({ id: 'TransformerModelInputs' });
export type ModelInputs = z.infer<typeof ModelInputsSchema>;

export const AreaParamsSchema = z.object({ areaId: z.string().min(1).max(64).describe("A transformer's device id: its area") });
export const DwellingMixSchema = z
  .object({
    area_id: z.string(),
    area_type: z.enum(COMMUTER_STATUSES),
    source: z.string(),
    ber_bands: z.array(z.object({ band: z.enum(BER_BANDS), percent: z.number() })),
    dwelling_classes: z.array(z.object({ class: z.enum(DWELLING_CLASSES), percent: z.number() })),
  })
  .meta({ id: 'AreaDwellingMix' });
export type DwellingMixAnswer = z.infer<typeof DwellingMixSchema>;

export const loadPlanningApi = {
  evAnalysis: endpoint(loadPlanningRoutes.evAnalysis, {
    tags,
    summary: "A transformer's EV analysis: the same analysis as modelanalysis (its fleet row, the forecast to 2030, the loads by hour)",
    params: TransformerParamsSchema,
    query: EvAnalysisQuerySchema,
    responses: { 200: TransformerAnalysisSchema },
  }),
  analysis: endpoint(loadPlanningRoutes.analysis, {
    tags,
    summary: "A transformer's EV and heat-pump analysis, with the 1-in-20 cold day when the HP model's extreme flag is on",
    params: TransformerParamsSchema,
    query: LoadAnalysisQuerySchema,
    responses: { 200: TransformerAnalysisSchema },
  }),
  fleetAnalysis: endpoint(loadPlanningRoutes.fleetAnalysis, {
    tags,
    summary: "Every transformer's EV/HP fleet analysis row, most urgent first",
    description: 'Computed off the request thread and kept until a model, the device registry or the newest data day changes.',
    params: FleetAnalysisParamsSchema,
    query: FleetAnalysisQuerySchema,
    responses: { 200: FleetAnalysisSchema },
  }),
  baseData: endpoint(loadPlanningRoutes.baseData, {
    tags,
    summary: 'The inputs the load models use for a transformer: rating, MPRNs, commuter flag, base-load day',
    params: DeviceIdParamsSchema,
    query: ModelInputsQuerySchema,
    responses: { 200: ModelInputsSchema },
  }),
  dwellingMix: endpoint(loadPlanningRoutes.dwellingMix, {
    tags,
    summary: "The dwelling mix (BER bands, dwelling classes) of a transformer's area, from a demo source",
    params: AreaParamsSchema,
    responses: { 200: DwellingMixSchema },
  }),
};
