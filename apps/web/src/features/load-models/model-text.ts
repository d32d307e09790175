import { useTranslation } from 'react-i18next';
import { MODEL_DAY_TYPES } from '@gridlens/domain/load-models/model-parameters';
import { formatNumber } from '@gridlens/domain/number-format';
import { temperatureInMetric, temperatureUnit } from '@gridlens/domain/temperature';
import type { AnyModel } from '@/lib/api/load-models';
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
