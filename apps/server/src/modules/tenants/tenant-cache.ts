import type { TenantRow, TenantsRepository } from './tenants.repository';

const TENANT_CACHE_TTL_MS = 30_000;

/**
 * Every authenticated request asks whether its tenant exists; a short cache keeps that off the
 * database. 30 s means a tenant added or removed takes effect within half a minute.
 */
export function createTenantLookup(repository: TenantsRepository, now: () => number = Date.now) {
  const cache = new Map<string, { row: TenantRow | null; expiresAt: number }>();
  return async (tenantId: string): Promise<TenantRow | null> => {
    const hit = cache.get(tenantId);
    if (hit && hit.expiresAt > now()) return hit.row;
    const row = await repository.findById(tenantId);
    cache.set(tenantId, { row, expiresAt: now() + TENANT_CACHE_TTL_MS });
    return row;
  };
}
export type TenantLookup = ReturnType<typeof createTenantLookup>;
