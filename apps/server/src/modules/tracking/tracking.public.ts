import type { TrackingObservation } from '@gridlens/domain/alerts/tracking-alert-rules';
import type { Queryable } from '../../db/database';
import type { TrackerStateRow } from './tracking.repository';

/*
 * What the tracking module hands on and offers other modules besides its factory (tracking.module.ts): the steps
 * of tracked devices that tracking alerts judge, and the hook that receives new ones.
 */

/** One moment of a device to judge: what it was then, and what it was just before (null when unknown). */
export interface TrackingStep {
  atMs: number;
  observation: TrackingObservation;
  previous: TrackingObservation | null;
}

/** A device's steps, oldest first. */
export interface TrackedSteps {
  deviceId: string;
  deviceType: string | null;
  steps: TrackingStep[];
}

/** Runs in the ingest transaction for the new positions, per device in time order (tracking alerts plug in here). */
export type PositionsHook = (tx: Queryable, tenantId: string, devices: readonly TrackedSteps[]) => Promise<void>;

/** A tracked device with its newest position (all position columns null when it never reported). */
export type TrackerState = TrackerStateRow;
