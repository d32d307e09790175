import { DEVICE_STATUSES, type DeviceStatus, type InstallationStatus } from '../power/enumerations';

/**
 * The rollout's device status (spec §4: Active, Inactive, Installed, Registered, Provisioned, Unknown, Not Installed)
 * follows the facts the portal knows (issue 30); every change is kept with the event that made it. Decisions in
 * docs/decisions.md "The rollout: device status from the facts".
 */

/** What changed a device's status: the dated history's reason. */
export const STATUS_EVENTS = [
  /** The device was added to the registry (POST /api/powerdata/device, an import of the registry). */
  'registration',
  /** Its keys or credentials were issued (it can now send). */
  'provisioning',
  /** A rollout plan's import named its status. */
  'import',
  /** The installer's device test (/checkcoverage) passed: the monitor is fitted. */
  'device_test',
  /** Its first stored message. */
  'first_message',
  /** A message after a silence. */
  'message_resumed',
  /** No message for SILENCE_AFTER_MS while Active. */
  'silence',
  /** An operator set it by hand, with a note. */
  'operator_edit',
  /** Its site's installation was aborted (with the abort reason). */
  'abort',
] as const;
export type StatusEvent = (typeof STATUS_EVENTS)[number];

/** Spec §9: a device that was Active and sent nothing for 24 hours is Inactive. */
export const SILENCE_AFTER_MS = 24 * 3_600_000;

/** Statuses in which a monitor is fitted on its transformer: installation status Installed. */
const FITTED: ReadonlySet<DeviceStatus> = new Set(['Installed', 'Active', 'Inactive']);

export function installationStatusOf(status: DeviceStatus): InstallationStatus {
  return FITTED.has(status) ? 'Installed' : 'Not Installed';
}

/**
 * The status an event gives a device in `current`, or null when the event changes nothing (a message from an
 * Active device; a provisioning of a device already fitted). An operator's edit and an import give the status they
 * name, `to`; the other events decide it themselves.
 */
export function statusAfter(current: DeviceStatus, event: StatusEvent, to?: DeviceStatus): DeviceStatus | null {
  const next = ((): DeviceStatus | null => {
    switch (event) {
      case 'registration':
        return 'Registered';
      case 'provisioning':
        // Keys issued again to a fitted device change nothing about where it is.
        return current === 'Registered' || current === 'Unknown' || current === 'Not Installed' ? 'Provisioned' : null;
      case 'device_test':
        // A test of a device already heard from keeps it Active (or Inactive): the messages say more than the test.
        return current === 'Active' || current === 'Inactive' ? null : 'Installed';
      case 'first_message':
      case 'message_resumed':
        return 'Active';
      case 'silence':
        return current === 'Active' ? 'Inactive' : null;
      case 'abort':
        return 'Not Installed';
      case 'import':
      case 'operator_edit':
        return to ?? null;
    }
  })();
  return next === current ? null : next;
}

/** One change of a device's status, as its dated history keeps it. */
export interface StatusChangeRecord {
  device_id: string;
  /** ISO instant of the change. */
  at: string;
  from: DeviceStatus | null;
  to: DeviceStatus;
  event: StatusEvent;
  detail: string | null;
  /** The user, or the job (ingest, the silence check, the demo) that made it. */
  by: string | null;
}

/** The message event for a device in `current`: its first message ever, or one after a silence. */
export function messageEventOf(current: DeviceStatus, heardBefore: boolean): StatusEvent | null {
  if (current === 'Active') return null;
  return heardBefore ? 'message_resumed' : 'first_message';
}

export const isDeviceStatus = (value: string): value is DeviceStatus => (DEVICE_STATUSES as readonly string[]).includes(value);
