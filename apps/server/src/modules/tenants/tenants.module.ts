import type { Queryable } from '../../db/database';
import { STATIC_AFTER_HOURS_DEFAULT } from '@gridlens/domain/tracking/movement';
import { DEMO_TENANTS } from './demo-tenants';
import { createTenantLookup } from './tenant-cache';
import { changeTenant } from './tenant-change';
import type { TenantChange } from './tenant-input';
import { createTenantsRepository } from './tenants.repository';

/**
 * Tenants: who exists (through a short-lived cache, for every authenticated request and MQTT topic), their kind,
 * calendar and Static period, and the demo set. The module graph makes it once, so a process keeps one cache of each.
 */
export function createTenantsModule({ db }: { db: Queryable }) {
  const repository = createTenantsRepository(db);
  const findTenant = createTenantLookup(repository);
  const zones = new Map<string, string>();
  return {
    name: 'tenants',
    /** The tenants table changed in another process (the change feed): what this process kept of it is read again. */
    cachedTables: { tenants: () => findTenant.forget() },
    findTenant: (tenantId: string) => findTenant(tenantId),
    /** The tenant's administrators' change (name, tabs, email language), validated against the tenant's type. */
    async changeTenant(tenantId: string, change: TenantChange) {
      const outcome = await changeTenant(repository, tenantId, change);
      if ('tenant' in outcome) findTenant.remember(outcome.tenant);
      return outcome;
    },
    tenantExists: async (tenantId: string) => (await findTenant(tenantId)) !== null,
    /** Whether a tenant keeps power data (its type): the power-data endpoints answer 404 to any other (a tracking tenant). */
    keepsPowerData: async (tenantId: string) => (await findTenant(tenantId))?.type === 'powerdata',
    /**
     * The tenant's time zone (its calendar days), kept per process: a tenant's zone is set when it is created and
     * not changed through the portal (its daily rollups are keyed by its days). UTC for a tenant that does not exist,
     * not kept: a tenant added later (by another process, the operator's command) has its own zone at once.
     * Read with the caller's connection when given: the ingest path asks inside its transaction.
     */
    timeZoneOf: async (tenantId: string, q: Queryable = db): Promise<string> => {
      const known = zones.get(tenantId);
      if (known !== undefined) return known;
      const zone = await createTenantsRepository(q).timeZone(tenantId);
      if (zone === null) return 'UTC';
      zones.set(tenantId, zone);
      return zone;
    },
    /** The tenant's Static/Fluid period (spec §4), which tracking's devices read and an administrator sets. */
    movementPeriod: {
      read: async (tenantId: string) => (await repository.staticAfterHours(tenantId)) ?? STATIC_AFTER_HOURS_DEFAULT,
      write: (tenantId: string, hours: number) => repository.setStaticAfterHours(tenantId, hours),
    },
    /** Idempotent: adds the demo tenants that are missing and leaves existing rows (and any change to them) as they are. */
    async seedDemoTenants(): Promise<void> {
      for (const tenant of DEMO_TENANTS) await repository.insert(tenant);
    },
  };
}
export type TenantsModule = ReturnType<typeof createTenantsModule>;
export type FindTenant = TenantsModule['findTenant'];
export type { TenantRow } from './tenants.repository';
export type ChangeTenant = TenantsModule['changeTenant'];
export type TimeZoneOf = TenantsModule['timeZoneOf'];
export type TenantMovementPeriod = TenantsModule['movementPeriod'];
