/** Why the API refused the bearer token, as its 401 says in WWW-Authenticate (RFC 6750 §3). */
export interface TokenRefusal {
  /** The API's reason code (`audience`, `issuer`, `not_a_jwt`, `roles_claim`, `expired` …). */
  reason: string;
  /** The reason in words (English, for the administrator; the user is told in their language). */
  description: string;
}

/**
 * The refusal a `WWW-Authenticate` header carries: its Bearer challenge with `error="invalid_token"`. null when
 * there is none, or the challenge has no error (the request had no token: RFC 6750 §3.1).
 */
export function tokenRefusalOf(header: string | null): TokenRefusal | null {
  if (!header || !/^\s*Bearer\b/i.test(header)) return null;
  const params = new Map<string, string>();
  for (const match of header.matchAll(/([\w-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,"]+))/g)) {
    const [, name = '', quoted, token] = match;
    params.set(name.toLowerCase(), quoted === undefined ? (token ?? '') : quoted.replace(/\\(.)/g, '$1'));
  }
  if (params.get('error') !== 'invalid_token') return null;
  return { reason: params.get('reason') ?? 'invalid_token', description: params.get('error_description') ?? '' };
}

/**
 * Whether signing in again cannot help: every refusal but an expired token means the portal or the identity provider
 * is set up wrongly (wrong audience, issuer, claims, an opaque token), which only an administrator can put right.
 */
export function isSetUpFault(refusal: TokenRefusal): boolean {
  return refusal.reason !== 'expired';
}

/** Whether two refusals (or their absence) say the same: the app keeps what it shows when a refusal repeats. */
export function sameRefusal(a: TokenRefusal | null, b: TokenRefusal | null): boolean {
  return a === b || (a !== null && b !== null && a.reason === b.reason && a.description === b.description);
}
