import { route } from '../route';

export const loadAnalysisRoutes = {
  admd: route({
    method: 'GET',
    path: '/api/powerdata/ADMD_DataExtraction',
    operationId: 'getAdmdExtraction',
    security: 'tenant',
  }),
  lossOfLife: route({
    method: 'GET',
    path: '/api/powerdata/lossOfLife',
    operationId: 'getLossOfLife',
    security: 'tenant',
  }),
};
