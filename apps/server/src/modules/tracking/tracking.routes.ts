import type { FastifyInstance } from 'fastify';
import { trackingApi, type TrackedDevice } from '@gridlens/contract/tracking';
import { HttpError } from '../../http/http-error';
import { isoOf } from '../../http/iso-timestamp';
import type { LastMessageType } from '@gridlens/domain/tracking/enumerations';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import type { TrackerStateRow, TrackingRepository } from './tracking.repository';

const isoOrNull = (value: Date | string | null) => (value === null ? null : isoOf(value));

/** A device's row: where it is as the screens group it (spec §4 location types). */
export function trackedDeviceOf(row: TrackerStateRow): TrackedDevice {
  return {
    device_id: row.device_id,
    name: row.name,
    device_type: row.device_type,
    last_message_at: isoOrNull(row.last_message_at),
    last_message_type: (row.message_type ?? 'None') as LastMessageType,
    latitude: row.latitude,
    longitude: row.longitude,
    battery_pct: row.battery_pct,
    location_id: row.location_id,
    position_category: row.latitude === null ? 'No location data' : (row.location_type ?? 'Outside POIs'),
    still_since: isoOrNull(row.still_since),
  };
}

/**
 * The tracking lists the alert screens need (spec §7 /api/device, /api/location): the tenant's devices with their
 * newest position, and its POIs with the devices in each now.
 */
export function registerTrackingRoutes(app: FastifyInstance, tracking: TrackingRepository): void {
  bindEndpoint(app, trackingApi.devices, async (request) =>
    (await tracking.states(tenantPrincipal(request).tenantId)).map(trackedDeviceOf),
  );
  bindEndpoint(app, trackingApi.registerDevice, async (request) => {
    const { tenantId } = tenantPrincipal(request);
    if (!(await tracking.insertDevice(tenantId, request.body)))
      throw new HttpError(409, 'conflict', `A device with device_id '${request.body.device_id}' is already registered`);
    const [row] = await tracking.states(tenantId, [request.body.device_id]);
    if (!row) throw new Error('a registered device was not found');
    return trackedDeviceOf(row);
  });
}
