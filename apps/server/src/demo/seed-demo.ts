import type { Queryable } from '../db/database';
import { createTenantsModule } from '../modules/tenants/tenants.module';

/** Idempotent: adds the demo tenants that are missing and leaves existing rows as they are. */
export async function seedDemoData(db: Queryable): Promise<void> {
  await createTenantsModule({ db }).seedDemoTenants();
}
