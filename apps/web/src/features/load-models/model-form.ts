import { EvModelBodySchema, HpModelBodySchema } from '@gridlens/contract/load-models';
import { limitProblem } from '@gridlens/domain/load-models/model-fields';
import { DEFAULT_WEEKDAY_ARRIVAL, defaultEvModelParameters, defaultHpModelParameters } from '@gridlens/domain/load-models/model-parameters';
import { temperatureFromMetric, temperatureInMetric, type TemperatureMetric } from '@gridlens/domain/temperature';
import type { AnyModel, ModelBodyOf, ModelKind } from '@/lib/api/load-models';
import { boundProblem, type FieldProblem } from '@/lib/field-problem';
import { MODEL_FIELDS, type ModelFieldSpec } from './model-field-list';

/** The form's values as typed: numbers as text (in the user's temperature unit), choices and yes/no as chosen. */
export type ModelFormValues = Record<string, string | boolean>;
export type ModelProblems = Partial<Record<string, FieldProblem>>;

const isTemperature = (spec: ModelFieldSpec) => spec.type === 'number' && spec.limit.kind === 'range' && spec.limit.unit === '°C';
/** Temperatures are stored in °C and typed in the user's unit, rounded to two decimals. */
const typed = (spec: ModelFieldSpec, value: number, metric: TemperatureMetric) =>
  isTemperature(spec) ? Math.round(temperatureInMetric(value, metric) * 100) / 100 : value;

/** The form of a model, or of a new one (the defaults, with no name). */
export function modelFormValues(
  kind: ModelKind,
  model: AnyModel | null,
  metric: TemperatureMetric,
  shownName: (name: string) => string = (name) => name,
): ModelFormValues {
  const source: Record<string, unknown> = model ?? { ...(kind === 'ev' ? defaultEvModelParameters : defaultHpModelParameters), name: '' };
  const values: ModelFormValues = { name: model ? shownName(model.name) : '' };
  for (const spec of MODEL_FIELDS[kind]) {
    const value = source[spec.field];
    values[spec.field] =
      spec.type === 'switch' ? value === true : spec.type === 'number' ? String(typed(spec, Number(value), metric)) : String(value);
  }
  return values;
}

/**
 * The model as the API takes it, or each field's problem in the specification's words (§5). The contract's own
 * schema judges, as the server does; its findings are told with the catalogue's keys, bounds in the typed unit.
 */
export function validateModel<K extends ModelKind>(
  kind: K,
  values: ModelFormValues,
  metric: TemperatureMetric,
): { body: ModelBodyOf[K] | null; problems: ModelProblems } {
  const problems: ModelProblems = {};
  const candidate: Record<string, unknown> = { name: values.name };
  const specs = new Map(MODEL_FIELDS[kind].map((spec) => [spec.field, spec]));
  for (const spec of specs.values()) {
    const value = values[spec.field];
    if (spec.type !== 'number') candidate[spec.field] = value;
    else {
      const text = String(value).trim().replace(',', '.');
      const number = Number(text);
      if (text === '') problems[spec.field] = { key: 'validation.required' };
      else if (!Number.isFinite(number)) problems[spec.field] = { key: 'validation.number' };
      else candidate[spec.field] = isTemperature(spec) ? temperatureFromMetric(number, metric) : number;
    }
  }
  const parsed = (kind === 'ev' ? EvModelBodySchema : HpModelBodySchema).safeParse(candidate);
  if (parsed.success && Object.keys(problems).length === 0) return { body: parsed.data as ModelBodyOf[K], problems };
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = String(issue.path[0]);
    if (problems[field]) continue;
    const spec = specs.get(field);
    if (field === 'name') problems.name = { key: issue.code === 'too_big' ? 'validation.nameTooLong' : 'validation.required' };
    else if (spec?.type === 'number') {
      const problem = limitProblem(spec.limit, candidate[field] as number);
      problems[field] =
        problem === null
          ? { key: 'validation.invalid' }
          : problem.kind === 'percent'
            ? { key: 'validation.percent' }
            : problem.kind === 'below'
              ? boundProblem('below', typed(spec, problem.min, metric), problem.inclusive)
              : boundProblem('above', typed(spec, problem.max, metric), problem.inclusive);
    } else problems[field] = { key: 'validation.required' };
  }
  return { body: null, problems };
}

/**
 * The form's values with one field changed. A commuter area's cars come home in the evening, a non-commuter area's
 * through the day (domain-references §4): choosing the commuter status starts the arrival time from that status's
 * typical mean and spread, which the planner may then change.
 */
export function withField(values: ModelFormValues, field: string, value: string | boolean): ModelFormValues {
  if (field === 'commuterStatus' && (value === 'commuter' || value === 'non_commuter') && value !== values[field]) {
    const arrival = DEFAULT_WEEKDAY_ARRIVAL[value];
    return { ...values, [field]: value, arrivalMeanHour: String(arrival.meanHour), arrivalSdHours: String(arrival.sdHours) };
  }
  return { ...values, [field]: value };
}
