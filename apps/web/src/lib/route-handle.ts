import type { QueryClient } from '@tanstack/react-query';
import { useMatches } from 'react-router';
import type { SectionId } from '@gridlens/domain/sections';

/** What each route says about itself: the section it belongs to, or the title key of its page. */
export interface RouteHandle {
  sectionId?: SectionId;
  titleKey?: string;
  /**
   * Asks for the screen's first data before its chunk has arrived (app/screen-preload.ts), `quietly` (api-client):
   * the tenant may turn out not to have the screen.
   */
  preload?: (queryClient: QueryClient) => Promise<unknown>;
  /** The page narrows what it shows with the header search box; elsewhere the box is disabled. */
  searchable?: boolean;
  /**
   * A page without the sign-in guard (spec §2: /checkcoverage, /accessdenied), open to every visitor, signed in or
   * not, of any role or tenant. Nothing is asked for it ahead of need (the shell's settings would be refused to an
   * Installer-only user or an unknown tenant), and a refused request there is the page's to explain: it never moves
   * the visitor on to /error (app/route-access.ts).
   */
  public?: boolean;
}

/** The deepest matched route's handle (the page on screen). */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle && (handle.sectionId || handle.titleKey)) return handle;
  }
  return {};
}
