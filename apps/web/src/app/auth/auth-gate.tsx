import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { useAuth } from 'react-oidc-context';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/lib/app-store';
import { FullPageMessage } from '../shell/full-page-message';
import { routes } from '../routes';
import { setRouterNavigate } from '../router-navigation';

/**
 * Holds the router back until a sign-in callback (code and state in the query) has been processed,
 * so the router starts on the stored target path rather than on the callback URL.
 */
export function AuthGate() {
  const auth = useAuth();
  const { t } = useTranslation();
  const setSignInError = useAppStore((s) => s.setSignInError);

  useEffect(() => {
    if (auth.error) setSignInError(auth.error.message);
  }, [auth.error, setSignInError]);

  const processingCallback = auth.isLoading && /[?&](code|error)=/.test(window.location.search);
  if (processingCallback || (auth.isLoading && !auth.user)) return <FullPageMessage message={t('auth.signingIn')} busy />;
  return <AppRouter />;
}

function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  useEffect(() => {
    setRouterNavigate((to, options) => void router.navigate(to, options));
  }, [router]);
  return <RouterProvider router={router} />;
}
