import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/lib/app-store';
import { loadChunk } from '@/lib/chunk-load';
import { usePageTitle } from '@/lib/page-title';
import { FullPageMessage } from './full-page-message';

// Loaded only when the API refuses the token for a set-up fault: the first load of every user need not carry it.
const SignInMisconfigured = lazy(() =>
  loadChunk(() => import('./sign-in-misconfigured')).then((m) => ({ default: m.SignInMisconfigured })),
);

/** Names the browser tab after the page on screen (shell or not, signed in or not), in the user's language. */
export function useDocumentTitle(title: string) {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    document.title = title === appName ? appName : `${title} · ${appName}`;
  }, [title, appName]);
}

/**
 * The frame of every route: the browser tab's title follows the route shown. When the API has refused the user's
 * token for a set-up fault, every route says so (in place of "check your connection" on each screen).
 */
export function RouteFrame() {
  useDocumentTitle(usePageTitle());
  const refusal = useAppStore((s) => s.tokenRefusal);
  if (!refusal) return <Outlet />;
  return (
    <Suspense fallback={null}>
      <SignInMisconfigured refusal={refusal} />
    </Suspense>
  );
}

/** What the router shows until the first screen's code has arrived (every screen is a chunk of its own). */
export function RouteLoading() {
  const { t } = useTranslation();
  return <FullPageMessage message={t('app.loading')} busy />;
}
