import type { FastifyInstance } from 'fastify';
import { weatherApi } from '@gridlens/contract/weather';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import { notFound } from '../../http/http-error';
import type { WeatherService } from './weather.service';

/**
 * GET /api/weather/temperatures, for power-data tenants (spec §7 lists it with the power data): a tracking tenant
 * gets 404 as from the other power-data endpoints, and cannot make the server call a configured paid service.
 */
export function registerWeatherRoutes(
  app: FastifyInstance,
  weather: WeatherService,
  keepsPowerData: (tenantId: string) => Promise<boolean>,
): void {
  bindEndpoint(app, weatherApi.temperatures, async (request) => {
    const { tenantId } = tenantPrincipal(request);
    if (!(await keepsPowerData(tenantId))) throw notFound('Ambient temperature');
    return weather.temperatures(tenantId, request.query);
  });
}
