import type { FastifyInstance } from 'fastify';
import { trackingApi, type TrackedDevice } from '@gridlens/contract/tracking';
import { HttpError } from '../../http/http-error';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import type { TrackingRepository } from './tracking.repository';

/**
 * Registering a tracker (POST /api/device); it answers the device as the list shows it. The list and the rest of a
 * device's endpoints are in devices.routes.ts, the POIs' in locations.routes.ts.
 */
export function registerTrackingRoutes(
  app: FastifyInstance,
  tracking: TrackingRepository,
  deviceById: (tenantId: string, userId: string, deviceId: string) => Promise<TrackedDevice>,
): void {
  bindEndpoint(app, trackingApi.registerDevice, async (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    if (!(await tracking.insertDevice(tenantId, request.body)))
      throw new HttpError(409, 'conflict', `A device with device_id '${request.body.device_id}' is already registered`);
    return deviceById(tenantId, userId, request.body.device_id);
  });
}
