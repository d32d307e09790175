import type { Queryable } from '../../db/database';
import type { SectionId } from '@gridlens/domain/sections';

export interface TenantRow {
  id: string;
  name: string;
  type: 'tracking' | 'powerdata';
  powerdata_type: string | null;
  tabs: { id: SectionId; label: string }[];
  language: string;
}

export function createTenantsRepository(db: Queryable) {
  return {
    async findById(tenantId: string): Promise<TenantRow | null> {
      const rows = await db.query<TenantRow>('SELECT id, name, type, powerdata_type, tabs, language FROM tenants WHERE id = $1', [
        tenantId,
      ]);
      return rows[0] ?? null;
    },
    async upsert(tenant: TenantRow): Promise<void> {
      await db.query(
        `INSERT INTO tenants (id, name, type, powerdata_type, tabs, language) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (id) DO NOTHING`,
        [tenant.id, tenant.name, tenant.type, tenant.powerdata_type, JSON.stringify(tenant.tabs), tenant.language],
      );
    },
  };
}
export type TenantsRepository = ReturnType<typeof createTenantsRepository>;
