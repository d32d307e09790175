import { queryOptions, useQuery } from '@tanstack/react-query';
import type { configApi } from '@gridlens/contract/config';
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
