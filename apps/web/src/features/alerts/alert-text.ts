import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { POWER_ALERT_FIELD_SPECS, type PowerAlertField } from '@gridlens/domain/alerts/power-alert-rules';
import { isLocationField, TRACKING_NUMBER_SPECS, type TrackingAlertField } from '@gridlens/domain/alerts/tracking-alert-rules';
import { formatNumber } from '@gridlens/domain/number-format';
import { temperatureInMetric, temperatureUnit, type TemperatureMetric } from '@gridlens/domain/temperature';
import type { LocationType } from '@gridlens/domain/tracking/enumerations';
import type { AlertKind, AnyActiveAlert, AnyAlertRule } from '@/lib/api/alerts';
import { useUserSettings } from '@/lib/api/config';

type AnyField = PowerAlertField | TrackingAlertField;
const isPowerField = (field: AnyField): field is PowerAlertField => field in POWER_ALERT_FIELD_SPECS;
const isTemperature = (field: AnyField | '') => field !== '' && isPowerField(field) && POWER_ALERT_FIELD_SPECS[field].unit === '°C';

/** The unit a field is shown and typed in: temperatures in the user's unit (stored in °C), the rest as measured. */
export const unitOf = (field: AnyField, metric: TemperatureMetric): string => {
  if (isTemperature(field)) return temperatureUnit(metric);
  if (isPowerField(field)) return POWER_ALERT_FIELD_SPECS[field].unit;
  return isLocationField(field) ? '' : TRACKING_NUMBER_SPECS[field].unit;
};

/** A stored value (temperatures in °C) in the unit the user reads it in. */
export const shownValue = (field: AnyField | '', value: number, metric: TemperatureMetric) =>
  isTemperature(field) ? temperatureInMetric(value, metric) : value;

/** A value of a field with its unit, in the user's number format and temperature unit. */
export const valueText = (language: string, metric: TemperatureMetric, field: AnyField, value: number) =>
  `${formatNumber(shownValue(field, value, metric), language, 2)} ${unitOf(field, metric)}`;

/** What a location rule watches: the POI by name, or "any Friendly location". */
function placeText(t: TFunction, name: string | null, id: string | null, type: LocationType | null): string {
  if (name !== null || id !== null) return name ?? id ?? '';
  return t('alerts.tracking.anyOfType', { type: type === null ? '' : t(`alerts.tracking.locationTypes.${type}`) });
}

type Condition = Pick<AnyAlertRule, 'trigger_field' | 'trigger_operator' | 'trigger_value'> &
  Partial<{ location_id: string | null; location_type: LocationType | null; location_name: string | null }>;

/** "Max temperature > 90.00 °C", "Arrival at Dublin depot": a rule's condition in the user's words and units. */
export function conditionText(t: TFunction, language: string, metric: TemperatureMetric, rule: Condition): string {
  const field = rule.trigger_field;
  if (!isPowerField(field) && isLocationField(field)) {
    const place = placeText(t, rule.location_name ?? null, rule.location_id ?? null, rule.location_type ?? null);
    return t(`alerts.tracking.${field}At`, { place });
  }
  const name = isPowerField(field) ? t(`alerts.fields.${field}`) : t(`alerts.tracking.fields.${field}`);
  return `${name} ${rule.trigger_operator} ${valueText(language, metric, field, rule.trigger_value ?? 0)}`;
}

/** What triggered an alert: the reading with its unit, or the POI arrived at or left. */
export function actualText(language: string, metric: TemperatureMetric, alert: AnyActiveAlert): string {
  if ('actual_location_id' in alert && alert.actual_value === null) return alert.actual_location_name ?? alert.actual_location_id ?? '–';
  return alert.actual_value === null ? '–' : valueText(language, metric, alert.trigger_field, alert.actual_value);
}

/** Which devices a rule watches: one, every device, or every device of a type (mount types, or tracker types). */
export function scopeText(t: TFunction, kind: AlertKind, deviceId: string | null, deviceType: string | null): string {
  if (deviceId !== null) return deviceId;
  if (deviceType === null) return t('alerts.allDevices');
  const type =
    kind === 'tracking'
      ? t(`alerts.tracking.deviceTypes.${deviceType}`)
      : t(`assets.values.device_type.${deviceType.replaceAll(' ', '_')}`);
  return t('alerts.allDevicesOfType', { type });
}

/** The formatters above bound to the user's language and temperature unit, for the alert screens. */
export function useAlertText() {
  const { t, i18n } = useTranslation();
  const metric = useUserSettings().data?.temperature_metric ?? 'celsius';
  const language = i18n.language;
  return {
    metric,
    condition: (rule: Condition) => conditionText(t, language, metric, rule),
    actual: (alert: AnyActiveAlert) => actualText(language, metric, alert),
    value: (field: AnyField, value: number) => valueText(language, metric, field, value),
    scope: (kind: AlertKind, deviceId: string | null, deviceType: string | null) => scopeText(t, kind, deviceId, deviceType),
  };
}
