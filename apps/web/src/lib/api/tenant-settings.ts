import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TenantSettings } from '@gridlens/contract/config';
import { api } from './api-client';

export const tenantSettingsQuery = queryOptions({
  queryKey: ['config', 'tenant-settings'],
  queryFn: () => api.get<TenantSettings>('/api/config/tenant/settings'),
  staleTime: 5 * 60_000,
});

export const useTenantSettings = () => useQuery(tenantSettingsQuery);
