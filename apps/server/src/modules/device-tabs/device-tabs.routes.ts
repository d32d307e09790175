import type { FastifyInstance } from 'fastify';
import { deviceTabsApi } from '@gridlens/contract/device-tabs';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import type { DeviceTabsService } from './device-tabs.service';

/** Events, Fault Records, XFRMR Health (hydrogen) and Metering tabs of a power-data device. */
export function registerDeviceTabRoutes(app: FastifyInstance, tabs: DeviceTabsService): void {
  bindEndpoint(app, deviceTabsApi.events, (request) =>
    tabs.events(tenantPrincipal(request).tenantId, request.params.device_id, request.query),
  );
  bindEndpoint(app, deviceTabsApi.faults, (request) =>
    tabs.faults(tenantPrincipal(request).tenantId, request.params.device_id, request.query),
  );
  bindEndpoint(app, deviceTabsApi.hydrogen, (request) =>
    tabs.hydrogen(tenantPrincipal(request).tenantId, request.params.device_id, request.query),
  );
  bindEndpoint(app, deviceTabsApi.hydrogenConfig, (request) =>
    tabs.hydrogenConfig(tenantPrincipal(request).tenantId, request.params.device_id),
  );
  bindEndpoint(app, deviceTabsApi.saveHydrogenConfig, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return tabs.saveHydrogenConfig(tenantId, userId, request.params.device_id, request.body);
  });
  bindEndpoint(app, deviceTabsApi.metering, (request) =>
    tabs.metering(tenantPrincipal(request).tenantId, request.params.device_id, request.query),
  );
}
