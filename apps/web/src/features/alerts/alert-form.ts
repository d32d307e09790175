import type { PowerAlertRule, PowerAlertRuleBody } from '@gridlens/contract/alerts';
import {
  POWER_ALERT_FIELD_SPECS,
  thresholdProblem,
  type AlertOperator,
  type PowerAlertField,
} from '@gridlens/domain/alerts/power-alert-rules';
import type { DeviceType } from '@gridlens/domain/power/enumerations';
import { temperatureFromMetric, temperatureInMetric, type TemperatureMetric } from '@gridlens/domain/temperature';
import { boundProblem, type FieldProblem } from '@/lib/field-problem';

/** The rule dialog's values as typed: the device ('' for every device), the rest as chosen. */
export interface RuleFormValues {
  deviceId: string;
  deviceType: DeviceType | '';
  field: PowerAlertField | '';
  operator: AlertOperator | '';
  value: string;
  notifyOnClear: boolean;
}

export const emptyRule: RuleFormValues = { deviceId: '', deviceType: '', field: '', operator: '', value: '', notifyOnClear: false };

const isTemperature = (field: PowerAlertField | '') => field !== '' && POWER_ALERT_FIELD_SPECS[field].unit === '°C';
/** Thresholds are stored as measured (temperatures in °C) and typed in the user's unit. */
const toTyped = (field: PowerAlertField | '', value: number, metric: TemperatureMetric) =>
  isTemperature(field) ? Math.round(temperatureInMetric(value, metric) * 100) / 100 : value;
const toStored = (field: PowerAlertField | '', value: number, metric: TemperatureMetric) =>
  isTemperature(field) ? temperatureFromMetric(value, metric) : value;

export const ruleFormValuesOf = (rule: PowerAlertRule, metric: TemperatureMetric): RuleFormValues => ({
  deviceId: rule.device_id ?? '',
  deviceType: rule.device_type ?? '',
  field: rule.trigger_field,
  operator: rule.trigger_operator,
  value: String(toTyped(rule.trigger_field, rule.trigger_value, metric)),
  notifyOnClear: rule.notify_on_clear,
});

type RuleField = 'field' | 'operator' | 'value';

/**
 * The rule as the API takes it, or each field's problem in the specification's words (§5): required fields, and
 * the threshold within what the field can measure (percentages 'Number has to be between 0 and 100').
 */
export function validateRule(
  values: RuleFormValues,
  metric: TemperatureMetric,
): {
  body: PowerAlertRuleBody | null;
  problems: Partial<Record<RuleField, FieldProblem>>;
} {
  const problems: Partial<Record<RuleField, FieldProblem>> = {};
  if (values.field === '') problems.field = { key: 'validation.required' };
  if (values.operator === '') problems.operator = { key: 'validation.required' };
  const text = values.value.trim().replace(',', '.');
  const value = toStored(values.field, Number(text), metric);
  if (text === '') problems.value = { key: 'validation.required' };
  else if (!Number.isFinite(value)) problems.value = { key: 'validation.number' };
  else if (values.field !== '') {
    // Checked in the stored unit by the API's own rule; the bound is told in the unit the user typed.
    const problem = thresholdProblem(values.field, value);
    if (problem)
      problems.value =
        problem.kind === 'percent'
          ? { key: 'validation.percent' }
          : problem.kind === 'below'
            ? boundProblem('below', toTyped(values.field, problem.min, metric), problem.inclusive)
            : boundProblem('above', toTyped(values.field, problem.max, metric), problem.inclusive);
  }
  if (Object.keys(problems).length > 0 || values.field === '' || values.operator === '') return { body: null, problems };
  const everyDevice = values.deviceId === '';
  return {
    body: {
      device_id: everyDevice ? null : values.deviceId,
      device_type: everyDevice && values.deviceType !== '' ? values.deviceType : null,
      trigger_field: values.field,
      trigger_operator: values.operator,
      trigger_value: value,
      notify_on_clear: values.notifyOnClear,
    },
    problems,
  };
}
