import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { TrackingAlertEvaluator } from '../modules/alerts/tracking-alert-evaluation';
import type { TrackedSteps } from '../modules/tracking/tracking.public';
import type { TrackerStateRow, TrackingRepository } from '../modules/tracking/tracking.repository';

/** How often "no message" and "static" are judged: an alert appears within a minute of its period running out. */
export const TRACKING_TIMER_MS = 60_000;
const HOUR_MS = 3_600_000;

/** A device's latest state as it stands at `nowMs`, as the one step the timer judges. */
function stepNow(row: TrackerStateRow, nowMs: number): TrackedSteps | null {
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
          silentHours: (nowMs - new Date(row.last_message_at).getTime()) / HOUR_MS,
          stillHours: (nowMs - new Date(row.still_since).getTime()) / HOUR_MS,
        },
        previous: null,
      },
    ],
  };
}

/**
 * Judges the rules of time passing on every tenant that has one, one transaction per tenant. Every API process
 * runs it; the one-open-occurrence index makes a second process's same finding a no-op.
 */
export function createTrackingAlertTimer(db: Database, tracking: TrackingRepository, evaluator: TrackingAlertEvaluator) {
  return async (nowMs: number = Date.now()): Promise<void> => {
    for (const tenantId of await tracking.tenantsWithTimerRules()) {
      await db.transaction(async (tx) => {
        const devices = (await tracking.states(tenantId, null, tx)).map((row) => stepNow(row, nowMs)).filter((d) => d !== null);
        await evaluator.onTimer(tx, tenantId, devices);
      });
    }
  };
}

export function scheduleTrackingAlertTimer(run: () => Promise<void>, log: FastifyBaseLogger): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    run()
      .catch((error: unknown) => log.error({ err: error }, 'tracking alert timer failed'))
      .finally(() => {
        running = false;
      });
  }, TRACKING_TIMER_MS);
  timer.unref();
  return () => clearInterval(timer);
}
