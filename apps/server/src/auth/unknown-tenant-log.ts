import type { FastifyBaseLogger } from 'fastify';

/** Past this many tenants remembered, the memory starts again (tenant ids come only from verified tokens). */
const REMEMBERED_TENANTS_MAX = 1000;

/**
 * Logs, once per tenant and process, that a signed-in user's tenant is not in the tenants table (issue 28): the user
 * is refused ('unknown_tenant') and the operator needs to add it (`npm run tenant -- add`). One line per tenant, not
 * per request: the web app asks again on every screen.
 */
export function createUnknownTenantLog(log: Pick<FastifyBaseLogger, 'warn'>) {
  const logged = new Set<string>();
  return {
    record(tenantId: string): void {
      if (logged.has(tenantId)) return;
      if (logged.size >= REMEMBERED_TENANTS_MAX) logged.clear();
      logged.add(tenantId);
      log.warn(
        { tenant: tenantId },
        `a signed-in user's tenant "${tenantId}" is not set up in this portal; its users are refused until it is added (npm run tenant -- add)`,
      );
    },
  };
}
export type UnknownTenantLog = ReturnType<typeof createUnknownTenantLog>;
