import type { FastifyInstance } from 'fastify';
import { configApi } from '@gridlens/contract/config';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { ADMIN_ROLE, hasRole } from '@gridlens/domain/roles';
import { bindEndpoint } from '../../http/bind-endpoint';
import { HttpError } from '../../http/http-error';
import type { ConfigService } from './config.service';

export function registerConfigRoutes(app: FastifyInstance, config: ConfigService): void {
  bindEndpoint(app, configApi.tenantSettings, (request) => config.tenantSettings(tenantPrincipal(request).tenantId));
  bindEndpoint(app, configApi.updateTenantSettings, (request) => {
    const { tenantId, roles } = tenantPrincipal(request);
    if (!hasRole(roles, ADMIN_ROLE))
      throw new HttpError(403, 'forbidden', `Only a user with the ${ADMIN_ROLE} role may change the organisation's settings`);
    return config.updateTenantSettings(tenantId, request.body);
  });
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
