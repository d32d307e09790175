import type { TFunction } from 'i18next';
import { POWER_ALERT_FIELD_SPECS, type AlertOperator, type PowerAlertField } from '@gridlens/domain/alerts/power-alert-rules';
import { formatNumber } from '@gridlens/domain/number-format';

/** "Max temperature > 90.00 °C": a rule's condition in the user's language and number format. */
export function conditionText(t: TFunction, language: string, field: PowerAlertField, operator: AlertOperator, value: number): string {
  return `${t(`alerts.fields.${field}`)} ${operator} ${valueText(language, field, value)}`;
}

/** A value of a field with its unit. */
export const valueText = (language: string, field: PowerAlertField, value: number) =>
  `${formatNumber(value, language, 2)} ${POWER_ALERT_FIELD_SPECS[field].unit}`;

/** Which devices a rule watches: one, every device, or every device of a mount type. */
export function scopeText(t: TFunction, deviceId: string | null, deviceType: string | null): string {
  if (deviceId !== null) return deviceId;
  return deviceType === null
    ? t('alerts.allDevices')
    : t('alerts.allDevicesOfType', { type: t(`assets.values.device_type.${deviceType.replaceAll(' ', '_')}`) });
}
