import { TRACKED_DEVICE_FIELDS, type TrackedDevice, type TrackedDeviceList } from '@gridlens/contract/tracking';
import type { BackOnline, TrackedDeviceDetail, TrackerFleetStats, TrackerMessagesPage } from '@gridlens/contract/tracking-devices';
import { BACK_ONLINE_SILENCE_HOURS } from '@gridlens/contract/tracking-devices';
import type { TrackerType } from '@gridlens/domain/tracking/enumerations';
import { LAST_MESSAGE_TYPES, type LastMessageType } from '@gridlens/domain/tracking/enumerations';
import { trackerFleetSummary } from '@gridlens/domain/tracking/fleet-summary';
import { movementOf } from '@gridlens/domain/tracking/movement';
import { periodOfRange, type TimeRangeName } from '@gridlens/domain/time-range';
import { notFound } from '../../http/http-error';
import { isoOf } from '../../http/iso-timestamp';
import type { DeviceHistoryRepository } from './device-history.repository';
import type { DeviceRow, DevicesRepository } from './devices.repository';

const HOUR_MS = 3_600_000;
const msOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

/** A tracker's row of the devices screen, its movement judged at `nowMs` by the tenant's period (spec §4). */
export function deviceOf(row: DeviceRow, nowMs: number, staticAfterHours: number): TrackedDevice {
  return {
    device_id: row.device_id,
    name: row.name,
    device_type: row.device_type,
    last_message_at: row.last_message_at,
    last_message_type: (row.message_type ?? 'None') as LastMessageType,
    latitude: row.latitude,
    longitude: row.longitude,
    battery_pct: row.battery_pct,
    location_id: row.location_id,
    position_category: row.latitude === null ? 'No location data' : (row.location_type ?? 'Outside POIs'),
    still_since: row.still_since,
    position_at: row.position_at,
    location_name: row.location_name,
    location_type: row.location_type,
    movement: movementOf(msOrNull(row.still_since), nowMs, staticAfterHours),
    temperature_c: row.temperature_c,
    accuracy_m: row.accuracy_m,
    tags: row.tags,
    watchlisted: row.watchlisted,
  };
}

