import type { Database, Queryable } from '../../db/database';
import { createTrackingAlertTimer } from '../../jobs/tracking-alert-timer.job';
import { createAlertEvaluator } from '../alerts/alert-evaluation';
import type { EvaluatedRule, EvaluatedTrackingRule } from '../alerts/alert-rule-types';
import { createAlertOccurrencesRepository } from '../alerts/alert-occurrences.repository';
import { createRuleCache } from '../alerts/alert-rule-cache';
import { rulesForEvaluation } from '../alerts/alert-rules.repository';
import { createTrackingAlertEvaluator } from '../alerts/tracking-alert-evaluation';
import { createPositionStore } from '../tracking/position-store';
import { createTrackingRepository } from '../tracking/tracking.repository';
import { createDeviceMessagesRepository } from '../device-tabs/device-messages.repository';
import { createPowerDevicesRepository } from '../power-devices/power-devices.repository';
import { createReadingStore } from '../power-readings/reading-store.service';
import { createDeadLettersRepository } from './dead-letters.repository';
import { createIngestService, type AfterStoreHook } from './ingest.service';

/**
 * The whole ingest path as every writer of device data uses it (the API's HTTP and MQTT routes, the demo and
 * `npm run simulate`): readings judged by the power-data rules and positions placed in POIs and judged by the
 * tracking rules, in the ingest transaction, so no way in skips the alerts.
 */
export function createIngestPath(db: Database, afterIngest?: AfterStoreHook) {
  const powerRules = createRuleCache(rulesForEvaluation<EvaluatedRule>('powerdata'));
  const trackingRules = createRuleCache(rulesForEvaluation<EvaluatedTrackingRule>('tracking'));
  const occurrences = createAlertOccurrencesRepository(db);
  const evaluatePowerAlerts = createAlertEvaluator({ occurrences, rulesOf: (tx, tenantId) => powerRules.rulesOf(tx, tenantId) });
  const afterStore: AfterStoreHook = async (tx, tenantId, stored) => {
    await evaluatePowerAlerts(tx, tenantId, stored);
    await afterIngest?.(tx, tenantId, stored);
  };
  const tracking = createTrackingRepository(db);
  const trackingAlerts = createTrackingAlertEvaluator({ occurrences, rulesOf: (tx, tenantId) => trackingRules.rulesOf(tx, tenantId) });
  const positions = {
    registered: (tx: Queryable, tenantId: string, ids: readonly string[]) => tracking.registeredTrackers(tx, tenantId, ids),
    store: createPositionStore(tracking, trackingAlerts.afterPositions),
  };
  return {
    ingest: createIngestService({
      db,
      devices: createPowerDevicesRepository(db),
      readings: createReadingStore(),
      deviceMessages: createDeviceMessagesRepository(),
      deadLetters: createDeadLettersRepository(),
      subscribers: { afterReadings: afterStore, positions },
    }),
    /** Judges the tracking rules of time passing (no message, static) at a moment. */
    judgeTrackingTimers: createTrackingAlertTimer(db, tracking, trackingAlerts),
    /** The rule caches, which the alert services clear when a rule changes in this process. */
    powerRules,
    trackingRules,
    occurrences,
    tracking,
  };
}
