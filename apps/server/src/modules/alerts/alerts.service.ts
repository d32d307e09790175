import type { AlertHistory, Recipient, RecipientBodySchema } from '@gridlens/contract/alerts';
import type { z } from 'zod';
import { HttpError, notFound, validationError } from '../../http/http-error';
import { isoOf } from '../../http/iso-timestamp';
import type { TenantPrincipal } from '../../auth/auth.plugin';
import type { ActiveAlertRow, ActiveFilter, AlertOccurrencesRepository } from './alert-occurrences.repository';
import type { RuleCache } from './alert-rule-cache';
import type { AlertKind } from './alert-rule-types';
import type { AlertRuleRow, AlertRulesRepository, RecipientRow, StoredRule } from './alert-rules.repository';

type RecipientBody = z.output<typeof RecipientBodySchema>;

/** What differs between power-data and tracking alerts: the API shapes, and what a rule may refer to. */
export interface AlertKindAdapter<Rule, Active, Body extends StoredRule> {
  kind: AlertKind;
  ruleOf: (row: AlertRuleRow) => Rule;
  activeOf: (row: ActiveAlertRow) => Active;
  /** Problems the schema cannot see: whether the rule's device (and POI) exist in the tenant. */
  targetProblems: (tenantId: string, body: Body) => Promise<{ field: string; message: string }[]>;
}

interface Deps<Rule, Active, Body extends StoredRule> {
  adapter: AlertKindAdapter<Rule, Active, Body>;
  rules: AlertRulesRepository;
  occurrences: AlertOccurrencesRepository;
  cache: RuleCache;
}

const recipientOf = (row: RecipientRow): Recipient => ({
  recipient_id: row.id,
  alert_id: row.alert_id,
  name: row.name,
  email: row.email,
  nickname: row.nickname,
});

/**
 * Alert rules of one kind (power data or tracking), their recipients and their occurrences. Another tenant's
 * rule, recipient or occurrence answers 404, as an unknown one does, and so does one of the other kind.
 */
export function createAlertsService<Rule, Active, Body extends StoredRule>({
  adapter,
  rules,
  occurrences,
  cache,
}: Deps<Rule, Active, Body>) {
  const { kind, ruleOf } = adapter;

  const requireRule = async (tenantId: string, id: string) => {
    const row = await rules.find(tenantId, kind, id);
    if (!row) throw notFound('Alert');
    return row;
  };
  const requireOccurrence = async (tenantId: string, occurrenceId: string) => {
    if (!(await occurrences.exists(tenantId, kind, occurrenceId))) throw notFound('Alert');
  };
  const checkTargets = async (tenantId: string, body: Body) => {
    const problems = await adapter.targetProblems(tenantId, body);
    if (problems.length > 0) throw validationError(problems);
  };

  return {
    async list(tenantId: string): Promise<Rule[]> {
      return (await rules.list(tenantId, kind)).map(ruleOf);
    },
    async get(tenantId: string, id: string): Promise<Rule> {
      return ruleOf(await requireRule(tenantId, id));
    },
    async create(principal: TenantPrincipal, body: Body): Promise<Rule> {
      await checkTargets(principal.tenantId, body);
      const id = await rules.insert(principal.tenantId, kind, body, principal.userId);
      cache.invalidate(principal.tenantId);
      return ruleOf(await requireRule(principal.tenantId, id));
    },
    async update(tenantId: string, id: string, body: Body): Promise<Rule> {
      await requireRule(tenantId, id);
      await checkTargets(tenantId, body);
      if (!(await rules.update(tenantId, kind, id, body))) throw notFound('Alert');
      cache.invalidate(tenantId);
      return ruleOf(await requireRule(tenantId, id));
    },
    async remove(tenantId: string, id: string): Promise<void> {
      if (!(await rules.remove(tenantId, kind, id))) throw notFound('Alert');
      cache.invalidate(tenantId);
    },

    async recipients(tenantId: string, alertId: string): Promise<Recipient[]> {
      await requireRule(tenantId, alertId);
      return (await rules.recipients(tenantId, alertId)).map(recipientOf);
    },
    async addRecipient(tenantId: string, alertId: string, body: RecipientBody): Promise<Recipient> {
      await requireRule(tenantId, alertId);
      return recipientOf(await rules.addRecipient(tenantId, alertId, body));
    },
    async removeRecipient(tenantId: string, alertId: string, recipientId: string): Promise<void> {
      await requireRule(tenantId, alertId);
      if (!(await rules.removeRecipient(tenantId, alertId, recipientId))) throw notFound('Recipient');
    },

    async active(
      tenantId: string,
      filter: ActiveFilter,
      page: number,
      pageSize: number,
    ): Promise<{ items: Active[]; page: number; page_size: number; total: number }> {
      const rows = await occurrences.activePage(tenantId, kind, filter, pageSize, (page - 1) * pageSize);
      const total = rows[0]?.total ?? (page > 1 ? await occurrences.countActive(tenantId, kind, filter) : 0);
      return { items: rows.map(adapter.activeOf), page, page_size: pageSize, total };
    },

    /** Acknowledging twice, or an alert that has cleared, answers 409: the screen is out of date. */
    async acknowledge(principal: TenantPrincipal, occurrenceId: string): Promise<void> {
      await requireOccurrence(principal.tenantId, occurrenceId);
      if (!(await occurrences.acknowledge(principal.tenantId, occurrenceId, principal.userId, principal.name)))
        throw new HttpError(409, 'conflict', 'This alert has already been acknowledged or has cleared');
    },
    async comment(principal: TenantPrincipal, occurrenceId: string, text: string): Promise<void> {
      await requireOccurrence(principal.tenantId, occurrenceId);
      await occurrences.addComment(principal.tenantId, occurrenceId, principal.userId, principal.name, text);
    },
    async history(tenantId: string, occurrenceId: string): Promise<AlertHistory> {
      await requireOccurrence(tenantId, occurrenceId);
      const events = await occurrences.history(tenantId, occurrenceId);
      return {
        occurrence_id: occurrenceId,
        events: events.map((e) => ({ kind: e.kind, at: isoOf(e.at), value: e.value, user_name: e.user_name, text: e.text })),
      };
    },
  };
}

/** The service as the routes use it, whatever the kind. */
export type AlertsService<Rule, Active, Body extends StoredRule> = ReturnType<typeof createAlertsService<Rule, Active, Body>>;
