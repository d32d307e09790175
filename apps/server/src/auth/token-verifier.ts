import { decodeProtectedHeader, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { readClaim, type ClaimPath } from '@gridlens/domain/claim-path';
import { roleNames } from '@gridlens/domain/roles';
import type { RequestAddress } from '../http/public-origin';
import type { Principal } from './principal';

export interface TokenClaimsConfig {
  issuer: string;
  audience: string;
  /** OIDC_ROLES_CLAIM as written, for the refusal that names it. */
  rolesClaim: string;
  /** Its steps, as the configuration parsed them (claim-path.ts). */
  rolesPath: ClaimPath;
  /** Where the tenant is (OIDC_TENANT_CLAIM, or OIDC_TENANT_KEY inside OIDC_APP_METADATA_CLAIM), as written … */
  tenantClaim: string;
  /** … and parsed. */
  tenantPath: ClaimPath;
}

/** Checks a bearer token; `request` (the address it came to) matters only when the issuer depends on it. */
export type TokenVerifier = (token: string, request?: RequestAddress) => Promise<Principal>;

/** The issuer expected of a request's tokens; null when the request names no usable address. */
export type IssuerFor = (request: RequestAddress) => string | null;

/**
 * Why a token was refused, one code per thing an operator would fix differently. All but `expired` mean that
 * sign-in is set up wrongly (or the token was forged): signing in again would bring the same refusal.
 */
export type TokenRefusalReason =
  | 'not_a_jwt'
  | 'algorithm'
  | 'unknown_key'
  | 'signature'
  | 'issuer'
  | 'audience'
  | 'expired'
  | 'not_yet_valid'
  | 'missing_claim'
  | 'roles_claim'
  | 'tenant_claim';

/** A token the API refuses (401): `description` says why in words, and holds nothing of the token but claim values. */
export class InvalidTokenError extends Error {
  constructor(
    readonly reason: TokenRefusalReason,
    readonly description: string,
  ) {
    super(description);
  }
}

/** The issuer's keys could not be fetched, so no token can be judged either way (503, not 401: nobody's fault but the outage). */
export class IssuerUnavailableError extends Error {}

/** Asymmetric algorithms only: 'none' and shared-secret HS* tokens are never accepted. */
const ALLOWED_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
const CLOCK_TOLERANCE_S = 30;

/** Verified tokens kept (a few hundred bytes each): more than the users one server sees within a token's life. */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Checks signature (against the issuer's keys), issuer, audience and expiry, then reads the principal. With
 * `issuerFor` (the embedded provider without PUBLIC_URL) the issuer is the one of the address the request came
 * to, so a token is good only at the address it was issued for.
 * A token that passed is remembered, by its issuer and exact text, until its expiry (no clock tolerance added),
 * so that a user's every request does not verify the same signature again: a browser sends one token for
 * minutes on end, and the check was about a tenth of the time of the portal's small answers. Only tokens
 * that passed are kept, so a forged one is verified (and refused) every time.
 */
export function createTokenVerifier(
  config: TokenClaimsConfig,
  keys: JWTVerifyGetKey,
  issuerFor?: IssuerFor,
  now: () => number = Date.now,
): TokenVerifier {
  const verified = new Map<string, { principal: Principal; expiresMs: number }>();
  return async (token, request) => {
    const issuer = issuerFor && request ? issuerFor(request) : config.issuer;
    if (issuer === null) throw new InvalidTokenError('issuer', 'The request names no usable host, so no issuer can be expected');
    const key = `${issuer} ${token}`;
    const kept = verified.get(key);
    if (kept && now() < kept.expiresMs) return kept.principal;
    if (kept) verified.delete(key);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer,
        audience: config.audience,
        algorithms: ALLOWED_ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['exp', 'sub'],
        currentDate: new Date(now()),
      }));
    } catch (error) {
      if (error instanceof errors.JOSEError) throw refusalOf(error, token, { issuer, audience: config.audience });
      throw error;
    }
    const principal = principalFromClaims(payload, config);
    Object.freeze(principal.roles);
    Object.freeze(principal); // shared by every request that shows the token
    const expiresMs = (payload.exp ?? 0) * 1000;
    if (now() < expiresMs) {
      verified.set(key, { principal, expiresMs });
      // The oldest verified goes first (Map keeps insertion order).
      if (verified.size > VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
    }
    return principal;
  };
}

/**
 * The principal of verified claims. A token without the roles claim is refused, not taken for a user with no
 * role: the claim missing means the provider is not set up to send it (or OIDC_ROLES_CLAIM names the wrong place),
 * and reading it as "some other role" once gave Installer-only users the whole tenant's data.
 */
