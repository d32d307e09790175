import type { Queryable } from '../../db/database';
import { STATIC_AFTER_HOURS_DEFAULT } from '@gridlens/domain/tracking/movement';
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
    keepsPowerData: keepsPowerDataOf(findTenant),
    /** The tenant's time zone (its calendar days); see tenantTimeZones. */
    timeZoneOf: tenantTimeZones(db),
    /** Idempotent: adds the demo tenants that are missing and leaves existing rows as they are. */
    async seedDemoTenants(): Promise<void> {
      for (const tenant of DEMO_TENANTS) await repository.upsert(tenant);
    },
  };
}
export type FindTenant = ReturnType<typeof createTenantLookup>;

/** Whether a tenant keeps power data (its type): the power-data endpoints answer 404 to any other (a tracking tenant). */
export function keepsPowerDataOf(findTenant: FindTenant): (tenantId: string) => Promise<boolean> {
  return async (tenantId) => (await findTenant(tenantId))?.type === 'powerdata';
}

/**
 * A reader of tenants' time zones, kept per process: a tenant's zone is set when it is created and not changed
 * through the portal (its daily rollups are keyed by its days). UTC for a tenant that does not exist.
 */
export function tenantTimeZones(db: Queryable): (tenantId: string, q?: Queryable) => Promise<string> {
  const zones = new Map<string, string>();
  return async (tenantId, q = db) => {
    const known = zones.get(tenantId);
    if (known !== undefined) return known;
    // Read with the caller's connection: the ingest path asks inside its transaction.
    const zone = (await createTenantsRepository(q).timeZone(tenantId)) ?? 'UTC';
    zones.set(tenantId, zone);
    return zone;
  };
}
export type TimeZoneOf = ReturnType<typeof tenantTimeZones>;

/** The tenant's Static/Fluid period (spec §4), which tracking's devices read and an administrator sets. */
export function tenantMovementPeriod(db: Queryable) {
  const repository = createTenantsRepository(db);
  return {
    read: async (tenantId: string) => (await repository.staticAfterHours(tenantId)) ?? STATIC_AFTER_HOURS_DEFAULT,
    write: (tenantId: string, hours: number) => repository.setStaticAfterHours(tenantId, hours),
  };
}
export type TenantMovementPeriod = ReturnType<typeof tenantMovementPeriod>;
