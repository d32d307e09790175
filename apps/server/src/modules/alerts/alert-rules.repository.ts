import type { RecipientBody } from '@gridlens/contract/alerts';
import type { AlertOperator, PowerAlertField } from '@gridlens/domain/alerts/power-alert-rules';
import type { TrackingAlertField } from '@gridlens/domain/alerts/tracking-alert-rules';
import type { LocationType } from '@gridlens/domain/tracking/enumerations';
import type { Queryable } from '../../db/database';
import type { AlertKind, EvaluatedRule, EvaluatedTrackingRule } from './alert-rule-types';
import { ruleSetOf, type RuleSet } from './rule-set';

/** A rule as stored, of either kind; the kinds' services narrow the fields to their own vocabularies. */
export interface AlertRuleRow {
  id: string;
  device_id: string | null;
  device_type: string | null;
  trigger_field: PowerAlertField | TrackingAlertField;
  trigger_operator: AlertOperator;
  trigger_value: number | null;
  location_id: string | null;
  location_type: LocationType | null;
  location_name: string | null;
  notify_on_clear: boolean;
  recipient_count: number;
  active_count: number;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface RecipientRow {
  id: string;
  alert_id: string;
  name: string;
  email: string;
  nickname: string | null;
}

/** A rule as the API takes it (power rules have no location columns). */
export interface StoredRule {
  device_id: string | null;
  device_type: string | null;
  trigger_field: string;
  trigger_operator: AlertOperator;
  trigger_value: number | null;
  location_id?: string | null;
  location_type?: LocationType | null;
  notify_on_clear: boolean;
}

const RULE_COLUMNS = `r.id, r.device_id, r.device_type, r.trigger_field, r.trigger_operator, r.trigger_value, r.location_id, r.location_type,
  p.full_name AS location_name, r.notify_on_clear, r.created_at, r.updated_at,
  (SELECT count(*)::int FROM alert_recipients x WHERE x.alert_id = r.id) AS recipient_count,
  (SELECT count(*)::int FROM alert_occurrences o WHERE o.alert_id = r.id AND o.cleared_at IS NULL) AS active_count`;
const RULE_FROM = 'alert_rules r LEFT JOIN locations p ON p.tenant_id = r.tenant_id AND p.location_id = r.location_id';

/**
 * A loader of a tenant's rules of one kind, indexed for evaluation (read with the ingest transaction's
 * connection). Power rules leave the location columns null.
 */
export const rulesForEvaluation =
  <R extends EvaluatedRule | EvaluatedTrackingRule>(kind: AlertKind) =>
  async (q: Queryable, tenantId: string): Promise<RuleSet<R>> =>
    ruleSetOf(
      await q.query<R>(
        `SELECT id, device_id, device_type, trigger_field, trigger_operator, trigger_value, location_id, location_type, notify_on_clear
           FROM alert_rules WHERE tenant_id = $1 AND kind = $2`,
        [tenantId, kind],
      ),
    );

/** Alert rules and their recipients; every statement is scoped by the caller's tenant and the rules' kind. */
export function createAlertRulesRepository(db: Queryable) {
  return {
    list(tenantId: string, kind: AlertKind): Promise<AlertRuleRow[]> {
      return db.query<AlertRuleRow>(
        `SELECT ${RULE_COLUMNS} FROM ${RULE_FROM} WHERE r.tenant_id = $1 AND r.kind = $2 ORDER BY r.created_at, r.id`,
        [tenantId, kind],
      );
    },

    async find(tenantId: string, kind: AlertKind, id: string): Promise<AlertRuleRow | null> {
      const [row] = await db.query<AlertRuleRow>(
        `SELECT ${RULE_COLUMNS} FROM ${RULE_FROM} WHERE r.tenant_id = $1 AND r.kind = $2 AND r.id = $3`,
        [tenantId, kind, id],
      );
      return row ?? null;
    },

    async insert(tenantId: string, kind: AlertKind, rule: StoredRule, userId: string): Promise<string> {
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO alert_rules (tenant_id, kind, device_id, device_type, trigger_field, trigger_operator, trigger_value, notify_on_clear, created_by,
                                  location_id, location_type)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [
          tenantId,
          kind,
          rule.device_id,
          rule.device_type,
          rule.trigger_field,
          rule.trigger_operator,
          rule.trigger_value,
          rule.notify_on_clear,
          userId,
          rule.location_id ?? null,
          rule.location_type ?? null,
        ],
      );
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      return row.id;
    },

    /** Replaces a rule; false when the tenant has no such rule. */
    async update(tenantId: string, kind: AlertKind, id: string, rule: StoredRule): Promise<boolean> {
      const rows = await db.query(
        `UPDATE alert_rules SET device_id = $4, device_type = $5, trigger_field = $6, trigger_operator = $7, trigger_value = $8,
                notify_on_clear = $9, location_id = $10, location_type = $11, updated_at = now()
          WHERE tenant_id = $1 AND kind = $2 AND id = $3 RETURNING id`,
        [
          tenantId,
          kind,
          id,
          rule.device_id,
          rule.device_type,
          rule.trigger_field,
          rule.trigger_operator,
          rule.trigger_value,
          rule.notify_on_clear,
          rule.location_id ?? null,
          rule.location_type ?? null,
        ],
      );
      return rows.length > 0;
    },

    /** Deletes a rule with its recipients and occurrences; false when the tenant has no such rule. */
    async remove(tenantId: string, kind: AlertKind, id: string): Promise<boolean> {
      const rows = await db.query(`DELETE FROM alert_rules WHERE tenant_id = $1 AND kind = $2 AND id = $3 RETURNING id`, [
        tenantId,
        kind,
        id,
      ]);
      return rows.length > 0;
    },

    recipients(tenantId: string, alertId: string): Promise<RecipientRow[]> {
      return db.query<RecipientRow>(
        `SELECT id, alert_id, name, email, nickname FROM alert_recipients WHERE tenant_id = $1 AND alert_id = $2 ORDER BY created_at, id`,
        [tenantId, alertId],
      );
    },

    async addRecipient(tenantId: string, alertId: string, recipient: Required<RecipientBody>): Promise<RecipientRow> {
      const [row] = await db.query<RecipientRow>(
        `INSERT INTO alert_recipients (tenant_id, alert_id, name, email, nickname) VALUES ($1, $2, $3, $4, $5)
         RETURNING id, alert_id, name, email, nickname`,
        [tenantId, alertId, recipient.name, recipient.email, recipient.nickname],
      );
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      return row;
    },

    async removeRecipient(tenantId: string, alertId: string, recipientId: string): Promise<boolean> {
      const rows = await db.query(`DELETE FROM alert_recipients WHERE tenant_id = $1 AND alert_id = $2 AND id = $3 RETURNING id`, [
        tenantId,
        alertId,
        recipientId,
      ]);
      return rows.length > 0;
    },

    /** Tenants with tracking rules judged on time passing (no message, static): the timer job's work list. */
    /** How many of the tenant's rules watch a POI (which may then not be deleted). */
    async countWatching(tenantId: string, locationId: string): Promise<number> {
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_rules WHERE tenant_id = $1 AND location_id = $2', [
        tenantId,
        locationId,
      ]);
      return row?.n ?? 0;
    },
    async tenantsWithTimerRules(): Promise<string[]> {
      const rows = await db.query<{ tenant_id: string }>(
        `SELECT DISTINCT tenant_id FROM alert_rules WHERE kind = 'tracking' AND trigger_field IN ('no_message', 'static') ORDER BY tenant_id`,
      );
      return rows.map((r) => r.tenant_id);
    },
  };
}

export type AlertRulesRepository = ReturnType<typeof createAlertRulesRepository>;
