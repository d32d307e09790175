import { route } from '../route';

export const assetsRoutes = {
  list: route({
    method: 'GET',
    path: '/api/powerdata/device',
    operationId: 'listPowerDevices',
    security: 'tenant',
  }),
  register: route({
    method: 'POST',
    path: '/api/powerdata/device',
    operationId: 'registerPowerDevice',
    security: 'tenant',
  }),
  item: route({
    method: 'GET',
    path: '/api/powerdata/device/:DeviceID',
    operationId: 'getPowerDevice',
    security: 'tenant',
  }),
  update: route({
    method: 'PUT',
    path: '/api/powerdata/device/:DeviceID',
    operationId: 'updatePowerDevice',
    security: 'tenant',
  }),
  watchlist: route({
    method: 'GET',
    path: '/api/watchlist/device',
    operationId: 'getDeviceWatchlist',
    security: 'tenant',
  }),
  watch: route({
    method: 'POST',
    path: '/api/watchlist/device',
    operationId: 'watchDevice',
    security: 'tenant',
  }),
  unwatch: route({
    method: 'DELETE',
    path: '/api/watchlist/device',
    operationId: 'unwatchDevice',
    security: 'tenant',
  }),
};
