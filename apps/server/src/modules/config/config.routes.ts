import type { FastifyInstance } from 'fastify';
import { configApi } from '@gridlens/contract/config';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import type { ConfigService } from './config.service';

export function registerConfigRoutes(app: FastifyInstance, config: ConfigService): void {
  bindEndpoint(app, configApi.tenantSettings, (request) => config.tenantSettings(tenantPrincipal(request).tenantId));
  bindEndpoint(app, configApi.sections, () => config.sectionCatalogue());
  bindEndpoint(app, configApi.userSettings, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return config.userSettings(tenantId, userId, request.query.time_zone);
  });
  bindEndpoint(app, configApi.updateUserSettings, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return config.updateUserSettings(tenantId, userId, request.body);
  });
}
