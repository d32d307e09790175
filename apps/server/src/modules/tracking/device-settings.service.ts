import { randomUUID } from 'node:crypto';
import type { DeviceSettingsState, Downlink } from '@gridlens/contract/tracking-devices';
import { TRACKER_SETTINGS_DEFAULTS, type TrackerSettings } from '@gridlens/domain/tracking/tracker-settings';
import { notFound } from '../../http/http-error';
import { isoOf } from '../../http/iso-timestamp';
import type { DownlinkRow, DownlinksRepository } from './downlinks.repository';

// The jsonb column comes back parsed from PostgreSQL and PGlite alike; a string is parsed for safety.
const settingsOf = (row: DownlinkRow): TrackerSettings =>
  typeof row.settings === 'string' ? (JSON.parse(row.settings) as TrackerSettings) : row.settings;
const downlinkOf = (row: DownlinkRow): Downlink => ({
  downlink_id: row.downlink_id,
  settings: settingsOf(row),
  created_at: isoOf(row.created_at),
});

/**
 * A tracker's settings (issue 19): a change is queued as a downlink and shown pending until the tracker
 * acknowledges it (a `tracker` message of type DownlinkAcknowledgement); the settings in force are then its.
 */
export function createDeviceSettingsService(
  downlinks: DownlinksRepository,
  deviceExists: (tenantId: string, deviceId: string) => Promise<boolean>,
) {
  const state = async (tenantId: string, deviceId: string): Promise<DeviceSettingsState> => {
    if (!(await deviceExists(tenantId, deviceId))) throw notFound('Device');
    const rows = await downlinks.ofDevice(tenantId, deviceId);
    const applied = rows.find((r) => r.status === 'applied');
    return {
      device_id: deviceId,
      settings: applied ? settingsOf(applied) : TRACKER_SETTINGS_DEFAULTS,
      applied_at: applied?.applied_at ? isoOf(applied.applied_at) : null,
      pending: rows.filter((r) => r.status === 'pending').map(downlinkOf),
    };
  };
  return {
    state,
    async queue(tenantId: string, deviceId: string, settings: TrackerSettings): Promise<DeviceSettingsState> {
      if (!(await deviceExists(tenantId, deviceId))) throw notFound('Device');
      await downlinks.queue(tenantId, deviceId, `dl-${randomUUID()}`, settings);
      return state(tenantId, deviceId);
    },
    /** The tracker's own fetch: its pending downlinks, oldest first. */
    async pending(tenantId: string, deviceId: string): Promise<{ items: Downlink[] }> {
      return { items: (await state(tenantId, deviceId)).pending };
    },
  };
}
export type DeviceSettingsService = ReturnType<typeof createDeviceSettingsService>;
