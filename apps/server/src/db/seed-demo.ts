import type { Queryable } from './database';
import { DEMO_TENANTS } from '../modules/tenants/demo-tenants';
import { createTenantsRepository } from '../modules/tenants/tenants.repository';

/** Idempotent: adds the demo tenants that are missing and leaves existing rows as they are. */
export async function seedDemoData(db: Queryable): Promise<void> {
  const tenants = createTenantsRepository(db);
  for (const tenant of DEMO_TENANTS) await tenants.upsert(tenant);
}
