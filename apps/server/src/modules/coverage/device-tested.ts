import type { Queryable } from '../../db/database';

/** A recorded device test, as the deviceTested hook tells it (inside the transaction that stored it). */
export interface RecordedTestFact {
  device_id: string;
  /** ISO instant of the test. */
  at: string;
  /** The installer who recorded it. */
  by: string;
  outcome: string;
  passed: boolean;
}
export type DeviceTestedHook = (tx: Queryable, tenantId: string, test: RecordedTestFact) => Promise<void>;
