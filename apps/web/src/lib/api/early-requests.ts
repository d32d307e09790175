import type { ClientConfig } from '@gridlens/contract/client-config';
import { tenantOfProfile } from '../user-identity';
import type { EarlyAnswer, EarlySession } from './early-answers';
import { firstRequestUrls } from './first-requests';

/**
 * A sent request that has no answer's headers after this long is given up (aborted): the API client then asks
 * again itself. Its body, once the headers are in, is never cut short.
 */
export const EARLY_HEADERS_TIMEOUT_MS = 20_000;

/**
 * The signed-in user oidc-client-ts keeps in local storage (spec §4), as the app will find it: its access token
 * and tenant, or null when there is none, it has expired, or it cannot be read. The key is the library's own
 * (`oidc.` + `user:<authority>:<client_id>`, lib/oidc-settings.ts's store and settings).
 */
export function storedSession(
  storage: Pick<Storage, 'getItem'>,
  config: Pick<ClientConfig, 'authority' | 'clientId' | 'appMetadataClaim' | 'tenantKey'>,
  nowSeconds: number,
): EarlySession | null {
  try {
    const raw = storage.getItem(`oidc.user:${config.authority}:${config.clientId}`);
    if (!raw) return null;
    const user = JSON.parse(raw) as { access_token?: unknown; expires_at?: unknown; profile?: unknown };
    // oidc-client-ts: expired once expires_at - now <= 0; a user without expires_at is not sent early.
    if (typeof user.access_token !== 'string' || typeof user.expires_at !== 'number' || user.expires_at - nowSeconds <= 0) return null;
    const profile = typeof user.profile === 'object' && user.profile !== null ? (user.profile as Record<string, unknown>) : {};
    return { accessToken: user.access_token, tenant: tenantOfProfile(profile, config) };
  } catch {
    return null; // storage refused or unreadable: the app signs in as usual
  }
}

/** While a sign-in's answer is in the address bar the token is about to change: nothing is sent early. */
export const isSignInCallback = (search: string): boolean => /[?&](code|error)=/.test(search);

/**
 * Sends the requests the shell and the screen at `pathname` will make first, with the headers the API client
 * sends (spec §7: bearer token and Tenant header, the latter only when the token names one).
 */
export function sendEarlyRequests(session: EarlySession, pathname: string, send: typeof fetch, nowMs: number): EarlyAnswer[] {
  const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${session.accessToken}` };
  if (session.tenant) headers['tenant'] = session.tenant;
  return firstRequestUrls(pathname).map((url) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), EARLY_HEADERS_TIMEOUT_MS);
    const response = send(url, { method: 'GET', headers, signal: controller.signal }).finally(() => clearTimeout(timer));
    response.catch(() => undefined); // an answer nobody takes must not be reported as unhandled; its taker sees the failure
    return { url, accessToken: session.accessToken, tenant: session.tenant, sentAtMs: nowMs, response };
  });
}
