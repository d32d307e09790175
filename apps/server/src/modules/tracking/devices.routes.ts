import type { FastifyInstance } from 'fastify';
import { trackingApi } from '@gridlens/contract/tracking';
import { TRACKING_ADMIN_ROLE, trackingDevicesApi as api } from '@gridlens/contract/tracking-devices';
import { hasRole } from '@gridlens/domain/roles';
import { HttpError } from '../../http/http-error';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import { columnarJsonSerializer } from '../../http/columnar-json-serializer';
import type { DeviceSettingsService } from './device-settings.service';
import type { DevicesService } from './devices.service';

/** The tenant's Static/Fluid period, kept by the tenants module (tenants.static_after_hours). */
export interface MovementPeriod {
  read: (tenantId: string) => Promise<number>;
  write: (tenantId: string, hours: number) => Promise<void>;
}

/** Spec §7 /api/device and its sub-paths (issue 19): the devices screens' list, detail, edits, settings and figures. */
export function registerDevicesRoutes(
  app: FastifyInstance,
  devices: DevicesService,
  settings: DeviceSettingsService,
  movementPeriod: MovementPeriod,
): void {
  bindEndpoint(app, api.movementSettings, async (request) => ({
    static_after_hours: await movementPeriod.read(tenantPrincipal(request).tenantId),
  }));
  bindEndpoint(app, api.updateMovementSettings, async (request) => {
    const { tenantId, roles } = tenantPrincipal(request);
    if (!hasRole(roles, TRACKING_ADMIN_ROLE))
      throw new HttpError(403, 'forbidden', `Only a user with the ${TRACKING_ADMIN_ROLE} role may change the tracking settings`);
    await movementPeriod.write(tenantId, request.body.static_after_hours);
    return { static_after_hours: await movementPeriod.read(tenantId) };
  });
  bindEndpoint(
    app,
    trackingApi.devices,
    (request) => {
      const { tenantId, userId } = tenantPrincipal(request);
      return devices.list(tenantId, userId, request.query.customer_id ?? null);
    },
    { serializerCompiler: columnarJsonSerializer },
  );
  bindEndpoint(app, api.settings, (request) => settings.state(tenantPrincipal(request).tenantId, request.query.device_id));
  bindEndpoint(app, api.updateSettings, (request) =>
    settings.queue(tenantPrincipal(request).tenantId, request.body.device_id, request.body.settings),
  );
  bindEndpoint(app, api.stats, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return devices.stats(tenantId, userId, request.params.duration);
  });
  bindEndpoint(app, api.messages, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return devices.messages(tenantId, userId, request.params.device_id, request.query);
  });
  bindEndpoint(app, api.backOnline, (request) => devices.backOnline(tenantPrincipal(request).tenantId, request.query.hours));
  bindEndpoint(app, api.item, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return devices.item(tenantId, userId, request.params.id);
  });
  bindEndpoint(app, api.update, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return devices.update(tenantId, userId, request.params.id, request.body);
  });
  bindEndpoint(app, api.remove, (request) => devices.remove(tenantPrincipal(request).tenantId, request.params.id));
}
