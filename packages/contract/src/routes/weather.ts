import { route } from '../route';

export const weatherRoutes = {
  temperatures: route({
    method: 'GET',
    path: '/api/weather/temperatures',
    operationId: 'getWeatherTemperatures',
    security: 'tenant',
  }),
};
