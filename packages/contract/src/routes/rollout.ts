import { route } from '../route';

/** The kinds of file a rollout plan is imported from and exported to (the import's Content-Type). */
export const ROLLOUT_IMPORT_CONTENT_TYPES = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] as const;

/**
 * The rollout dashboard (spec §1 and §2; issue 30): the installation programme's sites and planner groups, its
 * devices' status and their dated history, the dashboard's figures, the installed-but-silent queue, and the plan's
 * import and export.
 */
export const rolloutRoutes = {
  summary: route({ security: 'tenant', method: 'GET', path: '/api/rollout/summary', operationId: 'getRolloutSummary' }),
  silent: route({ security: 'tenant', method: 'GET', path: '/api/rollout/silent', operationId: 'listInstalledButSilent' }),
  groups: route({ security: 'tenant', method: 'GET', path: '/api/rollout/groups', operationId: 'listPlannerGroups' }),
  createGroup: route({ security: 'tenant', method: 'POST', path: '/api/rollout/groups', operationId: 'createPlannerGroup' }),
  updateGroup: route({ security: 'tenant', method: 'PUT', path: '/api/rollout/groups/:group_id', operationId: 'updatePlannerGroup' }),
  removeGroup: route({ security: 'tenant', method: 'DELETE', path: '/api/rollout/groups/:group_id', operationId: 'deletePlannerGroup' }),
  sites: route({ security: 'tenant', method: 'GET', path: '/api/rollout/sites', operationId: 'listRolloutSites' }),
  site: route({ security: 'tenant', method: 'GET', path: '/api/rollout/sites/:site_id', operationId: 'getRolloutSite' }),
  createSite: route({ security: 'tenant', method: 'POST', path: '/api/rollout/sites', operationId: 'createRolloutSite' }),
  updateSite: route({ security: 'tenant', method: 'PUT', path: '/api/rollout/sites/:site_id', operationId: 'updateRolloutSite' }),
  removeSite: route({ security: 'tenant', method: 'DELETE', path: '/api/rollout/sites/:site_id', operationId: 'deleteRolloutSite' }),
  abortSite: route({ security: 'tenant', method: 'POST', path: '/api/rollout/sites/:site_id/abort', operationId: 'abortRolloutSite' }),
  devices: route({ security: 'tenant', method: 'GET', path: '/api/rollout/devices', operationId: 'listRolloutDevices' }),
  deviceHistory: route({
    security: 'tenant',
    method: 'GET',
    path: '/api/rollout/devices/:device_id/history',
    operationId: 'getDeviceStatusHistory',
  }),
  setDeviceStatus: route({
    security: 'tenant',
    method: 'PUT',
    path: '/api/rollout/devices/:device_id/status',
    operationId: 'setDeviceStatus',
  }),
  abortReasons: route({ security: 'tenant', method: 'GET', path: '/api/rollout/abort-reasons', operationId: 'listAbortReasons' }),
  addAbortReason: route({ security: 'tenant', method: 'POST', path: '/api/rollout/abort-reasons', operationId: 'addAbortReason' }),
  importPlan: route({
    security: 'tenant',
    method: 'POST',
    path: '/api/rollout/import/:kind',
    operationId: 'importRolloutPlan',
    consumes: ROLLOUT_IMPORT_CONTENT_TYPES,
  }),
  exportPlan: route({
    security: 'tenant',
    method: 'GET',
    path: '/api/rollout/export/:kind/:format',
    operationId: 'exportRolloutPlan',
    answersBytes: true,
  }),
};
