import type { AlertOperator, PowerAlertField } from '@gridlens/domain/alerts/power-alert-rules';
import { POWER_ALERT_FIELD_SPECS } from '@gridlens/domain/alerts/power-alert-rules';
import { isLocationField, TRACKING_NUMBER_SPECS, type TrackingAlertField } from '@gridlens/domain/alerts/tracking-alert-rules';
import type { LocationType } from '@gridlens/domain/tracking/enumerations';
import { formatDateTime } from '@gridlens/domain/date-format';
import { languageTag, normaliseLanguage } from '@gridlens/domain/language';
import { formatNumber } from '@gridlens/domain/number-format';
import { translatorFor, type Translate } from '@gridlens/i18n/translator';

export interface AlertEmailInput {
  language: string;
  kind: 'triggered' | 'cleared';
  recipientName: string;
  deviceId: string;
  deviceName: string;
  field: PowerAlertField | TrackingAlertField;
  operator: AlertOperator;
  threshold: number | null;
  value: number | null;
  /** Tracking location rules: the POI's name or the POI type watched, and the POI arrived at or left. */
  locationName?: string | null;
  locationType?: LocationType | null;
  actualLocationName?: string | null;
  atMs: number;
  link: string;
}

const isPowerField = (field: PowerAlertField | TrackingAlertField): field is PowerAlertField => field in POWER_ALERT_FIELD_SPECS;

/**
 * The rule in words, and the unit of its values (none for a location rule). The field names are the alert
 * screens' own, so that the email names a rule as its recipient finds it in the portal.
 */
function ruleText(input: AlertEmailInput, t: Translate, tag: string): { rule: string; unit: string } {
  const { field } = input;
  if (isPowerField(field)) {
    const { unit } = POWER_ALERT_FIELD_SPECS[field];
    return { rule: `${t(`alerts.fields.${field}`)} ${input.operator} ${formatNumber(input.threshold ?? 0, tag)} ${unit}`, unit };
  }
  if (isLocationField(field)) {
    const type = input.locationType ? t(`alerts.tracking.locationTypes.${input.locationType}`) : '';
    const place = input.locationName ?? t('alerts.tracking.anyOfType', { type });
    return { rule: t(`alerts.tracking.${field}At`, { place }), unit: '' };
  }
  const { unit } = TRACKING_NUMBER_SPECS[field];
  return { rule: `${t(`alerts.tracking.fields.${field}`)} ${input.operator} ${formatNumber(input.threshold ?? 0, tag)} ${unit}`, unit };
}

/** The subject and plain-text body of an alert email, in the tenant's language; times in UTC, named as such. */
export function alertEmail(input: AlertEmailInput): { subject: string; text: string } {
  const language = normaliseLanguage(input.language);
  const t = translatorFor(language);
  const tag = languageTag(language);
  // The product's formats (spec §9): two decimals in the language's separators; the day-first date of UTC, which
  // the email names since its readers sit in many zones.
  const { rule, unit } = ruleText(input, t, tag);
  const byPlace = !isPowerField(input.field) && isLocationField(input.field);
  const time = `${formatDateTime(input.atMs, 'UTC')} UTC`;
  const values = {
    rule,
    device: input.deviceId,
    deviceName: input.deviceName,
    name: input.recipientName,
    time,
    value: byPlace ? (input.actualLocationName ?? '–') : `${formatNumber(input.value ?? 0, tag)} ${unit}`,
    link: input.link,
  };
  const triggered = input.kind === 'triggered';
  const subject = t(triggered ? 'alerts.email.subjectTriggered' : 'alerts.email.subjectCleared', values);
  const sentence = byPlace
    ? t(triggered ? 'alerts.email.locationTriggered' : 'alerts.email.locationCleared', values)
    : t(triggered ? 'alerts.email.triggered' : 'alerts.email.cleared', values);
  const text = [t('alerts.email.greeting', values), '', sentence, '', t('alerts.email.open', values), '', t('alerts.email.footer')].join(
    '\n',
  );
  return { subject, text };
}
