import type { FastifyInstance } from 'fastify';
import { assetsApi } from '@gridlens/contract/assets';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import type { AssetsService } from './assets.service';

/** The registry's routes; the assets list and a device's row are the readings' read model's (power-readings). */
export function registerAssetRoutes(app: FastifyInstance, devices: AssetsService): void {
  bindEndpoint(app, assetsApi.register, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return devices.register(tenantId, request.body, userId);
  });
  bindEndpoint(app, assetsApi.update, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return devices.update(tenantId, request.params.DeviceID, request.body, userId);
  });
  bindEndpoint(app, assetsApi.watchlist, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return devices.watchlist(tenantId, userId);
  });
  bindEndpoint(app, assetsApi.watch, async (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    await devices.watch(tenantId, userId, request.body.device_id);
    return devices.watchlist(tenantId, userId);
  });
  bindEndpoint(app, assetsApi.unwatch, async (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    await devices.unwatch(tenantId, userId, request.body.device_id);
    return devices.watchlist(tenantId, userId);
  });
}
