import type { TrackingAlertRule, TrackingAlertRuleBody } from '@gridlens/contract/tracking-alerts';
import type { AlertOperator } from '@gridlens/domain/alerts/power-alert-rules';
import {
  isLocationField,
  TRACKING_FIELD_OPERATORS,
  trackingThresholdProblem,
  type TrackingAlertField,
} from '@gridlens/domain/alerts/tracking-alert-rules';
import { LOCATION_TYPES, type LocationType, type TrackerType } from '@gridlens/domain/tracking/enumerations';
import { boundProblem, type FieldProblem } from '@/lib/field-problem';

/**
 * The tracking rule dialog's values as typed. `place` is one select for what a location rule watches: a POI's id,
 * or `type:Friendly` / `type:Non-Friendly` for every POI of a type.
 */
export interface TrackingRuleFormValues {
  deviceId: string;
  deviceType: TrackerType | '';
  field: TrackingAlertField | '';
  operator: AlertOperator | '';
  value: string;
  place: string;
  notifyOnClear: boolean;
}

export const emptyTrackingRule: TrackingRuleFormValues = {
  deviceId: '',
  deviceType: '',
  field: '',
  operator: '',
  value: '',
  place: '',
  notifyOnClear: false,
};

const TYPE_PREFIX = 'type:';
export const placeOfType = (type: LocationType) => `${TYPE_PREFIX}${type}`;
const typeOfPlace = (place: string): LocationType | null => {
  const type = place.startsWith(TYPE_PREFIX) ? place.slice(TYPE_PREFIX.length) : null;
  return LOCATION_TYPES.find((known) => known === type) ?? null;
};

export const trackingFormValuesOf = (rule: TrackingAlertRule): TrackingRuleFormValues => ({
  deviceId: rule.device_id ?? '',
  deviceType: rule.device_type ?? '',
  field: rule.trigger_field,
  operator: rule.trigger_operator,
  value: rule.trigger_value === null ? '' : String(rule.trigger_value),
  place: rule.location_id ?? (rule.location_type ? placeOfType(rule.location_type) : ''),
  notifyOnClear: rule.notify_on_clear,
});

/** A new field keeps the operator when it still applies; a field with one operator (arrival, departure) takes it. */
export function withField(values: TrackingRuleFormValues, field: TrackingAlertField): TrackingRuleFormValues {
  const operators = TRACKING_FIELD_OPERATORS[field];
  const operator =
    values.operator !== '' && operators.includes(values.operator) ? values.operator : operators.length === 1 ? operators[0] : '';
  return { ...values, field, operator: operator ?? '' };
}

type RuleField = 'field' | 'operator' | 'value' | 'place';

/** The rule as the API takes it, or each field's problem in the specification's words (§5). */
export function validateTrackingRule(values: TrackingRuleFormValues): {
  body: TrackingAlertRuleBody | null;
  problems: Partial<Record<RuleField, FieldProblem>>;
} {
  const problems: Partial<Record<RuleField, FieldProblem>> = {};
  const { field, operator } = values;
  if (field === '') problems.field = { key: 'validation.required' };
  if (operator === '' || (field !== '' && !TRACKING_FIELD_OPERATORS[field].includes(operator)))
    problems.operator = { key: 'validation.required' };
  const byPlace = field !== '' && isLocationField(field);
  let value: number | null = null;
  if (byPlace) {
    if (values.place === '') problems.place = { key: 'validation.required' };
  } else if (field !== '') {
    const text = values.value.trim().replace(',', '.');
    value = Number(text);
    if (text === '') problems.value = { key: 'validation.required' };
    else if (!Number.isFinite(value)) problems.value = { key: 'validation.number' };
    else {
      const problem = trackingThresholdProblem(field, value);
      if (problem)
        problems.value =
          problem.kind === 'percent'
            ? { key: 'validation.percent' }
            : problem.kind === 'below'
              ? boundProblem('below', problem.min, problem.inclusive)
              : boundProblem('above', problem.max, problem.inclusive);
    }
  }
  if (Object.keys(problems).length > 0 || field === '' || operator === '') return { body: null, problems };
  const everyDevice = values.deviceId === '';
  const type = byPlace ? typeOfPlace(values.place) : null;
  return {
    body: {
      device_id: everyDevice ? null : values.deviceId,
      device_type: everyDevice && values.deviceType !== '' ? values.deviceType : null,
      trigger_field: field,
      trigger_operator: operator,
      trigger_value: byPlace ? null : value,
      location_id: byPlace && type === null ? values.place : null,
      location_type: type,
      notify_on_clear: values.notifyOnClear,
    },
    problems,
  };
}
