import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { sectionCatalogueQuery, tenantSettingsQuery, userSettingsQuery } from '@/lib/api/config';
import type { RouteHandle } from '@/lib/route-handle';
import { routes } from './routes';

// On a cold start the router renders nothing until the screen's chunk has arrived, the shell asks for its
// settings only once it renders, and the screen for its data only after that: three waits in a row on a slow
// network. These start each of them as early as it can start, so that they overlap.

const matchedRoutes = () => matchRoutes(routes, window.location) ?? [];

/** Fetches the chunks of the screen at the address bar's path, while the configuration and translations load. */
export function preloadScreenCode(): void {
  for (const { route } of matchedRoutes()) {
    if (typeof route.lazy === 'function') void route.lazy().catch(() => undefined); // the router reports a failure
  }
}

/**
 * For a signed-in user: the shell's settings at once, and the screen's own data as soon as the tenant's settings
 * show that the screen is the tenant's to see (another tenant's screen asks for nothing it would be refused).
 */
export function preloadScreenData(queryClient: QueryClient): void {
  const handles = matchedRoutes().map(({ route }) => route.handle as RouteHandle | undefined);
  const screen = handles.findLast((handle) => handle?.sectionId !== undefined || handle?.titleKey !== undefined);
  void queryClient.prefetchQuery(userSettingsQuery);
  void queryClient.prefetchQuery(sectionCatalogueQuery);
  const allowed = queryClient
    .fetchQuery(tenantSettingsQuery)
    .then((tenant) => !screen?.sectionId || tenant.tabs.some((tab) => tab.id === screen.sectionId))
    .catch(() => false); // the shell's own queries show the failure
  void screen?.preload?.(queryClient, allowed).catch(() => undefined); // the screen's own query shows it
}
