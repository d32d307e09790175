import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from 'react-oidc-context';
import { useTranslation } from 'react-i18next';
import { portalAccess } from '@gridlens/domain/roles';
import { useClientConfig } from '@/lib/client-config-context';
import type { SignInState } from '@/lib/oidc-settings';
import { renderSession } from '@/lib/render-session';
import { userIdentity } from '@/lib/user-identity';
import { FullPageMessage } from '../shell/full-page-message';
import { SignInErrorAlert } from '../shell/sign-in-error-alert';

/**
 * The sign-in guard (spec §4 Authentication): an unauthenticated visitor is sent to sign in and
 * comes back to the same path; an Installer-only user, or one without any role, goes to /accessdenied. When the
 * ID token carries no roles claim the API decides (it refuses such an access token, and the user is told why).
 * A render session (the server's PDF renderer, lib/render-session.ts) has nobody to sign in: its ticket is the
 * sign-in, and the API, which checks it, answers its GET requests only.
 */
export function RequireAuth() {
  return renderSession() ? <Outlet /> : <RequireSignIn />;
}

function RequireSignIn() {
  const auth = useAuth();
  const config = useClientConfig();
  const location = useLocation();
  const { t } = useTranslation();
  const returnTo = location.pathname + location.search + location.hash;
  const mustSignIn = !auth.isLoading && !auth.isAuthenticated && !auth.activeNavigator && !auth.error;

  useEffect(() => {
    if (!mustSignIn) return;
    const state: SignInState = { returnTo };
    const signIn = config.signInMode === 'popup' ? auth.signinPopup({ state }) : auth.signinRedirect({ state });
    signIn.catch(() => undefined); // failures surface through auth.error and the red alert
  }, [mustSignIn, returnTo, auth, config.signInMode]);

  if (auth.error && !auth.isAuthenticated) {
    return (
      <FullPageMessage message="">
        <SignInErrorAlert onRetry={() => void auth.signinRedirect({ state: { returnTo } satisfies SignInState })} />
      </FullPageMessage>
    );
  }
  if (!auth.isAuthenticated || !auth.user) return <FullPageMessage message={t('auth.redirecting')} busy />;
  const identity = userIdentity(auth.user, config);
  if (identity.rolesClaimFound && portalAccess(identity.roles) !== 'full') return <Navigate to="/accessdenied" replace />;
  return <Outlet />;
}
