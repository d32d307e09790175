import type { DeviceStatus } from '@gridlens/domain/power/enumerations';
import type { StatusEvent } from '@gridlens/domain/rollout/status';
import type { Queryable } from '../../db/database';

/**
 * A device's status as a user set it through the registry: at its registration, or by editing the device. Told
 * through the deviceStatusSet hook inside the transaction that stored it (the rollout keeps the dated history).
 */
export interface DeviceStatusFact {
  device_id: string;
  /** Null at its registration. */
  from: DeviceStatus | null;
  to: DeviceStatus;
  event: Extract<StatusEvent, 'registration' | 'operator_edit'>;
  /** ISO instant of the change. */
  at: string;
  /** The user who registered or edited it. */
  by: string;
}
export type DeviceStatusSetHook = (tx: Queryable, tenantId: string, fact: DeviceStatusFact) => Promise<void>;
