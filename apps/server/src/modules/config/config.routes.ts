import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SectionCatalogueSchema,
  TenantSettingsSchema,
  UpdateUserSettingsSchema,
  UserSettingsQuerySchema,
  UserSettingsSchema,
} from '@gridlens/contract/config';
import { errorResponses } from '@gridlens/contract/errors';
import { TENANT_SECURITY, tenantPrincipal } from '../../auth/auth.plugin';
import type { ConfigService } from './config.service';

const tags = ['Configuration'];

export function registerConfigRoutes(app: FastifyInstance, config: ConfigService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/config/tenant/settings', {
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: "The caller's tenant: type, power-data sub-type and tabs",
      response: { 200: TenantSettingsSchema, ...errorResponses },
    },
    handler: (request) => config.tenantSettings(tenantPrincipal(request).tenantId),
  });

  api.get('/api/config/sections', {
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: 'The section catalogue: route, icon and label key of each section',
      response: { 200: SectionCatalogueSchema, ...errorResponses },
    },
    handler: () => config.sectionCatalogue(),
  });

  api.get('/api/config/settings', {
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: "The caller's preferences",
      querystring: UserSettingsQuerySchema,
      response: { 200: UserSettingsSchema, ...errorResponses },
    },
    handler: (request) => {
      const { tenantId, userId } = tenantPrincipal(request);
      return config.userSettings(tenantId, userId, request.query.time_zone);
    },
  });

  api.put('/api/config/settings', {
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: "Changes the caller's preferences (only the fields sent)",
      body: UpdateUserSettingsSchema,
      response: { 200: UserSettingsSchema, ...errorResponses },
    },
    handler: (request) => {
      const { tenantId, userId } = tenantPrincipal(request);
      return config.updateUserSettings(tenantId, userId, request.body);
    },
  });
}