function principalFromClaims(payload: JWTPayload, config: TokenClaimsConfig): Principal {
  const tenant = readClaim(payload, config.tenantPath);
  const rolesClaim = readClaim(payload, config.rolesPath);
  const roles = roleNames(rolesClaim);
  if (roles === null) {
    const what =
      rolesClaim === undefined || rolesClaim === null ? 'has no roles claim' : 'has a roles claim that is neither a list nor a string';
    throw new InvalidTokenError('roles_claim', `The access token ${what} at ${config.rolesClaim} (OIDC_ROLES_CLAIM)`);
  }
  if (typeof tenant !== 'string' || tenant === '') {
    // As for the roles: no tenant where the configuration says is the provider's set-up, not a user of no tenant.
    const what = tenant === undefined || tenant === null ? 'no tenant claim' : 'a tenant claim that is not a text:';
    throw new InvalidTokenError('tenant_claim', `The access token has ${what} ${config.tenantClaim} (OIDC_TENANT_CLAIM)`);
  }
  const name = payload['name'];
  const email = payload['email'];
  return {
    userId: payload.sub ?? '',
    tenantId: tenant,
    roles,
    name: typeof name === 'string' ? name : null,
    email: typeof email === 'string' && email.includes('@') ? email : null,
  };
}

/** A claim's value as the refusal names it: JSON, cut short (a token's claims are the sender's to choose). */
function shown(value: unknown): string {
  if (value === undefined) return 'none';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

function headerOf(token: string): { alg?: unknown; kid?: unknown } {
  try {
    return decodeProtectedHeader(token);
  } catch {
    return {};
  }
}

/**
 * jose's error as the refusal an operator can act on (or, for a key set jose could not use, the issuer's outage).
 * Signature and key are checked before claims, so the claim values a refusal names were signed by the issuer.
 */
function refusalOf(
  error: errors.JOSEError,
  token: string,
  expected: { issuer: string; audience: string },
): InvalidTokenError | IssuerUnavailableError {
  const { code } = error;
  switch (code) {
    case 'ERR_JWS_INVALID':
    case 'ERR_JWT_INVALID':
    case 'ERR_JWE_INVALID':
    case 'ERR_JWE_DECRYPTION_FAILED':
      return new InvalidTokenError(
        'not_a_jwt',
        `The access token is not a signed JWT (an opaque or encrypted token?): the API needs a JWT access token for the audience ${expected.audience} (OIDC_AUDIENCE)`,
      );
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
    case 'ERR_JOSE_NOT_SUPPORTED':
      return new InvalidTokenError(
        'algorithm',
        `The access token is signed with ${shown(headerOf(token).alg)}, which the API does not accept`,
      );
    case 'ERR_JWKS_NO_MATCHING_KEY':
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return new InvalidTokenError(
        'unknown_key',
        `No key of ${expected.issuer} matches the access token's key id ${shown(headerOf(token).kid)}`,
      );
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return new InvalidTokenError('signature', `The access token's signature does not verify with the keys of ${expected.issuer}`);
    case 'ERR_JWT_EXPIRED':
      return new InvalidTokenError('expired', 'The access token has expired');
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      return claimRefusal(error as errors.JWTClaimValidationFailed, expected);
    case 'ERR_JWKS_INVALID':
    case 'ERR_JWK_INVALID':
      return new IssuerUnavailableError(`The keys of ${expected.issuer} are not usable (${code})`);
    // Only jose's remote key set times out; the issuer's keys are fetched by issuer-keys.ts, whose timeout is its own
    // IssuerUnavailableError. Listed for the switch to be exhaustive, it cannot arise here.
    case 'ERR_JWKS_TIMEOUT':
    case 'ERR_JOSE_GENERIC':
    default:
      return new InvalidTokenError('not_a_jwt', `The access token could not be read as a JWT (${code})`);
  }
}

function claimRefusal(error: errors.JWTClaimValidationFailed, expected: { issuer: string; audience: string }): InvalidTokenError {
  const { claim, reason, payload } = error;
  if (reason === 'missing') return new InvalidTokenError('missing_claim', `The access token has no ${claim} claim`);
  if (claim === 'iss')
    return new InvalidTokenError('issuer', `The access token's issuer is ${shown(payload.iss)}, not ${expected.issuer} (OIDC_ISSUER)`);
  if (claim === 'aud') {
    return new InvalidTokenError(
      'audience',
      `The access token's audience is ${shown(payload.aud)}, not ${expected.audience} (OIDC_AUDIENCE)`,
    );
  }
  if (claim === 'nbf' || claim === 'iat') {
    return new InvalidTokenError(
      'not_yet_valid',
      `The access token's ${claim} is in the future: the clocks of the server and the identity provider differ`,
    );
  }
  return new InvalidTokenError('missing_claim', `The access token's ${claim} claim is not valid`);
}
