import type { FastifyInstance } from 'fastify';
import { powerDevicesApi } from '@gridlens/contract/power-devices';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import { columnarJsonSerializer } from '../../http/columnar-json-serializer';
import type { PowerDevicesService } from './power-devices.service';

export function registerPowerDeviceRoutes(app: FastifyInstance, devices: PowerDevicesService): void {
  bindEndpoint(
    app,
    powerDevicesApi.list,
    (request) => {
      const { tenantId, userId } = tenantPrincipal(request);
      return devices.listColumns(tenantId, userId, request.query.num_days);
    },
    { serializerCompiler: columnarJsonSerializer },
  );
  bindEndpoint(app, powerDevicesApi.register, (request) => devices.register(tenantPrincipal(request).tenantId, request.body));
  bindEndpoint(app, powerDevicesApi.item, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return devices.itemOver(tenantId, userId, request.params.DeviceID, request.query.num_days);
  });
  bindEndpoint(app, powerDevicesApi.update, (request) =>
    devices.update(tenantPrincipal(request).tenantId, request.params.DeviceID, request.body),
  );
  bindEndpoint(app, powerDevicesApi.watchlist, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return devices.watchlist(tenantId, userId);
  });
  bindEndpoint(app, powerDevicesApi.watch, async (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    await devices.watch(tenantId, userId, request.body.device_id);
    return devices.watchlist(tenantId, userId);
  });
  bindEndpoint(app, powerDevicesApi.unwatch, async (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    await devices.unwatch(tenantId, userId, request.body.device_id);
    return devices.watchlist(tenantId, userId);
  });
}
