import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { sectionCatalogueQuery, tenantSettingsQuery, userSettingsQuery } from '@/lib/api/config';
import type { RouteHandle } from '@/lib/route-handle';
import { isPublicPath } from './route-access';
import { routes } from './routes';

// On a cold start the router renders nothing until the screen's chunk has arrived, the shell asks for its
// settings only once it renders, and the screen for its data only after that: three waits in a row on a slow
// network. The screen's chunk is asked for by main.tsx (app/screen-chunks.ts); this starts the rest as early as it
// can start, so that they overlap.

const matchedRoutes = () => matchRoutes(routes, window.location) ?? [];

/**
 * For a signed-in user: the shell's settings and the screen's own data at once, in parallel. The screen's request is
 * quiet: if the tenant turns out not to have the screen, the shell shows the limited-access notice and nothing else.
 * Nothing on a page without the sign-in guard: it has no shell, and its visitor may be one the API refuses the
 * shell's settings to (an Installer-only user, an unknown tenant), whose refusal would send them away from it.
 */
export function preloadScreenData(queryClient: QueryClient): void {
  if (isPublicPath(window.location.pathname)) return;
  const handles = matchedRoutes().map(({ route }) => route.handle as RouteHandle | undefined);
  const screen = handles.findLast((handle) => handle?.sectionId !== undefined || handle?.titleKey !== undefined);
  void queryClient.prefetchQuery(tenantSettingsQuery);
  void queryClient.prefetchQuery(userSettingsQuery);
  void queryClient.prefetchQuery(sectionCatalogueQuery);
  void screen?.preload?.(queryClient).catch(() => undefined); // the screen's own query shows a failure
}
