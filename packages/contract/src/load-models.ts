import { z } from 'zod';
import {
  EV_NUMBER_LIMITS,
  HP_NUMBER_LIMITS,
  limitProblem,
  type LimitProblem,
  type NumberLimit,
} from '@gridlens/domain/load-models/model-fields';
import { ARRIVAL_DISTRIBUTIONS, COMMUTER_STATUSES, MODEL_DAY_TYPES } from '@gridlens/domain/load-models/model-parameters';
import { DoneSchema, endpoint } from './endpoint';
import { ApiErrorSchema, boundMessage } from './errors';
import { NAME_MAX_LENGTH } from './assets';
import { evModelRoutes, hpModelRoutes, type ModelRoutes } from './routes/load-models';

/** A model number's problem in the specification's words (§5). */
export const limitMessage = (problem: LimitProblem): string =>
  problem.kind === 'percent'
    ? 'Number has to be between 0 and 100'
    : problem.kind === 'below'
      ? boundMessage('below', problem.min, problem.inclusive)
      : boundMessage('above', problem.max, problem.inclusive);

/** A required finite number within its limit (domain `model-fields.ts`), with spec §5's messages. */
const limited = (limit: NumberLimit) =>
  z
    .number({ error: 'This field is required' })
    .refine(Number.isFinite, 'This field is required')
    .superRefine((value, context) => {
      const problem = limitProblem(limit, value);
      if (problem) context.addIssue({ code: 'custom', message: limitMessage(problem) });
    });

const numbers = <K extends string>(limits: Readonly<Record<K, NumberLimit>>) =>
  Object.fromEntries(Object.entries<NumberLimit>(limits).map(([field, limit]) => [field, limited(limit)])) as Record<
    K,
    ReturnType<typeof limited>
  >;

/** Spec §3, §5: the model name is required and shorter than 50 characters; unique per tenant and kind (409). */
export const ModelNameSchema = z.string().trim().min(1, 'This field is required').max(NAME_MAX_LENGTH, 'Must be less than 50 characters');

/** Spec §3 EV model, as POST creates one and PUT replaces one whole. */
export const EvModelBodySchema = z
  .object({
    name: ModelNameSchema,
    ...numbers(EV_NUMBER_LIMITS),
    dayType: z.enum(MODEL_DAY_TYPES),
    commuterStatus: z.enum(COMMUTER_STATUSES),
    arrivalDistribution: z.enum(ARRIVAL_DISTRIBUTIONS),
  })
  .strict()
  .meta({ id: 'EvModelBody' });
export type EvModelBody = z.infer<typeof EvModelBodySchema>;

/** Spec §3 HP model, as POST creates one and PUT replaces one whole. */
export const HpModelBodySchema = z
  .object({ name: ModelNameSchema, ...numbers(HP_NUMBER_LIMITS), extremeScenario: z.boolean() })
  .strict()
  .meta({ id: 'HpModelBody' });
export type HpModelBody = z.infer<typeof HpModelBodySchema>;

const stored = { id: z.uuid(), createdAt: z.string(), updatedAt: z.string() };
export const EvModelSchema = EvModelBodySchema.extend(stored).strip().meta({ id: 'EvModel' });
export type EvModel = z.infer<typeof EvModelSchema>;
export const HpModelSchema = HpModelBodySchema.extend(stored).strip().meta({ id: 'HpModel' });
export type HpModel = z.infer<typeof HpModelSchema>;

export const ModelIdParamsSchema = z.object({ id: z.uuid() });

const tags = ['Load models'];

function modelEndpoints<Body extends z.ZodType, Model extends z.ZodType>(routes: ModelRoutes, label: string, body: Body, model: Model) {
  return {
    list: endpoint(routes.list, {
      tags,
      summary: `The tenant's ${label} models, by name (a power-data tenant starts with a default one); 404 for a tracking tenant`,
      responses: { 200: z.array(model), 404: ApiErrorSchema },
    }),
    create: endpoint(routes.create, {
      tags,
      summary: `Creates a ${label} model; 409 naming name when the tenant has one of that name; 404 for a tracking tenant`,
      body,
      responses: { 201: model, 404: ApiErrorSchema, 409: ApiErrorSchema },
    }),
    get: endpoint(routes.get, { tags, summary: `One ${label} model`, params: ModelIdParamsSchema, responses: { 200: model } }),
    update: endpoint(routes.update, {
      tags,
      summary: `Replaces a ${label} model whole; 409 naming name when another model has that name`,
      params: ModelIdParamsSchema,
      body,
      responses: { 200: model, 409: ApiErrorSchema },
    }),
    remove: endpoint(routes.remove, {
      tags,
      summary: `Deletes a ${label} model; 409 for the tenant's last one of the kind`,
      params: ModelIdParamsSchema,
      responses: { 200: DoneSchema, 409: ApiErrorSchema },
    }),
  };
}

/** Spec §7 /api/powerdata/evmodellist and /{id}. */
export const evModelsApi = modelEndpoints(evModelRoutes, 'EV', EvModelBodySchema, EvModelSchema);
/** Spec §7 /api/powerdata/hpmodellist and /{id}. */
export const hpModelsApi = modelEndpoints(hpModelRoutes, 'heat-pump', HpModelBodySchema, HpModelSchema);
