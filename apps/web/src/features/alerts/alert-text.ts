import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { POWER_ALERT_FIELD_SPECS, type AlertOperator, type PowerAlertField } from '@gridlens/domain/alerts/power-alert-rules';
import { formatNumber } from '@gridlens/domain/number-format';
import { temperatureInMetric, temperatureUnit, type TemperatureMetric } from '@gridlens/domain/temperature';
import { useUserSettings } from '@/lib/api/user-settings';

const isTemperature = (field: PowerAlertField | '') => field !== '' && POWER_ALERT_FIELD_SPECS[field].unit === '°C';

/** The unit a field is shown and typed in: temperatures in the user's unit (stored in °C), the rest as measured. */
export const unitOf = (field: PowerAlertField, metric: TemperatureMetric) =>
  isTemperature(field) ? temperatureUnit(metric) : POWER_ALERT_FIELD_SPECS[field].unit;

/** A stored value (temperatures in °C) in the unit the user reads it in. */
export const shownValue = (field: PowerAlertField | '', value: number, metric: TemperatureMetric) =>
  isTemperature(field) ? temperatureInMetric(value, metric) : value;

/** A value of a field with its unit, in the user's number format and temperature unit. */
export const valueText = (language: string, metric: TemperatureMetric, field: PowerAlertField, value: number) =>
  `${formatNumber(shownValue(field, value, metric), language, 2)} ${unitOf(field, metric)}`;

/** "Max temperature > 90.00 °C": a rule's condition in the user's language, number format and temperature unit. */
export function conditionText(
  t: TFunction,
  language: string,
  metric: TemperatureMetric,
  field: PowerAlertField,
  operator: AlertOperator,
  value: number,
): string {
  return `${t(`alerts.fields.${field}`)} ${operator} ${valueText(language, metric, field, value)}`;
}

/** Which devices a rule watches: one, every device, or every device of a mount type. */
export function scopeText(t: TFunction, deviceId: string | null, deviceType: string | null): string {
  if (deviceId !== null) return deviceId;
  return deviceType === null
    ? t('alerts.allDevices')
    : t('alerts.allDevicesOfType', { type: t(`assets.values.device_type.${deviceType.replaceAll(' ', '_')}`) });
}

/** The formatters above bound to the user's language and temperature unit, for the alert screens. */
export function useAlertText() {
  const { t, i18n } = useTranslation();
  const metric = useUserSettings().data?.temperature_metric ?? 'celsius';
  const language = i18n.language;
  return {
    metric,
    condition: (field: PowerAlertField, operator: AlertOperator, value: number) =>
      conditionText(t, language, metric, field, operator, value),
    value: (field: PowerAlertField, value: number) => valueText(language, metric, field, value),
    scope: (deviceId: string | null, deviceType: string | null) => scopeText(t, deviceId, deviceType),
  };
}
