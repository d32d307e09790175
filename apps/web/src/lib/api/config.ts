import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { configApi, UpdateUserSettings } from '@gridlens/contract/config';
import { configRoutes } from '@gridlens/contract/routes/config';
import { apiClient } from './api-client';

/** The caller's tenant, the section catalogue and the caller's preferences (spec §7 /api/config/...). */
export const config = apiClient<typeof configApi>('config', configRoutes);

export const tenantSettingsQuery = queryOptions({
  queryKey: config.tenantSettings.key(),
  queryFn: () => config.tenantSettings(),
  staleTime: 5 * 60_000,
});

export const useTenantSettings = () => useQuery(tenantSettingsQuery);

export const sectionCatalogueQuery = queryOptions({
  queryKey: config.sections.key(),
  queryFn: () => config.sections(),
  staleTime: Infinity,
});

export const useSectionCatalogue = () => useQuery(sectionCatalogueQuery);

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
