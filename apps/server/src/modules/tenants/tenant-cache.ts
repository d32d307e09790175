import type { TenantRow, TenantsRepository } from './tenants.repository';

const TENANT_CACHE_TTL_MS = 30_000;

/**
 * Every authenticated request asks whether its tenant exists; a short cache keeps that off the database. A change
 * made through this process's API takes effect here at once; one made elsewhere (the operator's command, another
 * process) as soon as the change feed says so (`forget`, on PostgreSQL), and within the 30 s TTL at worst.
 */
export function createTenantLookup(repository: TenantsRepository, now: () => number = Date.now) {
  const cache = new Map<string, { row: TenantRow | null; expiresAt: number }>();
  const find = async (tenantId: string): Promise<TenantRow | null> => {
    const hit = cache.get(tenantId);
    if (hit && hit.expiresAt > now()) return hit.row;
    const row = await repository.findById(tenantId);
    cache.set(tenantId, { row, expiresAt: now() + TENANT_CACHE_TTL_MS });
    return row;
  };
  /** A tenant changed in this process: its next lookup here reads it again (the other processes within the TTL). */
  const remember = (row: TenantRow) => cache.set(row.id, { row, expiresAt: now() + TENANT_CACHE_TTL_MS });
  /** Another process changed a tenant: every lookup reads it again. */
  const forget = () => cache.clear();
  return Object.assign(find, { remember, forget });
}
export type TenantLookup = ReturnType<typeof createTenantLookup>;
