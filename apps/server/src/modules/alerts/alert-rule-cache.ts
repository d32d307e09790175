import type { Queryable } from '../../db/database';

/**
 * How long a process trusts its copy of a tenant's rules. A change made through this process is seen at once
 * (invalidate); one made through another API process within 2 s, which is shorter than any device's
 * reporting interval, so no message goes unjudged by a rule that existed when it arrived.
 */
export const RULE_CACHE_TTL_MS = 2_000;

/** Each tenant's rules of one kind, as `load` indexes them, read at most once per TTL per process. */
export function createRuleCache<R>(load: (db: Queryable, tenantId: string) => Promise<R>, now: () => number = Date.now) {
  const cached = new Map<string, { at: number; rules: R }>();
  return {
    async rulesOf(db: Queryable, tenantId: string): Promise<R> {
      const hit = cached.get(tenantId);
      if (hit && now() - hit.at < RULE_CACHE_TTL_MS) return hit.rules;
      const rules = await load(db, tenantId);
      cached.set(tenantId, { at: now(), rules });
      return rules;
    },
    invalidate(tenantId: string): void {
      cached.delete(tenantId);
    },
  };
}

export interface RuleCache {
  invalidate(tenantId: string): void;
}
