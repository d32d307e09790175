import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { RequestAddress } from '../http/public-origin';
import type { Principal } from './principal';

export interface TokenClaimsConfig {
  issuer: string;
  audience: string;
  rolesClaim: string;
  appMetadataClaim: string;
  tenantKey: string;
}

/** Checks a bearer token; `request` (the address it came to) matters only when the issuer depends on it. */
export type TokenVerifier = (token: string, request?: RequestAddress) => Promise<Principal>;

/** The issuer expected of a request's tokens; null when the request names no usable address. */
export type IssuerFor = (request: RequestAddress) => string | null;

export class InvalidTokenError extends Error {}

/** Asymmetric algorithms only: 'none' and shared-secret HS* tokens are never accepted. */
const ALLOWED_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
const CLOCK_TOLERANCE_S = 30;

/**
 * Checks signature (against the issuer's keys), issuer, audience and expiry, then reads the principal. With
 * `issuerFor` (the embedded provider without PUBLIC_URL) the issuer is the one of the address the request came
 * to, so a token is good only at the address it was issued for.
 */
export function createTokenVerifier(config: TokenClaimsConfig, keys: JWTVerifyGetKey, issuerFor?: IssuerFor): TokenVerifier {
  return async (token, request) => {
    const issuer = issuerFor && request ? issuerFor(request) : config.issuer;
    if (issuer === null) throw new InvalidTokenError('ERR_JWT_CLAIM_VALIDATION_FAILED');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer,
        audience: config.audience,
        algorithms: ALLOWED_ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      if (error instanceof errors.JOSEError) throw new InvalidTokenError(error.code);
      throw error;
    }
    return principalFromClaims(payload, config);
  };
}

export function principalFromClaims(payload: JWTPayload, config: TokenClaimsConfig): Principal {
  const metadata = payload[config.appMetadataClaim];
  const tenant = isRecord(metadata) ? metadata[config.tenantKey] : undefined;
  const roles = payload[config.rolesClaim];
  const name = payload['name'];
  return {
    userId: payload.sub ?? '',
    tenantId: typeof tenant === 'string' && tenant.length > 0 ? tenant : null,
    roles: Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [],
    name: typeof name === 'string' ? name : null,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The key set of an external issuer, found through its discovery document and cached by jose
 * (refetched when a token names an unknown key id, so key rotation needs no restart).
 */
export function remoteIssuerKeys(issuer: string): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | null = null;
  const discover = async () => {
    const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`OpenID discovery at ${url} answered ${response.status}`);
    const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri?: string };
    if (!jwksUri) throw new Error(`OpenID discovery at ${url} names no jwks_uri`);
    return createRemoteJWKSet(new URL(jwksUri));
  };
  return async (header, token) => {
    keys ??= discover().catch((error: unknown) => {
      keys = null; // try discovery again on the next request
      throw error;
    });
    return (await keys)(header, token);
  };
}
