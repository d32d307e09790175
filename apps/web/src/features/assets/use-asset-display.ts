import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { browserTimeZone, useUserSettings } from '@/lib/api/config';
import type { DisplayContext } from './asset-columns';
import { enumKey } from '@/lib/enum-key';

/** The i18n key of an enumerated value: ids such as 'P.L.T.E' or 'Not Installed' become key-safe. */
export const valueKey = (group: string, value: string | null) => `assets.values.${group}.${value === null ? 'none' : enumKey(value)}`;

/** Shows cells in the user's language, time zone (date format) and temperature unit. */
export function useAssetDisplay(): DisplayContext {
  const { t, i18n } = useTranslation();
  const temperatureMetric = useUserSettings().data?.temperature_metric ?? 'celsius';
  return useMemo(
    () => ({
      languageTag: i18n.language,
      timeZone: browserTimeZone(),
      temperatureMetric,
      label: (group, value) => t(valueKey(group, value)),
      noData: '–',
    }),
    [t, i18n.language, temperatureMetric],
  );
}
