import { route } from '../route';

/** The image types a device's Images tab takes (the upload's Content-Type). */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const powerQualityRoutes = {
  events: route({
    method: 'GET',
    path: '/api/powerdata/events/device/:device_id',
    operationId: 'listPowerQualityEvents',
    security: 'tenant',
  }),
  faults: route({
    method: 'GET',
    path: '/api/powerdata/faults/device/:device_id',
    operationId: 'listFaultRecords',
    security: 'tenant',
  }),
  hydrogen: route({
    method: 'GET',
    path: '/api/powerdata/hydrogen/device/:device_id',
    operationId: 'getHydrogenData',
    security: 'tenant',
  }),
  hydrogenConfig: route({
    method: 'GET',
    path: '/api/powerdata/hydrogen/config/:device_id',
    operationId: 'getHydrogenSensorConfig',
    security: 'tenant',
  }),
  saveHydrogenConfig: route({
    method: 'PUT',
    path: '/api/powerdata/hydrogen/config/:device_id',
    operationId: 'saveHydrogenSensorConfig',
    security: 'tenant',
  }),
  metering: route({
    method: 'GET',
    path: '/api/powerdata/metering/device/:device_id',
    operationId: 'getMeteringData',
    security: 'tenant',
  }),
  uploadImage: route({
    method: 'POST',
    path: '/api/powerdata/images/device/:device_id',
    operationId: 'uploadDeviceImage',
    security: 'tenant',
    consumes: IMAGE_CONTENT_TYPES,
  }),
  images: route({
    method: 'GET',
    path: '/api/powerdata/images/device/:device_id',
    operationId: 'listDeviceImages',
    security: 'tenant',
  }),
  imageBytes: route({
    method: 'GET',
    path: '/api/powerdata/images/:image_id',
    operationId: 'getDeviceImageBytes',
    security: 'tenant',
    answersBytes: true,
  }),
  deleteImage: route({
    method: 'DELETE',
    path: '/api/powerdata/images/:image_id',
    operationId: 'deleteDeviceImage',
    security: 'tenant',
  }),
};
