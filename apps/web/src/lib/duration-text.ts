import { formatNumber } from '@gridlens/domain/number-format';

/** A duration in minutes as the tracking screens write it (journeys, a device's journeys): whole minutes under two hours, hours with 2 decimals above. */
export function durationText(
  minutes: number | null,
  language: string,
  t: (key: string, options: Record<string, string>) => string,
): string {
  if (minutes === null) return '–';
  if (minutes < 120) return t('trackingJourneys.minutes', { value: formatNumber(minutes, language, 0) });
  return t('trackingJourneys.hours', { value: formatNumber(minutes / 60, language, 2) });
}
