import type { Queryable } from '../../db/database';
import { ruleSetOf, type EvaluatedRule, type RuleSet } from './alert-evaluation';

/**
 * How long a process trusts its copy of a tenant's rules. A change made through this process is seen at once
 * (invalidate); one made through another API process within 2 s, which is shorter than any monitor's
 * reporting interval, so no reading goes unjudged by a rule that existed when it arrived.
 */
export const RULE_CACHE_TTL_MS = 2_000;

/** Each tenant's power-data rules, indexed for evaluation, read at most once per TTL per process. */
export function createRuleCache(now: () => number = Date.now) {
  const cached = new Map<string, { at: number; rules: RuleSet }>();
  return {
    async rulesOf(db: Queryable, tenantId: string): Promise<RuleSet> {
      const hit = cached.get(tenantId);
      if (hit && now() - hit.at < RULE_CACHE_TTL_MS) return hit.rules;
      const rows = await db.query<EvaluatedRule>(
        `SELECT id, device_id, device_type, trigger_field, trigger_operator, trigger_value, notify_on_clear
           FROM alert_rules WHERE tenant_id = $1 AND kind = 'powerdata'`,
        [tenantId],
      );
      const rules = ruleSetOf(rows);
      cached.set(tenantId, { at: now(), rules });
      return rules;
    },
    invalidate(tenantId: string): void {
      cached.delete(tenantId);
    },
  };
}

export type RuleCache = ReturnType<typeof createRuleCache>;
