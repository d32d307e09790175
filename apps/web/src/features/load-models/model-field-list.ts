import { EV_NUMBER_LIMITS, HP_NUMBER_LIMITS, type NumberLimit } from '@gridlens/domain/load-models/model-fields';
import { ARRIVAL_DISTRIBUTIONS, COMMUTER_STATUSES, MODEL_DAY_TYPES } from '@gridlens/domain/load-models/model-parameters';
import type { ModelKind } from '@/lib/api/load-models';

/** A parameter of a model as the screens show it: a number with its limit, a choice, or a yes/no. */
export type ModelFieldSpec =
  | { field: string; type: 'number'; limit: NumberLimit }
  | { field: string; type: 'choice'; choices: readonly string[] }
  | { field: string; type: 'switch' };

const number = (field: string, limit: NumberLimit): ModelFieldSpec => ({ field, type: 'number', limit });

/** Spec §3 EV model, in the order the detail and the form show it (after the name). */
const EV_FIELDS: readonly ModelFieldSpec[] = [
  ...Object.entries(EV_NUMBER_LIMITS).map(([field, limit]) => number(field, limit)),
  { field: 'dayType', type: 'choice', choices: MODEL_DAY_TYPES },
  { field: 'commuterStatus', type: 'choice', choices: COMMUTER_STATUSES },
  { field: 'arrivalDistribution', type: 'choice', choices: ARRIVAL_DISTRIBUTIONS },
];

/** Spec §3 HP model, in the order the detail and the form show it (after the name). */
const HP_FIELDS: readonly ModelFieldSpec[] = [
  ...Object.entries(HP_NUMBER_LIMITS).map(([field, limit]) => number(field, limit)),
  { field: 'extremeScenario', type: 'switch' },
];

export const MODEL_FIELDS: Readonly<Record<ModelKind, readonly ModelFieldSpec[]>> = { ev: EV_FIELDS, hp: HP_FIELDS };

/** The unit a number is stored in: '%' for percentages, else its range's ('h', '%', '°C'). */
export const storedUnitOf = (limit: NumberLimit): string => (limit.kind === 'percent' ? '%' : limit.unit);
