import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database';
import type {
  AlertEvent,
  AlertOccurrencesRepository,
  ClearedOccurrence,
  NewOccurrence,
  Notification,
} from './alert-occurrences.repository';

/** What recording a transition needs of its rule. */
export interface RuleRef {
  id: string;
  notify_on_clear: boolean;
}

const keyOf = (alertId: string, deviceId: string) => `${alertId}/${deviceId}`;

/**
 * The transitions one evaluation finds (power readings at ingest, tracking positions at ingest, the tracking
 * timer), kept in order, with the open occurrences as they stand after each, so a batch that raises and clears
 * an alert records both.
 */
export function createTransitionLog(
  open: readonly { id: string; alert_id: string; device_id: string }[],
  newId: () => string = randomUUID,
) {
  const openByKey = new Map(open.map((row) => [keyOf(row.alert_id, row.device_id), row.id]));
  const created = new Map<string, NewOccurrence>();
  const cleared: ClearedOccurrence[] = [];
  const events: AlertEvent[] = [];
  const ruleOf = new Map<string, RuleRef>();
  return {
    created,
    cleared,
    events,
    ruleOf,
    isOpen: (alertId: string, deviceId: string) => openByKey.has(keyOf(alertId, deviceId)),
    trigger(rule: RuleRef, deviceId: string, at: string, value: number | null, locationId: string | null = null): void {
      const id = newId();
      created.set(id, { id, alertId: rule.id, deviceId, value, locationId, triggeredAt: at, clearedAt: null, clearValue: null });
      ruleOf.set(id, rule);
      openByKey.set(keyOf(rule.id, deviceId), id);
      events.push({ occurrenceId: id, kind: 'triggered', at, value });
    },
    clear(rule: RuleRef, deviceId: string, at: string, value: number | null): void {
      const key = keyOf(rule.id, deviceId);
      const openId = openByKey.get(key);
      if (openId === undefined) return;
      const fresh = created.get(openId);
      if (fresh) Object.assign(fresh, { clearedAt: at, clearValue: value });
      else cleared.push({ id: openId, value, clearedAt: at });
      ruleOf.set(openId, rule);
      openByKey.delete(key);
      events.push({ occurrenceId: openId, kind: 'cleared', at, value });
    },
  };
}

export type TransitionLog = ReturnType<typeof createTransitionLog>;

/**
 * Writes a log's transitions with their history and outbox emails, in the caller's transaction.
 *
 * Clears first: a batch that clears an alert and raises it again opens the new occurrence only once the old one
 * is closed (one open occurrence per rule and device). An occurrence another process opened first for the same
 * rule and device is not ours to record.
 */
export async function saveTransitions(
  tx: Queryable,
  tenantId: string,
  occurrences: AlertOccurrencesRepository,
  log: TransitionLog,
): Promise<void> {
  if (log.events.length === 0) return;
  await occurrences.clearOccurrences(tx, tenantId, log.cleared);
  const inserted = await occurrences.insertOccurrences(tx, tenantId, [...log.created.values()]);
  const kept = (occurrenceId: string) => !log.created.has(occurrenceId) || inserted.has(occurrenceId);
  const recorded = log.events.filter((event) => kept(event.occurrenceId));
  await occurrences.insertEvents(tx, tenantId, recorded);

  const notified = recorded.filter((event) => event.kind === 'triggered' || log.ruleOf.get(event.occurrenceId)?.notify_on_clear === true);
  if (notified.length === 0) return;
  const alertIds = [...new Set(notified.map((event) => log.ruleOf.get(event.occurrenceId)?.id ?? ''))];
  const recipients = new Map<string, { name: string; email: string }[]>();
  for (const r of await occurrences.recipientsOf(tx, tenantId, alertIds)) {
    const list = recipients.get(r.alert_id);
    if (list) list.push(r);
    else recipients.set(r.alert_id, [r]);
  }
  const notifications: Notification[] = notified.flatMap((event) =>
    (recipients.get(log.ruleOf.get(event.occurrenceId)?.id ?? '') ?? []).map((r) => ({
      occurrenceId: event.occurrenceId,
      kind: event.kind,
      name: r.name,
      email: r.email,
    })),
  );
  await occurrences.enqueueNotifications(tx, tenantId, notifications);
}
