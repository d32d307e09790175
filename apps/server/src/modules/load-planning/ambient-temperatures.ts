import type { GeoPoint } from '@gridlens/domain/geo';
import { zonedDayStartMs } from '@gridlens/domain/time-range';
import type { HourlyTemperaturesOf } from '../weather/weather.public';

/**
 * The hourly air temperature (°C, 24 values) of a local day at a tenant's transformers, which the heat-pump model
 * needs: the weather module's (`fromWeather`).
 */
export interface AmbientTemperatures {
  hourlyC(tenantId: string, day: string): Promise<Float64Array>;
}

const HOURS_PER_DAY = 24;
const HOUR_MS = 3_600_000;

/**
 * The weather module's hourly temperatures (the offline climate model for Ireland, or a configured service) at
 * `place`, for the 24 hours from the tenant's local midnight of `day`. One place for the whole tenant: the climate
 * model's spread across Ireland (about 1-2 K between coast and midlands) is small beside a year's uptake.
 */
export function fromWeather(
  hourly: HourlyTemperaturesOf,
  place: GeoPoint,
  timeZoneOf: (tenantId: string) => Promise<string>,
): AmbientTemperatures {
  return {
    async hourlyC(tenantId, day) {
      const fromMs = zonedDayStartMs(day, await timeZoneOf(tenantId));
      const { temperatureC } = await hourly(place, fromMs, fromMs + (HOURS_PER_DAY - 1) * HOUR_MS);
      return Float64Array.from({ length: HOURS_PER_DAY }, (_, h) => temperatureC[h] ?? temperatureC[temperatureC.length - 1] ?? 0);
    },
  };
}
