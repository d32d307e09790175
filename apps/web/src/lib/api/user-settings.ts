import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserSettings } from '@gridlens/contract/config';
import { config } from './tenant-settings';

/** The browser's time zone decides the automatic temperature unit and the date format. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const userSettingsQuery = queryOptions({
  queryKey: config.userSettings.keyPrefix,
  queryFn: () => config.userSettings({ query: { time_zone: browserTimeZone() } }),
  staleTime: 5 * 60_000,
});

export const useUserSettings = () => useQuery(userSettingsQuery);

export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: UpdateUserSettings) => config.updateUserSettings({ body: { ...update, time_zone: browserTimeZone() } }),
    onSuccess: (saved) => queryClient.setQueryData(userSettingsQuery.queryKey, saved),
  });
}
