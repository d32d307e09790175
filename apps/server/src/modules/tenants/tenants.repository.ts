import type { Queryable } from '../../db/database';
import type { SectionId } from '@gridlens/domain/sections';

export interface TenantRow {
  id: string;
  name: string;
  type: 'tracking' | 'powerdata';
  powerdata_type: string | null;
  tabs: { id: SectionId; label: string }[];
  language: string;
  /** IANA time zone of the tenant's calendar days (migration 0012). */
  time_zone: string;
}

export function createTenantsRepository(db: Queryable) {
  return {
    async findById(tenantId: string): Promise<TenantRow | null> {
      const rows = await db.query<TenantRow>(
        'SELECT id, name, type, powerdata_type, tabs, language, time_zone FROM tenants WHERE id = $1',
        [tenantId],
      );
      return rows[0] ?? null;
    },
    /** The tenant's time zone, or null when there is no such tenant. */
    async timeZone(tenantId: string): Promise<string | null> {
      const rows = await db.query<{ time_zone: string }>('SELECT time_zone FROM tenants WHERE id = $1', [tenantId]);
      return rows[0]?.time_zone ?? null;
    },
    /** Spec §4 asset movement: hours in one place after which an asset is Static; null when there is no such tenant. */
    async staticAfterHours(tenantId: string): Promise<number | null> {
      const rows = await db.query<{ hours: number }>('SELECT static_after_hours AS hours FROM tenants WHERE id = $1', [tenantId]);
      return rows[0]?.hours ?? null;
    },
    async setStaticAfterHours(tenantId: string, hours: number): Promise<void> {
      await db.query('UPDATE tenants SET static_after_hours = $2 WHERE id = $1', [tenantId, hours]);
    },
    async upsert(tenant: Omit<TenantRow, 'time_zone'>): Promise<void> {
      await db.query(
        `INSERT INTO tenants (id, name, type, powerdata_type, tabs, language) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (id) DO NOTHING`,
        [tenant.id, tenant.name, tenant.type, tenant.powerdata_type, JSON.stringify(tenant.tabs), tenant.language],
      );
    },
  };
}
export type TenantsRepository = ReturnType<typeof createTenantsRepository>;
