import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/http-error';
import { routesPlugin } from '../../server-module';
import type { TrackingModule } from '../tracking/tracking.module';
import { alertEmailsJob } from './alert-emails.job';
import { createAlertEvaluator, type PowerDataReads } from './alert-evaluation';
import { createAlertOccurrencesRepository } from './alert-occurrences.repository';
import { createRuleCache } from './alert-rule-cache';
import type { AlertKind, EvaluatedRule, EvaluatedTrackingRule } from './alert-rule-types';
import { createAlertRulesRepository, rulesForEvaluation, type StoredRule } from './alert-rules.repository';
import type { RecipientBody } from '@gridlens/contract/alerts';
import { powerAlertsApi } from '@gridlens/contract/alerts';
import { trackingAlertsApi } from '@gridlens/contract/tracking-alerts';
import { registerAlertRoutes } from './alerts.routes';
import { createAlertsService } from './alerts.service';
import { powerAlertKind } from './power-alert-kind';
import { createTrackingAlertEvaluator } from './tracking-alert-evaluation';
import { trackingAlertKind } from './tracking-alert-kind';
import { createTrackingAlertTimer, trackingAlertTimerJob } from './tracking-alert-timer.job';

interface Deps {
  db: Database;
  /** What power-data evaluation reads of power-readings and assets, in the ingest transaction. */
  powerData: PowerDataReads;
  powerDeviceExists: (tenantId: string, deviceId: string) => Promise<boolean>;
  tracking: Pick<TrackingModule, 'deviceExists' | 'locationExists' | 'states'>;
  emails: { smtp: { url: string; from: string } | null; publicUrl: string; log: FastifyBaseLogger };
}

/**
 * Alerts of both kinds (alert_rules, alert_recipients, alert_occurrences, alert_events, alert_notifications):
 * their API, their evaluation (listening to the after-readings and after-positions hooks), the tracking timer and
 * the alert emails.
 */
export function createAlertsModule({ db, powerData, powerDeviceExists, tracking, emails }: Deps) {
  const rules = createAlertRulesRepository(db);
  const occurrences = createAlertOccurrencesRepository(db);
  // Each process keeps its tenants' rules for 2 s; the services clear them when a rule changes here.
  const powerRules = createRuleCache(rulesForEvaluation<EvaluatedRule>('powerdata'));
  const trackingRules = createRuleCache(rulesForEvaluation<EvaluatedTrackingRule>('tracking'));
  const trackingAlerts = createTrackingAlertEvaluator({ occurrences, rulesOf: (tx, tenantId) => trackingRules.rulesOf(tx, tenantId) });
  const judgeTrackingTimers = createTrackingAlertTimer({
    db,
    tenantsWithTimerRules: () => rules.tenantsWithTimerRules(),
    states: (tenantId, deviceIds, q) => tracking.states(tenantId, deviceIds, q),
    evaluator: trackingAlerts,
  });
  const powerAlerts = createAlertsService({ adapter: powerAlertKind(powerDeviceExists), rules, occurrences, cache: powerRules });
  const trackingAlertService = createAlertsService({ adapter: trackingAlertKind(tracking), rules, occurrences, cache: trackingRules });
  return {
    name: 'alerts',
    api: routesPlugin((api) => {
      registerAlertRoutes(api, powerAlertsApi, powerAlerts);
      registerAlertRoutes(api, trackingAlertsApi, trackingAlertService);
    }),
    jobs: [trackingAlertTimerJob(() => judgeTrackingTimers()), ...alertEmailsJob({ db, ...emails })],
    hooks: {
      /** Judges stored readings on the power-data rules. */
      afterReadings: createAlertEvaluator({ occurrences, powerData, rulesOf: (tx, tenantId) => powerRules.rulesOf(tx, tenantId) }),
      /** Judges tracked devices' new steps on the tracking rules. */
      afterPositions: trackingAlerts.afterPositions,
      /** A POI that a rule watches may not be deleted: the rule would watch nothing. */
      async locationRemoving(tenantId: string, locationId: string) {
        const watching = await rules.countWatching(tenantId, locationId);
        if (watching > 0)
          throw new HttpError(409, 'conflict', `${watching} alert rule(s) watch location '${locationId}': delete or change them first`);
      },
    },
    /** Judges the rules of time passing (no message, static) at a moment; the scheduler runs it every minute. */
    judgeTrackingTimers,
    /**
     * Adds rules of a kind, each with the recipient, only while the tenant has no rule of that kind (the demo's
     * starting rules: a user's edits and deletions outlive a restart). How many were added.
     */
    addRulesUnlessAny: (tenantId: string, kind: AlertKind, added: readonly StoredRule[], recipient: Required<RecipientBody>, by: string) =>
      db.transaction(async (tx) => {
        const inTx = createAlertRulesRepository(tx);
        if ((await inTx.list(tenantId, kind)).length > 0) return 0;
        for (const rule of added) await inTx.addRecipient(tenantId, await inTx.insert(tenantId, kind, rule, by), recipient);
        return added.length;
      }),
  };
}
export type { StoredRule };
