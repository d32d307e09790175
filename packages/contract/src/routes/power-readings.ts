import { route } from '../route';

export const powerReadingsRoutes = {
  messages: route({
    method: 'GET',
    path: '/api/powerdata/messages/device/:device_id',
    operationId: 'listPowerDeviceMessages',
    security: 'tenant',
  }),
  chart: route({
    method: 'GET',
    path: '/api/powerdata/device/chartdata/:id',
    operationId: 'getPowerDeviceChart',
    security: 'tenant',
  }),
  dailyTrends: route({
    method: 'GET',
    path: '/api/powerdata/device/intchartdata/:id',
    operationId: 'getPowerDeviceDailyTrends',
    security: 'tenant',
  }),
  fleetStats: route({
    method: 'GET',
    path: '/api/powerdata/device/stats/:duration',
    operationId: 'getPowerFleetStats',
    security: 'tenant',
  }),
  issueTimeline: route({
    method: 'GET',
    path: '/api/powerdata/device/issuestats/:duration',
    operationId: 'getPowerIssueTimeline',
    security: 'tenant',
  }),
  dayReport: route({
    method: 'GET',
    path: '/api/powerdata/report',
    operationId: 'getPowerReport',
    security: 'tenant',
  }),
  fleetTotals: route({
    method: 'GET',
    path: '/api/powerdata/device/totalstats/:duration',
    operationId: 'getPowerFleetTotals',
    security: 'tenant',
  }),
};
