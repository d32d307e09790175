import { randomUUID } from 'node:crypto';
import {
  isLocationField,
  trackingFieldValue,
  trackingTransition,
  type TrackingAlertField,
  type TrackingRule,
} from '@gridlens/domain/alerts/tracking-alert-rules';
import type { Queryable } from '../../db/database';
import { isoTimestamp } from '../../http/iso-timestamp';
import type { AlertOccurrencesRepository } from './alert-occurrences.repository';
import type { TrackedSteps } from '../tracking/tracking.public';
import type { EvaluatedTrackingRule } from './alert-rule-types';
import { createTransitionLog, saveTransitions } from './alert-transitions';
import { isEmptyRuleSet, rulesForDevice, type RuleSet } from './rule-set';

/** A stored rule as the domain judges it. */
export const trackingRuleOf = (rule: EvaluatedTrackingRule): TrackingRule => ({
  field: rule.trigger_field,
  operator: rule.trigger_operator,
  threshold: rule.trigger_value,
  target:
    rule.location_id !== null
      ? { locationId: rule.location_id, locationType: null }
      : rule.location_type !== null
        ? { locationId: null, locationType: rule.location_type }
        : null,
});

/** The fields judged on time passing, by the timer; the others change only with a message. */
const TIMER_FIELDS: ReadonlySet<TrackingAlertField> = new Set(['no_message', 'static']);
const HOUR_MS = 3_600_000;

interface Deps {
  occurrences: AlertOccurrencesRepository;
  rulesOf: (tx: Queryable, tenantId: string) => Promise<RuleSet<EvaluatedTrackingRule>>;
  newId?: () => string;
}

/**
 * Tracking alert evaluation. At ingest, every new position is judged on every rule (in the ingest transaction,
 * HTTP and MQTT alike). A device that says nothing cannot be judged at ingest, so a timer judges "no message"
 * and "static" on every device's latest state as time passes; such an alert's trigger date is when its period
 * ran out, not when the timer noticed.
 */
export function createTrackingAlertEvaluator({ occurrences, rulesOf, newId = randomUUID }: Deps) {
  const evaluate = async (tx: Queryable, tenantId: string, devices: readonly TrackedSteps[], timerOnly: boolean) => {
    const rules = await rulesOf(tx, tenantId);
    if (isEmptyRuleSet(rules)) return;
    const watched = devices.filter((d) => d.steps.length > 0);
    if (watched.length === 0) return;
    const log = createTransitionLog(
      await occurrences.open(
        tx,
        tenantId,
        watched.map((d) => d.deviceId),
      ),
      newId,
    );
    for (const { deviceId, deviceType, steps } of watched) {
      const applicable = rulesForDevice(rules, deviceId, deviceType).filter((rule) => !timerOnly || TIMER_FIELDS.has(rule.trigger_field));
      for (const rule of applicable) {
        const judged = trackingRuleOf(rule);
        for (const { atMs, observation, previous } of steps) {
          const transition = trackingTransition(log.isOpen(rule.id, deviceId), judged, observation, previous);
          if (transition === null) continue;
          const value = trackingFieldValue(rule.trigger_field, observation);
          if (transition === 'clear') {
            log.clear(rule, deviceId, isoTimestamp(atMs), value);
            continue;
          }
          // Arrival records the POI arrived at; departure the POI left.
          const locationId = isLocationField(rule.trigger_field)
            ? ((rule.trigger_field === 'arrival' ? observation : previous)?.location?.id ?? null)
            : null;
          const crossedMs =
            timerOnly && value !== null && rule.trigger_value !== null ? atMs - (value - rule.trigger_value) * HOUR_MS : atMs;
          log.trigger(rule, deviceId, isoTimestamp(crossedMs), value, locationId);
        }
      }
    }
    await saveTransitions(tx, tenantId, occurrences, log);
  };
  return {
    /** Judges new positions on every rule (in the ingest transaction). */
    afterPositions: (tx: Queryable, tenantId: string, devices: readonly TrackedSteps[]) => evaluate(tx, tenantId, devices, false),
    /** Judges devices' latest state now on the rules of time passing. */
    onTimer: (tx: Queryable, tenantId: string, devices: readonly TrackedSteps[]) => evaluate(tx, tenantId, devices, true),
  };
}

export type TrackingAlertEvaluator = ReturnType<typeof createTrackingAlertEvaluator>;
