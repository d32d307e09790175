import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserSettings, UserSettings } from '@gridlens/contract/config';
import { api } from './api-client';

/** The browser's time zone decides the automatic temperature unit and the date format. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const userSettingsQuery = queryOptions({
  queryKey: ['config', 'user-settings'],
  queryFn: () => api.get<UserSettings>('/api/config/settings', { time_zone: browserTimeZone() }),
  staleTime: 5 * 60_000,
});

export const useUserSettings = () => useQuery(userSettingsQuery);

export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: UpdateUserSettings) => api.put<UserSettings>('/api/config/settings', { ...update, time_zone: browserTimeZone() }),
    onSuccess: (saved) => queryClient.setQueryData(userSettingsQuery.queryKey, saved),
  });
}
