/**
 * Finished (and running) fleet analyses per tenant, keyed by everything they were computed from: the EV and HP
 * models, the day type, the days the base-load days are chosen from (up to the tenant's newest data day) and its
 * device registry version. A new data day, a midnight or a device edit changes the key, so a stale analysis is never served; an edited model empties the tenant's entries
 * (`invalidate`, which the models' module calls). A running analysis is shared by every request that asks for it.
 */
export interface FleetCacheKey {
  evModel: string;
  hpModel: string;
  dayType: string;
  /** The days the base-load days are chosen from, `from/to`, or null before any data. */
  days: string | null;
  registryVersion: string;
}

/** Analyses kept per tenant: a planner compares a handful of model pairs, never hundreds. */
const ENTRIES_PER_TENANT = 8;

export function createFleetCache<T>() {
  const byTenant = new Map<string, Map<string, Promise<T>>>();
  const keyOf = (key: FleetCacheKey) => JSON.stringify([key.evModel, key.hpModel, key.dayType, key.days, key.registryVersion]);

  return {
    /** The analysis for the key: the kept one, or `compute`'s, kept unless it fails. */
    get(tenantId: string, key: FleetCacheKey, compute: () => Promise<T>): Promise<T> {
      let entries = byTenant.get(tenantId);
      if (!entries) byTenant.set(tenantId, (entries = new Map<string, Promise<T>>()));
      const id = keyOf(key);
      const kept = entries.get(id);
      if (kept) return kept;
      const computed = compute();
      entries.set(id, computed);
      if (entries.size > ENTRIES_PER_TENANT) entries.delete(entries.keys().next().value as string);
      const tenantEntries = entries;
      computed.catch(() => {
        if (tenantEntries.get(id) === computed) tenantEntries.delete(id);
      });
      return computed;
    },
    /** Forgets the tenant's analyses (a model of the tenant was edited or deleted). */
    invalidate(tenantId: string): void {
      byTenant.delete(tenantId);
    },
  };
}
