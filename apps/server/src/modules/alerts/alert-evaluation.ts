import { randomUUID } from 'node:crypto';
import { alertFieldValue, alertTransition } from '@gridlens/domain/alerts/power-alert-rules';
import type { Queryable } from '../../db/database';
import { isoTimestamp } from '../../http/iso-timestamp';
import type { DerivedReading } from '../power-readings/power-readings.public';

/** Judges new readings in the ingest transaction (the device pipeline hands them over as ingest's AfterStoreHook). */
export type ReadingsHook = (tx: Queryable, tenantId: string, stored: readonly DerivedReading[]) => Promise<void>;
import type { AlertOccurrencesRepository } from './alert-occurrences.repository';
import type { EvaluatedRule } from './alert-rule-types';
import { createTransitionLog, saveTransitions } from './alert-transitions';
import { isEmptyRuleSet, rulesForDevice, type RuleSet } from './rule-set';

/** What evaluation reads of the power-data modules' tables, with the ingest transaction's connection. */
export interface PowerDataReads {
  /** Each device's newest message from before the batch (power-readings). */
  previousLatest: (
    tx: Queryable,
    tenantId: string,
    deviceIds: readonly string[],
  ) => Promise<{ device_id: string; last_message_at: Date | string }[]>;
  /** The devices' mount types, for rules limited to one (assets). */
  deviceTypes: (
    tx: Queryable,
    tenantId: string,
    deviceIds: readonly string[],
  ) => Promise<{ device_id: string; device_type: string | null }[]>;
}

interface Deps {
  occurrences: AlertOccurrencesRepository;
  powerData: PowerDataReads;
  /** The tenant's rules (cached by the caller), read with the transaction's connection. */
  rulesOf: (tx: Queryable, tenantId: string) => Promise<RuleSet<EvaluatedRule>>;
  newId?: () => string;
}

/**
 * The ingest hook that evaluates the tenant's power-data alert rules on every stored reading (HTTP and MQTT alike),
 * in the ingest transaction, so an alert and its emails exist exactly when the reading that caused them does.
 *
 * Readings are taken in time order per device; one older than the device's newest message from before the batch
 * (late or out of order) is stored and charted but not evaluated: alerts judge the present, and a late reading
 * must not clear, or raise again, an alert that newer readings decided. A re-sent message never reaches here
 * (duplicates are left out), so it cannot raise a second alert.
 */
export function createAlertEvaluator({ occurrences, powerData, rulesOf, newId = randomUUID }: Deps): ReadingsHook {
  return async (tx, tenantId, stored) => {
    const rules = await rulesOf(tx, tenantId);
    if (isEmptyRuleSet(rules)) return;
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
      (await powerData.previousLatest(tx, tenantId, deviceIds)).map((r) => [r.device_id, new Date(r.last_message_at).getTime()]),
    );
    const types = rules.byType
      ? new Map((await powerData.deviceTypes(tx, tenantId, deviceIds)).map((r) => [r.device_id, r.device_type]))
      : new Map<string, string | null>();
    const log = createTransitionLog(await occurrences.open(tx, tenantId, deviceIds), newId);

    for (const [deviceId, readings] of perDevice) {
      const type = types.get(deviceId) ?? null;
      const applicable = rulesForDevice(rules, deviceId, type);
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
          const active = log.isOpen(rule.id, deviceId);
          const transition = alertTransition(active, rule.trigger_field, rule.trigger_operator, rule.trigger_value, value);
          if (transition === 'trigger') log.trigger(rule, deviceId, isoTimestamp(reading.measuredMs), value);
          else if (transition === 'clear') log.clear(rule, deviceId, isoTimestamp(reading.measuredMs), value);
        }
      }
    }
    await saveTransitions(tx, tenantId, occurrences, log);
  };
}
