import { queryOptions, useQuery } from '@tanstack/react-query';
import { config } from './tenant-settings';

export const sectionCatalogueQuery = queryOptions({
  queryKey: config.sections.key(),
  queryFn: () => config.sections(),
  staleTime: Infinity,
});

export const useSectionCatalogue = () => useQuery(sectionCatalogueQuery);
