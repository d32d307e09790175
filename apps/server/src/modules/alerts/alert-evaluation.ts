import { randomUUID } from 'node:crypto';
import { alertFieldValue, alertTransition, type AlertOperator, type PowerAlertField } from '@gridlens/domain/alerts/power-alert-rules';
import type { Queryable } from '../../db/database';
import type { DerivedReading } from '../ingest/derived-reading';
import type { AfterStoreHook } from '../ingest/ingest.service';
import type {
  AlertEvent,
  AlertOccurrencesRepository,
  ClearedOccurrence,
  NewOccurrence,
  Notification,
} from './alert-occurrences.repository';

export interface EvaluatedRule {
  id: string;
  device_id: string | null;
  device_type: string | null;
  trigger_field: PowerAlertField;
  trigger_operator: AlertOperator;
  trigger_value: number;
  notify_on_clear: boolean;
}

/** A tenant's power-data rules, indexed for evaluation: by device, and those for every device. */
export interface RuleSet {
  byDevice: Map<string, EvaluatedRule[]>;
  everyDevice: EvaluatedRule[];
  /** Whether any rule for every device is limited to a mount type (then the batch's device types are read). */
  byType: boolean;
}

export const ruleSetOf = (rules: readonly EvaluatedRule[]): RuleSet => {
  const byDevice = new Map<string, EvaluatedRule[]>();
  const everyDevice: EvaluatedRule[] = [];
  for (const rule of rules) {
    if (rule.device_id === null) everyDevice.push(rule);
    else {
      const list = byDevice.get(rule.device_id);
      if (list) list.push(rule);
      else byDevice.set(rule.device_id, [rule]);
    }
  }
  return { byDevice, everyDevice, byType: everyDevice.some((rule) => rule.device_type !== null) };
};

