import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/page-title';
import { FullPageMessage } from './full-page-message';

/** Names the browser tab after the page on screen (shell or not, signed in or not), in the user's language. */
export function useDocumentTitle(title: string) {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    document.title = title === appName ? appName : `${title} · ${appName}`;
  }, [title, appName]);
}

/** The frame of every route: the browser tab's title follows the route shown. */
export function RouteFrame() {
  useDocumentTitle(usePageTitle());
  return <Outlet />;
}

/** What the router shows until the first screen's code has arrived (every screen is a chunk of its own). */
export function RouteLoading() {
  const { t } = useTranslation();
  return <FullPageMessage message={t('app.loading')} busy />;
}