const countsOf = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/** The devices screens' use cases: list, one, edit, delete, history, fleet figures and returns from silence. */
export function createDevicesService(
  devices: DevicesRepository,
  history: DeviceHistoryRepository,
  staticAfterHours: (tenantId: string) => Promise<number>,
  now: () => number = Date.now,
) {
  const require = async (tenantId: string, userId: string, deviceId: string) => {
    const row = await devices.find(tenantId, userId, deviceId);
    if (!row) throw notFound('Device');
    return row;
  };
  const devicesOf = async (tenantId: string, userId: string, customerId: string | null): Promise<TrackedDevice[]> => {
    const [rows, hours] = [await devices.list(tenantId, userId, customerId), await staticAfterHours(tenantId)];
    const nowMs = now();
    return rows.map((row) => deviceOf(row, nowMs, hours));
  };
  const detailOf = async (tenantId: string, row: DeviceRow): Promise<TrackedDeviceDetail> => ({
    ...deviceOf(row, now(), await staticAfterHours(tenantId)),
    created_at: row.created_at,
  });

  return {
    /** The list as rows with their registration time, judged by the same rules as GET /api/device (the fleet reports read it). */
    async rows(tenantId: string, userId: string, customerId: string | null): Promise<TrackedDeviceDetail[]> {
      const [rows, hours] = [await devices.list(tenantId, userId, customerId), await staticAfterHours(tenantId)];
      const nowMs = now();
      return rows.map((row) => ({ ...deviceOf(row, nowMs, hours), created_at: row.created_at }));
    },
    /** The list, columnar (GET /api/device). */
    async list(tenantId: string, userId: string, customerId: string | null): Promise<TrackedDeviceList> {
      const all = await devicesOf(tenantId, userId, customerId);
      const columns = Object.fromEntries(TRACKED_DEVICE_FIELDS.map((field) => [field, new Array<unknown>(all.length)])) as {
        [K in keyof TrackedDevice]: TrackedDevice[K][];
      };
      all.forEach((device, i) => {
        for (const field of TRACKED_DEVICE_FIELDS) (columns[field] as unknown[])[i] = device[field];
      });
      return { count: all.length, columns };
    },
    async item(tenantId: string, userId: string, deviceId: string): Promise<TrackedDeviceDetail> {
      return detailOf(tenantId, await require(tenantId, userId, deviceId));
    },
    async update(
      tenantId: string,
      userId: string,
      deviceId: string,
      changes: { name?: string | undefined; device_type?: TrackerType | undefined; tags?: string[] | undefined },
    ): Promise<TrackedDeviceDetail> {
      const clean = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      if (!(await devices.update(tenantId, deviceId, clean))) throw notFound('Device');
      return this.item(tenantId, userId, deviceId);
    },
    async remove(tenantId: string, deviceId: string): Promise<{ deleted: true }> {
      if (!(await devices.remove(tenantId, deviceId))) throw notFound('Device');
      return { deleted: true };
    },

    async messages(
      tenantId: string,
      userId: string,
      deviceId: string,
      query: {
        range?: TimeRangeName | undefined;
        from?: string | undefined;
        to?: string | undefined;
        page: number;
        page_size: number;
        order: 'newest' | 'oldest';
      },
    ): Promise<TrackerMessagesPage> {
      await require(tenantId, userId, deviceId);
      const nowMs = now();
      const fallback = periodOfRange(query.range ?? '7d', nowMs);
      const period = {
        from: query.from ?? isoOf(new Date(fallback.fromMs)),
        to: query.to ?? isoOf(new Date(query.from && !query.to ? nowMs : fallback.toMs)),
      };
      const { rows, total } = await history.messages(tenantId, deviceId, period, {
        offset: (query.page - 1) * query.page_size,
        limit: query.page_size,
        oldestFirst: query.order === 'oldest',
      });
      const items = rows.map((r) => ({ ...r, time: isoOf(r.time), message_type: r.message_type as LastMessageType }));
      return { items, page: query.page, page_size: query.page_size, total };
    },

    async stats(tenantId: string, userId: string, range: TimeRangeName): Promise<TrackerFleetStats> {
      const nowMs = now();
      const period = periodOfRange(range, nowMs);
      const all = await devicesOf(tenantId, userId, null);
      const counts = await history.messageCounts(tenantId, isoOf(new Date(period.fromMs)), isoOf(new Date(period.toMs)));
      const messagesByType = countsOf(LAST_MESSAGE_TYPES);
      for (const c of counts.byType) if (c.message_type in messagesByType) messagesByType[c.message_type as LastMessageType] = c.n;
      const summary = trackerFleetSummary(all, nowMs);
      return {
        range,
        device_count: summary.devices,
        messages_by_type: messagesByType,
        devices_by_position: summary.byPosition,
        devices_by_movement: summary.byMovement,
        reporting_devices: counts.reporting,
        silent_devices: summary.silent,
        low_battery_devices: summary.lowBattery,
      };
    },

    async backOnline(tenantId: string, hours: number): Promise<BackOnline> {
      const since = isoOf(new Date(now() - hours * HOUR_MS));
      const rows = await history.backOnline(tenantId, since);
      return {
        silence_hours_min: BACK_ONLINE_SILENCE_HOURS,
        items: rows.map((r) => ({
          device_id: r.device_id,
          name: r.name,
          back_at: isoOf(r.back_at),
          silent_since: isoOf(r.silent_since),
          silence_hours: Math.round(((msOrNull(r.back_at) ?? 0) - (msOrNull(r.silent_since) ?? 0)) / 36_000) / 100,
        })),
      };
    },
  };
}
export type DevicesService = ReturnType<typeof createDevicesService>;
