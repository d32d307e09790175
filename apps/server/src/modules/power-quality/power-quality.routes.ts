import type { FastifyInstance } from 'fastify';
import { powerQualityApi } from '@gridlens/contract/power-quality';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import type { PowerQualityService } from './power-quality.service';

/** Events, Fault Records, XFRMR Health (hydrogen) and Metering tabs of a power-data device. */
export function registerDeviceTabRoutes(app: FastifyInstance, tabs: PowerQualityService): void {
  bindEndpoint(app, powerQualityApi.events, (request) =>
    tabs.events(tenantPrincipal(request).tenantId, request.params.device_id, request.query),
  );
  bindEndpoint(app, powerQualityApi.faults, (request) =>
    tabs.faults(tenantPrincipal(request).tenantId, request.params.device_id, request.query),
  );
  bindEndpoint(app, powerQualityApi.hydrogen, (request) =>
    tabs.hydrogen(tenantPrincipal(request).tenantId, request.params.device_id, request.query),
  );
  bindEndpoint(app, powerQualityApi.hydrogenConfig, (request) =>
    tabs.hydrogenConfig(tenantPrincipal(request).tenantId, request.params.device_id),
  );
  bindEndpoint(app, powerQualityApi.saveHydrogenConfig, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return tabs.saveHydrogenConfig(tenantId, userId, request.params.device_id, request.body);
  });
  bindEndpoint(app, powerQualityApi.metering, (request) =>
    tabs.metering(tenantPrincipal(request).tenantId, request.params.device_id, request.query),
  );
}
