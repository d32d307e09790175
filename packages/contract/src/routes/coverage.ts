import { route } from '../route';

export const coverageRoutes = {
  coverage: route({
    method: 'GET',
    path: '/api/powerdata/coverage',
    operationId: 'getDeviceCoverage',
    security: 'tenant',
  }),
  deviceTest: route({
    method: 'GET',
    path: '/api/powerdata/device-test/:DeviceID',
    operationId: 'testDevice',
    security: 'installer',
  }),
  recordDeviceTest: route({
    method: 'POST',
    path: '/api/powerdata/device-test/:DeviceID',
    operationId: 'recordDeviceTest',
    security: 'installer',
  }),
};
