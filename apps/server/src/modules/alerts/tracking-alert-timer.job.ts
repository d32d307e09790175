import type { Database, Queryable } from '../../db/database';
import type { ScheduledJob } from '../../scheduler/scheduler';
import type { TrackedSteps, TrackerState } from '../tracking/tracking.public';
import type { TrackingAlertEvaluator } from './tracking-alert-evaluation';

/** How often "no message" and "static" are judged: an alert appears within a minute of its period running out. */
export const TRACKING_TIMER_MS = 60_000;
const HOUR_MS = 3_600_000;

/** A device's latest state as it stands at `nowMs`, as the one step the timer judges. */
function stepNow(row: TrackerState, nowMs: number): TrackedSteps | null {
  if (row.last_message_at === null || row.still_since === null) return null;
  return {
    deviceId: row.device_id,
    deviceType: row.device_type,
    steps: [
      {
        atMs: nowMs,
        observation: {
          location: row.location_id !== null && row.location_type !== null ? { id: row.location_id, type: row.location_type } : null,
          batteryPct: row.battery_pct,
          // A message without a position (None, NoPositionData) is a message too: silence runs from the newest of either kind.
          silentHours: (nowMs - new Date(row.newest_message_at ?? row.last_message_at).getTime()) / HOUR_MS,
          stillHours: (nowMs - new Date(row.still_since).getTime()) / HOUR_MS,
        },
        previous: null,
      },
    ],
  };
}

/**
 * Judges the rules of time passing on every tenant that has one, one transaction per tenant. The scheduler runs a
 * round in one process; were two to judge, the one-open-occurrence index would make the second's finding a no-op.
 */
export function createTrackingAlertTimer({
  db,
  tenantsWithTimerRules,
  states,
  evaluator,
}: {
  db: Database;
  tenantsWithTimerRules: () => Promise<string[]>;
  /** Every tracked device's latest state (the tracking module), read with the transaction's connection. */
  states: (tenantId: string, deviceIds: null, q: Queryable) => Promise<TrackerState[]>;
  evaluator: TrackingAlertEvaluator;
}) {
  return async (nowMs: number = Date.now()): Promise<void> => {
    for (const tenantId of await tenantsWithTimerRules()) {
      await db.transaction(async (tx) => {
        const devices = (await states(tenantId, null, tx)).map((row) => stepNow(row, nowMs)).filter((d) => d !== null);
        await evaluator.onTimer(tx, tenantId, devices);
      });
    }
  };
}

/** The timer as a scheduled job: one process judges each minute's round. */
export const trackingAlertTimerJob = (judge: () => Promise<void>): ScheduledJob => ({
  name: 'tracking-alert-timer',
  everyMs: TRACKING_TIMER_MS,
  run: judge,
});
