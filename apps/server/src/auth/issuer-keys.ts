import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { IssuerUnavailableError } from './token-verifier';

export interface IssuerKeys {
  /** The issuer's key for a token's header; throws IssuerUnavailableError when the keys cannot be fetched. */
  keys: JWTVerifyGetKey;
  /** Fetches discovery and the key set now (the start-up check); throws IssuerUnavailableError saying why. */
  check(): Promise<void>;
}

interface IssuerKeysOptions {
  fetch?: typeof globalThis.fetch;
  now?: () => number;
  /** How long one request to the issuer may take. */
  timeoutMs?: number;
}

/** Keys are fetched again after this long, so that a rotation that keeps the key id is seen too. */
const KEYS_MAX_AGE_MS = 10 * 60_000;
/** A token naming an unknown key id fetches the keys again, at most this often (a forger cannot make us hammer the issuer). */
const UNKNOWN_KEY_COOLDOWN_MS = 30_000;
/** After a failed fetch, requests are answered with that failure for this long instead of each waiting on the issuer. */
const FAILURE_HOLD_MS = 30_000;

/**
 * An external issuer's signing keys, found through its discovery document (OpenID Connect Discovery §4). Unlike
 * jose's remote key set, keys already fetched keep serving while the issuer is away (a token signed by a known
 * key is still good when the provider restarts), and every failure says what failed, so that the API can answer
 * 503 with the reason and readiness can show it.
 */
export function createIssuerKeys(
  issuer: string,
  { fetch = globalThis.fetch, now = Date.now, timeoutMs = 5000 }: IssuerKeysOptions = {},
): IssuerKeys {
  const discoveryUrl = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  let jwksUri: string | null = null;
  let local: JWTVerifyGetKey | null = null;
  let fetchedAt = 0;
  let failure: { at: number; error: IssuerUnavailableError } | null = null;
  let pending: Promise<void> | null = null;

  const getJson = async (url: string, what: string): Promise<unknown> => {
    let response: Response;
    try {
      response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new IssuerUnavailableError(`${what} at ${url} failed: ${networkCause(error, timeoutMs)}`);
    }
    if (!response.ok) throw new IssuerUnavailableError(`${what} at ${url} answered HTTP ${response.status}`);
    try {
      return await response.json();
    } catch {
      throw new IssuerUnavailableError(`${what} at ${url} is not JSON`);
    }
  };

  const discover = async (): Promise<string> => {
    const document = (await getJson(discoveryUrl, 'OpenID discovery')) as { issuer?: unknown; jwks_uri?: unknown } | null;
    // Tokens carry the discovery document's issuer; another one than OIDC_ISSUER would have every token refused.
    if (document?.issuer !== issuer) {
      throw new IssuerUnavailableError(
        `OpenID discovery at ${discoveryUrl} names the issuer ${JSON.stringify(document?.issuer ?? null)}, not OIDC_ISSUER ${issuer}`,
      );
    }
    if (typeof document.jwks_uri !== 'string' || !URL.canParse(document.jwks_uri)) {
      throw new IssuerUnavailableError(`OpenID discovery at ${discoveryUrl} names no jwks_uri`);
    }
    return document.jwks_uri;
  };

  const fetchKeys = async () => {
    jwksUri ??= await discover();
    const set = (await getJson(jwksUri, "The issuer's key set")) as JSONWebKeySet;
    if (!Array.isArray(set?.keys) || set.keys.length === 0)
      throw new IssuerUnavailableError(`The issuer's key set at ${jwksUri} holds no keys`);
    local = createLocalJWKSet(set);
    fetchedAt = now();
    failure = null;
  };

  /** One fetch at a time; a failure is kept for FAILURE_HOLD_MS unless `force` (the start-up check) asks anyway. */
  const load = (force = false): Promise<void> => {
    if (!force && failure && now() - failure.at < FAILURE_HOLD_MS) return Promise.reject(failure.error);
    pending ??= fetchKeys()
      .catch((error: unknown) => {
        const unavailable =
          error instanceof IssuerUnavailableError ? error : new IssuerUnavailableError(`The issuer's keys: ${String(error)}`);
        failure = { at: now(), error: unavailable };
        throw unavailable;
      })
      .finally(() => (pending = null));
    return pending;
  };

  const keys: JWTVerifyGetKey = async (header, token) => {
    if (!local || now() - fetchedAt >= KEYS_MAX_AGE_MS) {
      // Old keys keep serving when the refresh fails; with none yet, the failure is the answer.
      await load().catch((error: unknown) => {
        if (!local) throw error;
      });
    }
    try {
      return await (local as JWTVerifyGetKey)(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || now() - fetchedAt < UNKNOWN_KEY_COOLDOWN_MS) throw error;
      await load(); // a rotated key: fetch the set again (an outage now answers 503, since the token cannot be judged)
      return (local as JWTVerifyGetKey)(header, token);
    }
  };

  return { keys, check: () => load(true) };
}

/**
 * What went wrong on the way to the issuer, in words: fetch says only "fetch failed", and the connection's own error
 * (ECONNREFUSED, ENOTFOUND, a certificate, a port fetch refuses to use) is its cause; the time-out is told as such.
 */
function networkCause(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `no answer within ${timeoutMs / 1000} s`;
  let cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof AggregateError && cause.errors[0] instanceof Error) cause = cause.errors[0]; // one per address tried
  if (cause instanceof Error && cause.message) return cause.message;
  const code = (cause as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.message : String(error);
}
