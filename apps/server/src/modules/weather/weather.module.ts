import { routesPlugin, type ServerModule } from '../../server-module';
import type { FetchLike, WeatherServiceConfig } from './external-weather';
import { registerWeatherRoutes } from './weather.routes';
import { createWeatherService } from './weather.service';
import type { HourlyTemperaturesOf } from './weather.public';

/**
 * Ambient temperature (no tables): the offline climate model of packages/domain/src/weather, or an external
 * service when WEATHER_API_URL is set. A device's place is the assets module's.
 */
export function createWeatherModule(options: {
  service: WeatherServiceConfig | null;
  placeOf: (tenantId: string, deviceId: string) => Promise<{ latitude: number | null; longitude: number | null }>;
  warn: (message: string) => void;
  keepsPowerData: (tenantId: string) => Promise<boolean>;
  fetchFn?: FetchLike;
}): ServerModule & { hourlyTemperatures: HourlyTemperaturesOf } {
  const weather = createWeatherService(options);
  return {
    name: 'weather',
    api: routesPlugin((api) => registerWeatherRoutes(api, weather, options.keepsPowerData)),
    /** Hourly temperatures for a place and period, for other modules (the loss of life). */
    hourlyTemperatures: weather.hourlyTemperatures,
  };
}
