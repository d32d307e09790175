import { route } from '../route';

/** Issue 20: the EV and heat-pump analysis of transformers (spec §7 powerdata endpoints). */
export const loadPlanningRoutes = {
  evAnalysis: route({
    method: 'GET',
    path: '/api/powerdata/evmodelanalysis/:id',
    operationId: 'getTransformerEvAnalysis',
    security: 'tenant',
  }),
  analysis: route({
    method: 'GET',
    path: '/api/powerdata/modelanalysis/:id',
    operationId: 'getTransformerLoadAnalysis',
    security: 'tenant',
  }),
  fleetAnalysis: route({
    method: 'GET',
    path: '/api/powerdata/model_fleetanalysis/:id_ev/:id_hp',
    operationId: 'getFleetLoadAnalysis',
    security: 'tenant',
  }),
  baseData: route({
    method: 'GET',
    path: '/api/powerdata/evbasedata/device/:device_id',
    operationId: 'getTransformerModelInputs',
    security: 'tenant',
  }),
  dwellingMix: route({
    method: 'GET',
    path: '/api/powerdata/ber/device/:areaId',
    operationId: 'getAreaDwellingMix',
    security: 'tenant',
  }),
};
