import { useTranslation } from 'react-i18next';
import { seededNameKey } from '@gridlens/domain/load-models/model-defaults';
import { MODEL_DAY_TYPES } from '@gridlens/domain/load-models/model-parameters';
import { formatNumber } from '@gridlens/domain/number-format';
import { temperatureInMetric, temperatureUnit } from '@gridlens/domain/temperature';
import type { AnyModel, ModelKind } from '@/lib/api/load-models';
import { useUserSettings } from '@/lib/api/config';
import { storedUnitOf, type ModelFieldSpec } from './model-field-list';

/** Hours from midnight as HH:MM, rounded to the minute (spec §9). */
export function clockText(hours: number): string {
  const minutes = Math.round(hours * 60);
  return `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The text key of a choice's value. A day type reads as the analyses name it (`loadPlanning.dayTypes`): one term
 * for one thing on the model's screen and on the tabs that run it.
 */
export function choiceKey(value: string): string {
  return (MODEL_DAY_TYPES as readonly string[]).includes(value) ? `loadPlanning.dayTypes.${value}` : `loadModels.values.${value}`;
}

/** A model's name as shown: the seeded names in the user's language, a typed name as typed. */
export function modelName(t: (key: string) => string, kind: ModelKind, name: string): string {
  const key = seededNameKey(kind, name);
  return key ? t(key) : name;
}

/**
 * The name to store from the form's name field: the seeded model's name shown in the user's language and left as it
 * was stays the seeded name (so that it reads in every language), anything typed is stored as typed.
 */
export function storedName(t: (key: string) => string, kind: ModelKind, storedBefore: string | null, typed: string): string {
  return storedBefore !== null && seededNameKey(kind, storedBefore) && typed === modelName(t, kind, storedBefore) ? storedBefore : typed;
}

/** How a model's parameters read: labels, choices, and numbers in the user's format and temperature unit. */
export function useModelText() {
  const { t, i18n } = useTranslation();
  const metric = useUserSettings().data?.temperature_metric ?? 'celsius';
  const unitOf = (spec: ModelFieldSpec) =>
    spec.type !== 'number' ? '' : storedUnitOf(spec.limit) === '°C' ? temperatureUnit(metric) : storedUnitOf(spec.limit);
  const label = (field: string) => t(`loadModels.fields.${field}`);
  const value = (spec: ModelFieldSpec, model: AnyModel): string => {
    const raw = (model as unknown as Record<string, unknown>)[spec.field];
    if (spec.type === 'switch') return raw === true ? t('assets.values.boolean.true') : t('assets.values.boolean.false');
    if (spec.type === 'choice') return t(choiceKey(String(raw)));
    const number = Number(raw);
    // A time of day reads as one (18:30), not as a number of hours.
    if (spec.field === 'arrivalMeanHour') return clockText(number);
    const shown = unitOf(spec) === '°C' || unitOf(spec) === '°F' ? temperatureInMetric(number, metric) : number;
    return `${formatNumber(shown, i18n.language)} ${unitOf(spec)}`;
  };
  return { metric, unitOf, label, value };
}
