import { matchRoutes } from 'react-router';
import type { RouteHandle } from '@/lib/route-handle';
import { routes } from './routes';

/** Whether the page at `path` (with or without query and hash) is one without the sign-in guard (`RouteHandle.public`). */
export function isPublicPath(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '/';
  return (matchRoutes(routes, pathname) ?? []).some(({ route }) => (route.handle as RouteHandle | undefined)?.public === true);
}
