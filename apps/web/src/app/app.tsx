import { useEffect, useMemo, useState } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { UserManager } from 'oidc-client-ts';
import { AuthProvider } from 'react-oidc-context';
import type { ClientConfig } from '@gridlens/contract/client-config';
import { languageTag, type Language } from '@gridlens/domain/language';
import { ApiRequestError, configureApiClient } from '@/lib/api/api-client';
import { useAppStore } from '@/lib/app-store';
import { ClientConfigContext } from '@/lib/client-config-context';
import { completeSignInRedirect, oidcSettings } from '@/lib/oidc-settings';
import { renderSession } from '@/lib/render-session';
import { forbiddenRedirect } from '@/lib/safe-redirect';
import { createAppTheme } from '@/lib/theme';
import { storeThemeMode } from '@/lib/theme-preference';
import { userIdentity } from '@/lib/user-identity';
import { AuthGate } from './auth/auth-gate';
import { isPublicPath } from './route-access';
import { preloadScreenData } from './screen-preload';
import { replaceRoute } from './router-navigation';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again; network and 5xx failures get two more tries.
        retry: (failures, error) => !(error instanceof ApiRequestError && error.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function App({ config, language }: { config: ClientConfig; language: Language }) {
  const [userManager] = useState(() => new UserManager(oidcSettings(config, languageTag(language))));
  const [queryClient] = useState(createQueryClient);
  const themeMode = useAppStore((s) => s.themeMode);
  const theme = useMemo(() => createAppTheme(themeMode), [themeMode]);

  useState(() => {
    const store = useAppStore.getState();
    configureApiClient({
      getSession: async () => {
        // The server's PDF renderer signs in with nobody there: its read-only ticket stands in for a user's token.
        const rendering = renderSession();
        if (rendering) return { accessToken: rendering.ticket, tenant: rendering.tenant };
        const user = await userManager.getUser();
        if (!user || user.expired) return null;
        return { accessToken: user.access_token, tenant: userIdentity(user, config).tenant };
      },
      onBadRequest: () => store.showSnackbar(i18next.t('errors.error')),
      onForbidden: (path, code) => {
        if (isPublicPath(path)) return; // the page says what the refusal means, and the visitor stays on it
        const target = forbiddenRedirect(path, code);
        if (target) replaceRoute(target);
      },
      onTokenRefused: store.setTokenRefusal,
      onRequestStarted: store.requestStarted,
      onRequestFinished: store.requestFinished,
    });
    // A user still signed in from before (or a render session): the shell's settings and the screen's data need not
    // wait for the router.
    if (renderSession()) preloadScreenData(queryClient);
    else
      void userManager.getUser().then((user) => {
        if (user && !user.expired) preloadScreenData(queryClient);
      });
    return null;
  });

  useEffect(() => storeThemeMode(themeMode), [themeMode]);

  return (
    <ClientConfigContext.Provider value={config}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <AuthProvider userManager={userManager} onSigninCallback={(user) => completeSignInRedirect(user?.state)}>
            <AuthGate />
          </AuthProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </ClientConfigContext.Provider>
  );
}
