import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isInstallerOnly } from '@gridlens/domain/roles';
import { HttpError } from '../http/http-error';
import type { Principal } from './principal';
import { InvalidTokenError, type TokenVerifier } from './token-verifier';

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
  /**
   * Lets Installer-only users through (default false). Only the installer's device test sets it: it is the one
   * screen such users may use (spec §2 /checkcoverage), and its answer is about one device they are fitting.
   */
  allowInstallers?: boolean;
}

/**
 * Adds `requireTenantUser` as an onRequest hook for every route registered in this scope:
 * 401 without a valid bearer token; 403 when the Tenant header differs from the token's tenant,
 * when the tenant is unknown, or when the user is Installer-only (spec §6) unless `allowInstallers` says otherwise.
 */
export function registerTenantAuth(app: FastifyInstance, options: AuthOptions): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request, reply) => {
    // Answers about a user's data are for that user alone: no browser or proxy cache keeps them (a route may
    // still choose its own caching, as the image bytes do).
    void reply.header('cache-control', 'no-store');
    request.principal = await authenticate(request, options);
  });
}

async function authenticate(
  request: FastifyRequest,
  { verifyToken, tenantExists, allowInstallers = false }: AuthOptions,
): Promise<TenantPrincipal> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new HttpError(401, 'unauthorized', 'A bearer token is required');
  let principal: Principal;
  try {
    principal = await verifyToken(match[1], request);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw new HttpError(401, 'unauthorized', 'The bearer token is not valid');
    throw error;
  }
  const tenantHeader = request.headers['tenant'];
  if (!principal.tenantId || tenantHeader !== principal.tenantId) {
    throw new HttpError(403, 'forbidden', 'The Tenant header must equal the tenant of the signed-in user');
  }
  if (!allowInstallers && isInstallerOnly(principal.roles)) {
    throw new HttpError(403, 'forbidden', 'Installer accounts have no access to portal data');
  }
  if (!(await tenantExists(principal.tenantId))) {
    throw new HttpError(403, 'unknown_tenant', 'Your organisation is not set up in this portal');
  }
  return { ...principal, tenantId: principal.tenantId };
}

/** The verified principal inside a handler of the authenticated scope. */
export function tenantPrincipal(request: FastifyRequest): TenantPrincipal {
  if (!request.principal) throw new HttpError(401, 'unauthorized', 'A bearer token is required');
  return request.principal;
}
