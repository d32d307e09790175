import type { Queryable } from '../../db/database';
import type { Language } from '@gridlens/domain/language';
import type { SectionId, TenantType } from '@gridlens/domain/sections';

export interface TenantRow {
  id: string;
  name: string;
  type: TenantType;
  powerdata_type: string | null;
  tabs: { id: SectionId; label: string }[];
  language: Language;
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
    /** Every tenant, by id (the operator's tenant command lists them). */
    async list(): Promise<TenantRow[]> {
      return db.query<TenantRow>('SELECT id, name, type, powerdata_type, tabs, language, time_zone FROM tenants ORDER BY id');
    },
    /** Adds a tenant; false (and nothing changed) when one of that id exists. */
    async insert(tenant: TenantRow): Promise<boolean> {
      const rows = await db.query<{ id: string }>(
        `INSERT INTO tenants (id, name, type, powerdata_type, tabs, language, time_zone) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [tenant.id, tenant.name, tenant.type, tenant.powerdata_type, JSON.stringify(tenant.tabs), tenant.language, tenant.time_zone],
      );
      return rows.length > 0;
    },
    /** Changes the given fields of a tenant (each left null stays as it is); the tenant as changed, null when there is none. */
    async update(
      tenantId: string,
      change: {
        name: string | null;
        powerdata_type: { value: string | null } | null;
        tabs: TenantRow['tabs'] | null;
        language: Language | null;
      },
    ): Promise<TenantRow | null> {
      const rows = await db.query<TenantRow>(
        `UPDATE tenants SET name = COALESCE($2, name),
           powerdata_type = CASE WHEN $3::boolean THEN $4 ELSE powerdata_type END,
           tabs = COALESCE($5::jsonb, tabs), language = COALESCE($6, language)
         WHERE id = $1 RETURNING id, name, type, powerdata_type, tabs, language, time_zone`,
        [
          tenantId,
          change.name,
          change.powerdata_type !== null,
          change.powerdata_type?.value ?? null,
          change.tabs ? JSON.stringify(change.tabs) : null,
          change.language,
        ],
      );
      return rows[0] ?? null;
    },
  };
}
export type TenantsRepository = ReturnType<typeof createTenantsRepository>;
