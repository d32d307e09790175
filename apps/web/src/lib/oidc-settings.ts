import { WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import type { ClientConfig } from '@gridlens/contract/client-config';

/** Where sign-in sends the user back to: the page they asked for. */
export interface SignInState {
  returnTo: string;
}

export function oidcSettings(config: ClientConfig, uiLocale: string): UserManagerSettings {
  const origin = window.location.origin;
  return {
    authority: config.authority,
    client_id: config.clientId,
    scope: config.scope,
    redirect_uri: `${origin}/`,
    popup_redirect_uri: `${origin}/silent-renew.html`,
    silent_redirect_uri: `${origin}/silent-renew.html`,
    post_logout_redirect_uri: `${origin}/`,
    // Spec §4: the access token is kept in local storage (so a new tab is signed in too).
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    stateStore: new WebStorageStateStore({ store: window.localStorage }),
    automaticSilentRenew: true,
    loadUserInfo: false,
    // OIDC_AUTHORIZATION_PARAMS (audience=… for an external issuer unless set): every authorization request, silent
    // renewal included, asks for the API's access token.
    extraQueryParams: { ...config.authorizationParams, ui_locales: uiLocale },
    // A resource indicator (RFC 8707) goes to the token endpoint too, where such providers decide the token's audience.
    ...(config.authorizationParams['resource'] ? { extraTokenParams: { resource: config.authorizationParams['resource'] } } : {}),
  };
}

/** After the redirect back, drop code and state from the address bar and go to the stored path. */
export function completeSignInRedirect(state: unknown): void {
  const returnTo = (state as Partial<SignInState> | undefined)?.returnTo;
  const safe = typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/';
  window.history.replaceState({}, document.title, safe);
}