interface Deps {
  occurrences: AlertOccurrencesRepository;
  /** The tenant's rules (cached by the caller), read with the transaction's connection. */
  rulesOf: (tx: Queryable, tenantId: string) => Promise<RuleSet>;
  newId?: () => string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The ingest hook that evaluates the tenant's power-data alert rules on every stored reading (HTTP and MQTT alike),
 * in the ingest transaction, so an alert and its emails exist exactly when the reading that caused them does.
 *
 * Readings are taken in time order per device; one older than the device's newest message from before the batch
 * (late or out of order) is stored and charted but not evaluated: alerts judge the present, and a late reading
 * must not clear, or raise again, an alert that newer readings decided. A re-sent message never reaches here
 * (duplicates are left out), so it cannot raise a second alert.
 */
export function createAlertEvaluator({ occurrences, rulesOf, newId = randomUUID }: Deps): AfterStoreHook {
  return async (tx, tenantId, stored) => {
    const rules = await rulesOf(tx, tenantId);
    if (rules.byDevice.size === 0 && rules.everyDevice.length === 0) return;
    const perDevice = new Map<string, DerivedReading[]>();
    for (const reading of stored) {
      if (rules.everyDevice.length === 0 && !rules.byDevice.has(reading.deviceId)) continue;
      const list = perDevice.get(reading.deviceId);
      if (list) list.push(reading);
      else perDevice.set(reading.deviceId, [reading]);
    }
    if (perDevice.size === 0) return;
    const deviceIds = [...perDevice.keys()];
    const previous = new Map(
      (await occurrences.previousLatest(tx, tenantId, deviceIds)).map((r) => [r.device_id, new Date(r.last_message_at).getTime()]),
    );
    const types = rules.byType
      ? new Map((await occurrences.deviceTypes(tx, tenantId, deviceIds)).map((r) => [r.device_id, r.device_type]))
      : new Map<string, string | null>();
    const open = new Map<string, string>(); // `${alertId}/${deviceId}` → occurrence id
    for (const row of await occurrences.open(tx, tenantId, deviceIds)) open.set(`${row.alert_id}/${row.device_id}`, row.id);

    const created = new Map<string, NewOccurrence>();
    const cleared: ClearedOccurrence[] = [];
    const events: AlertEvent[] = [];
    const ruleOfOccurrence = new Map<string, EvaluatedRule>();

    for (const [deviceId, readings] of perDevice) {
      const type = types.get(deviceId) ?? null;
      const applicable = [
        ...(rules.byDevice.get(deviceId) ?? []),
        ...rules.everyDevice.filter((rule) => rule.device_type === null || rule.device_type === type),
      ];
      if (applicable.length === 0) continue;
      const after = previous.get(deviceId) ?? Number.NEGATIVE_INFINITY;
      readings.sort((a, b) => a.measuredMs - b.measuredMs || a.seq - b.seq);
      for (const reading of readings) {
        if (reading.measuredMs <= after) continue;
        const alertable = {
          currentMaxA: reading.maxA,
          currentMedA: reading.medA,
          temperatureMaxC: reading.temperatureMaxC,
          temperatureMedC: reading.temperatureMedC,
          imbalancePercent: reading.imbalancePercent,
          totalKva: reading.apparentMedKva,
        };
        for (const rule of applicable) {
          const value = alertFieldValue(rule.trigger_field, alertable);
          if (value === null) continue;
          const key = `${rule.id}/${deviceId}`;
          const openId = open.get(key);
          const transition = alertTransition(openId !== undefined, rule.trigger_field, rule.trigger_operator, rule.trigger_value, value);
          const at = iso(reading.measuredMs);
          if (transition === 'trigger') {
            const id = newId();
            created.set(id, { id, alertId: rule.id, deviceId, value, triggeredAt: at, clearedAt: null, clearValue: null });
            ruleOfOccurrence.set(id, rule);
            open.set(key, id);
            events.push({ occurrenceId: id, kind: 'triggered', at, value });
          } else if (transition === 'clear' && openId !== undefined) {
            const fresh = created.get(openId);
            if (fresh) Object.assign(fresh, { clearedAt: at, clearValue: value });
            else cleared.push({ id: openId, value, clearedAt: at });
            ruleOfOccurrence.set(openId, rule);
            open.delete(key);
            events.push({ occurrenceId: openId, kind: 'cleared', at, value });
          }
        }
      }
    }
    if (events.length === 0) return;

    // Clears first: a batch that clears an alert and raises it again opens the new occurrence only once the old
    // one is closed (one open occurrence per rule and device). An occurrence another process opened first for the
    // same rule and device is not ours to record.
    await occurrences.clearOccurrences(tx, tenantId, cleared);
    const inserted = await occurrences.insertOccurrences(tx, tenantId, [...created.values()]);
    const kept = (occurrenceId: string) => !created.has(occurrenceId) || inserted.has(occurrenceId);
    const recorded = events.filter((event) => kept(event.occurrenceId));
    await occurrences.insertEvents(tx, tenantId, recorded);

    const notified = recorded.filter(
      (event) => event.kind === 'triggered' || ruleOfOccurrence.get(event.occurrenceId)?.notify_on_clear === true,
    );
    if (notified.length === 0) return;
    const alertIds = [...new Set(notified.map((event) => ruleOfOccurrence.get(event.occurrenceId)?.id ?? ''))];
    const recipients = new Map<string, { name: string; email: string }[]>();
    for (const r of await occurrences.recipientsOf(tx, tenantId, alertIds)) {
      const list = recipients.get(r.alert_id);
      if (list) list.push(r);
      else recipients.set(r.alert_id, [r]);
    }
    const notifications: Notification[] = notified.flatMap((event) =>
      (recipients.get(ruleOfOccurrence.get(event.occurrenceId)?.id ?? '') ?? []).map((r) => ({
        occurrenceId: event.occurrenceId,
        kind: event.kind,
        name: r.name,
        email: r.email,
      })),
    );
    await occurrences.enqueueNotifications(tx, tenantId, notifications);
  };
}
