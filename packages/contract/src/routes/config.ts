import { route } from '../route';

export const configRoutes = {
  tenantSettings: route({
    security: 'tenant',
    method: 'GET',
    path: '/api/config/tenant/settings',
    operationId: 'getTenantSettings',
  }),
  updateTenantSettings: route({
    security: 'tenant',
    method: 'PUT',
    path: '/api/config/tenant/settings',
    operationId: 'updateTenantSettings',
  }),
  sections: route({
    security: 'tenant',
    method: 'GET',
    path: '/api/config/sections',
    operationId: 'getSectionCatalogue',
  }),
  userSettings: route({
    security: 'tenant',
    method: 'GET',
    path: '/api/config/settings',
    operationId: 'getUserSettings',
  }),
  updateUserSettings: route({
    security: 'tenant',
    method: 'PUT',
    path: '/api/config/settings',
    operationId: 'updateUserSettings',
  }),
};
