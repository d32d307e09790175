import type {
  ActiveAlertsPage,
  AlertHistory,
  PowerAlertRule,
  PowerAlertRuleBodySchema,
  Recipient,
  RecipientBodySchema,
} from '@gridlens/contract/alerts';
import type { z } from 'zod';
import { HttpError, notFound, validationError } from '../../http/http-error';
import type { TenantPrincipal } from '../../auth/auth.plugin';
import type { ActiveFilter, AlertOccurrencesRepository } from './alert-occurrences.repository';
import type { RuleCache } from './alert-rule-cache';
import type { AlertKind, AlertRuleRow, AlertRulesRepository, RecipientRow } from './alert-rules.repository';

type RuleBody = z.output<typeof PowerAlertRuleBodySchema>;
type RecipientBody = z.output<typeof RecipientBodySchema>;

interface Deps {
  rules: AlertRulesRepository;
  occurrences: AlertOccurrencesRepository;
  cache: RuleCache;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function ruleOf(row: AlertRuleRow): PowerAlertRule {
  return {
    alert_id: row.id,
    device_id: row.device_id,
    device_type: row.device_type,
    trigger_field: row.trigger_field,
    trigger_operator: row.trigger_operator,
    trigger_value: row.trigger_value,
    notify_on_clear: row.notify_on_clear,
    recipient_count: row.recipient_count,
    active_count: row.active_count,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const recipientOf = (row: RecipientRow): Recipient => ({
  recipient_id: row.id,
  alert_id: row.alert_id,
  name: row.name,
  email: row.email,
  nickname: row.nickname,
});

/**
 * Power-data alert rules, their recipients and their occurrences. Another tenant's rule, recipient or occurrence
 * answers 404, as an unknown one does.
 */
export function createAlertsService({ rules, occurrences, cache }: Deps) {
  const kind: AlertKind = 'powerdata';

  const requireRule = async (tenantId: string, id: string) => {
    const row = await rules.find(tenantId, kind, id);
    if (!row) throw notFound('Alert');
    return row;
  };
  const requireOccurrence = async (tenantId: string, occurrenceId: string) => {
    if (!(await occurrences.exists(tenantId, kind, occurrenceId))) throw notFound('Alert');
  };
  const checkDevice = async (tenantId: string, body: RuleBody) => {
    if (body.device_id !== null && !(await rules.deviceExists(tenantId, body.device_id)))
      throw validationError([{ field: 'device_id', message: 'No device with this id' }]);
  };

  return {
    async list(tenantId: string): Promise<PowerAlertRule[]> {
      return (await rules.list(tenantId, kind)).map(ruleOf);
    },
    async get(tenantId: string, id: string): Promise<PowerAlertRule> {
      return ruleOf(await requireRule(tenantId, id));
    },
    async create(principal: TenantPrincipal, body: RuleBody): Promise<PowerAlertRule> {
      await checkDevice(principal.tenantId, body);
      const id = await rules.insert(principal.tenantId, kind, body, principal.userId);
      cache.invalidate(principal.tenantId);
      return ruleOf(await requireRule(principal.tenantId, id));
    },
    async update(tenantId: string, id: string, body: RuleBody): Promise<PowerAlertRule> {
      await requireRule(tenantId, id);
      await checkDevice(tenantId, body);
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

    async active(tenantId: string, filter: ActiveFilter, page: number, pageSize: number): Promise<ActiveAlertsPage> {
      const rows = await occurrences.activePage(tenantId, kind, filter, pageSize, (page - 1) * pageSize);
      const total = rows[0]?.total ?? (page > 1 ? await occurrences.countActive(tenantId, kind, filter) : 0);
      return {
        items: rows.map((row) => ({
          occurrence_id: row.occurrence_id,
          alert_id: row.alert_id,
          device_id: row.device_id,
          full_name: row.full_name ?? row.device_id,
          trigger_field: row.trigger_field,
          trigger_operator: row.trigger_operator,
          trigger_value: row.trigger_value,
          actual_value: row.actual_value,
          trigger_date: iso(row.triggered_at),
          state: row.acknowledged_at === null ? 'active' : 'acknowledged',
          acknowledged_by: row.acknowledged_by_name,
          acknowledged_at: row.acknowledged_at === null ? null : iso(row.acknowledged_at),
        })),
        page,
        page_size: pageSize,
        total,
      };
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
        events: events.map((e) => ({ kind: e.kind, at: iso(e.at), value: e.value, user_name: e.user_name, text: e.text })),
      };
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
