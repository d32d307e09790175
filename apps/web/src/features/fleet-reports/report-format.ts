import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDay } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { browserTimeZone } from '@/lib/api/config';

/**
 * How the reports write their values: numbers in the user's language, days in the user's date order (their
 * browser's zone, as every screen), moments in the tenant's time zone that the running header names.
 */
export function useReportFormat(tenantTimeZone: string | undefined) {
  const { i18n } = useTranslation();
  const userZone = browserTimeZone();
  return {
    number: (value: number | null, decimals = 2) => (value === null ? '–' : formatNumber(value, i18n.language, decimals)),
    day: (isoDay: string) => formatDay(isoDay, userZone),
    moment: (iso: string | null) => (iso === null ? '–' : formatDateTime(Date.parse(iso), tenantTimeZone ?? userZone)),
  };
}
