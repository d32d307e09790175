import type { FastifyInstance } from 'fastify';
import { trackingApi, type Location, type TrackedDevice } from '@gridlens/contract/tracking';
import { HttpError } from '../../http/http-error';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import type { LocationRow, TrackingRepository } from './tracking.repository';

/**
 * The tracking lists the alert screens need (spec §7 /api/device, /api/location): the tenant's devices with their
 * newest position, and its POIs with the devices in each now.
 */
export function registerTrackingRoutes(
  app: FastifyInstance,
  tracking: TrackingRepository,
  deviceById: (tenantId: string, userId: string, deviceId: string) => Promise<TrackedDevice>,
): void {
  bindEndpoint(app, trackingApi.locations, async (request) =>
    (await tracking.locations(tenantPrincipal(request).tenantId)).map(locationOf),
  );
  bindEndpoint(app, trackingApi.registerDevice, async (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    if (!(await tracking.insertDevice(tenantId, request.body)))
      throw new HttpError(409, 'conflict', `A device with device_id '${request.body.device_id}' is already registered`);
    return deviceById(tenantId, userId, request.body.device_id);
  });
  bindEndpoint(app, trackingApi.addLocation, async (request) => {
    const { tenantId } = tenantPrincipal(request);
    const body = request.body;
    const location = {
      id: body.LocationID,
      name: body.FullName,
      type: body.LocationType,
      latitude: body.Latitude,
      longitude: body.Longitude,
      radiusM: body.RadiusM,
    };
    const created = await tracking.insertLocation(tenantId, location);
    if (!created) throw new HttpError(409, 'conflict', `A location with LocationID '${body.LocationID}' already exists`);
    return locationOf(created);
  });
}

const locationOf = (row: LocationRow): Location => ({
  LocationID: row.location_id,
  LocationType: row.location_type,
  Latitude: row.latitude,
  Longitude: row.longitude,
  FullName: row.full_name,
  RadiusM: row.radius_m,
  DeviceCount: row.device_count,
});
