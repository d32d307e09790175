import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { portalAccess } from '@gridlens/domain/roles';
import { HttpError } from '../http/http-error';
import type { Principal } from './principal';
import type { TokenRefusalLog } from './token-refusal-log';
import type { UnknownTenantLog } from './unknown-tenant-log';
import { InvalidTokenError, IssuerUnavailableError, type TokenRefusalReason, type TokenVerifier } from './token-verifier';

/** The OpenAPI security requirement of every tenant-scoped route: a bearer token and the Tenant header. */
export const TENANT_SECURITY = [{ bearerAuth: [], tenantHeader: [] }];

/** The principal of a request that passed `requireTenantUser`: its tenant is known and matches. */
export interface TenantPrincipal extends Principal {
  tenantId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: TenantPrincipal | null;
  }
}

export interface AuthOptions {
  verifyToken: TokenVerifier;
  tenantExists: (tenantId: string) => Promise<boolean>;
  /** Where refused tokens are logged (one line per reason a minute). */
  refusals: TokenRefusalLog;
  /** Where a signed-in user's unknown tenant is logged (once per tenant). */
  unknownTenants: UnknownTenantLog;
  /**
   * Lets Installer-only users through (default false). Only the installer's device test sets it: it is the one
   * screen such users may use (spec §2 /checkcoverage), and its answer is about one device they are fitting.
   */
  allowInstallers?: boolean;
}

/** How long a client should wait before asking again when the identity provider's keys could not be fetched. */
const ISSUER_RETRY_AFTER_S = 30;

/**
 * RFC 6750 §3's challenge: bare without a token; with a refused one, `error="invalid_token"`, the reason in words
 * (`error_description`) and as a code (`reason`, an extension parameter the web app reads to tell a set-up fault
 * from an expired token). A quoted-string holds no `"` or `\` and only printable ASCII (RFC 6750 §3).
 */
function bearerChallenge(refusal?: { reason: TokenRefusalReason; description: string }): string {
  if (!refusal) return 'Bearer realm="gridlens"';
  const quoted = (text: string) => `"${text.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, "'").slice(0, 400)}"`;
  return `Bearer realm="gridlens", error="invalid_token", error_description=${quoted(refusal.description)}, reason=${quoted(refusal.reason)}`;
}

/**
 * Adds `requireTenantUser` as an onRequest hook for every route registered in this scope:
 * 401 without a valid bearer token (with a WWW-Authenticate challenge saying why, and the reason logged); 503 when
 * the identity provider's keys cannot be fetched; 403 when the Tenant header differs from the token's tenant, when
 * the tenant is unknown, when the user has no role, or when the user is Installer-only (spec §6) unless
 * `allowInstallers` says otherwise.
 */
export function registerTenantAuth(app: FastifyInstance, options: AuthOptions): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request, reply) => {
    // Answers about a user's data are for that user alone: no browser or proxy cache keeps them (the image bytes
    // included).
    void reply.header('cache-control', 'no-store');
    request.principal = await authenticate(request, reply, options);
  });
}

async function verified(request: FastifyRequest, reply: FastifyReply, { verifyToken, refusals }: AuthOptions): Promise<Principal> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) {
    void reply.header('www-authenticate', bearerChallenge());
    throw new HttpError(401, 'unauthorized', 'A bearer token is required');
  }
  try {
    return await verifyToken(match[1], request);
  } catch (error) {
    if (error instanceof InvalidTokenError) {
      refusals.record(error);
      void reply.header('www-authenticate', bearerChallenge(error));
      throw new HttpError(401, 'unauthorized', error.description);
    }
    if (error instanceof IssuerUnavailableError) {
      refusals.record({ reason: 'issuer_unavailable', description: error.message });
      void reply.header('retry-after', String(ISSUER_RETRY_AFTER_S));
      throw new HttpError(503, 'identity_provider_unavailable', `The identity provider's keys could not be fetched: ${error.message}`);
    }
    throw error;
  }
}

async function authenticate(request: FastifyRequest, reply: FastifyReply, options: AuthOptions): Promise<TenantPrincipal> {
  const { tenantExists, allowInstallers = false } = options;
  const principal = await verified(request, reply, options);
  const tenantHeader = request.headers['tenant'];
  if (!principal.tenantId || tenantHeader !== principal.tenantId) {
    throw new HttpError(403, 'forbidden', 'The Tenant header must equal the tenant of the signed-in user');
  }
  // A report render ticket reads the report's page and changes nothing (render-tickets.ts).
  if (principal.readOnly && request.method !== 'GET' && request.method !== 'HEAD') {
    throw new HttpError(403, 'forbidden', 'A report render ticket may only read');
  }
  const access = portalAccess(principal.roles);
  if (access === 'none') throw new HttpError(403, 'forbidden', 'Your account has no role in this portal');
  if (access === 'installer' && !allowInstallers) {
    throw new HttpError(403, 'forbidden', 'Installer accounts have no access to portal data');
  }
  if (!(await tenantExists(principal.tenantId))) {
    options.unknownTenants.record(principal.tenantId);
    throw new HttpError(403, 'unknown_tenant', 'Your organisation is not set up in this portal');
  }
  return { ...principal, tenantId: principal.tenantId };
}

/** The verified principal inside a handler of the authenticated scope. */
export function tenantPrincipal(request: FastifyRequest): TenantPrincipal {
  if (!request.principal) throw new HttpError(401, 'unauthorized', 'A bearer token is required');
  return request.principal;
}
