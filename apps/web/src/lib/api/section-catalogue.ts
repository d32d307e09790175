import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SectionCatalogue } from '@gridlens/contract/config';
import { api } from './api-client';

export const sectionCatalogueQuery = queryOptions({
  queryKey: ['config', 'sections'],
  queryFn: () => api.get<SectionCatalogue>('/api/config/sections'),
  staleTime: Infinity,
});

export const useSectionCatalogue = () => useQuery(sectionCatalogueQuery);
