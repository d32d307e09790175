import type { Queryable } from '../../db/database';
import { DEMO_TENANTS } from './demo-tenants';
import { createTenantLookup } from './tenant-cache';
import { createTenantsRepository } from './tenants.repository';

/** Tenants: who exists (through a short-lived cache, for every authenticated request and MQTT topic) and the demo set. */
export function createTenantsModule({ db }: { db: Queryable }) {
  const repository = createTenantsRepository(db);
  const findTenant = createTenantLookup(repository);
  return {
    name: 'tenants',
    findTenant,
    tenantExists: async (tenantId: string) => (await findTenant(tenantId)) !== null,
    /** Idempotent: adds the demo tenants that are missing and leaves existing rows as they are. */
    async seedDemoTenants(): Promise<void> {
      for (const tenant of DEMO_TENANTS) await repository.upsert(tenant);
    },
  };
}
export type FindTenant = ReturnType<typeof createTenantsModule>['findTenant'];
