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
    extraQueryParams: { ui_locales: uiLocale, ...(config.audience ? { audience: config.audience } : {}) },
  };
}

/** After the redirect back, drop code and state from the address bar and go to the stored path. */
export function completeSignInRedirect(state: unknown): void {
  const returnTo = (state as Partial<SignInState> | undefined)?.returnTo;
  const safe = typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/';
  window.history.replaceState({}, document.title, safe);
}
