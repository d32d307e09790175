import type { WeatherTemperatures } from '@gridlens/contract/weather';
import type { GeoPoint } from '@gridlens/domain/geo';
import { ambientTemperaturesC } from '@gridlens/domain/weather/climate-model';
import { notFound, validationError } from '../../http/http-error';
import { resolvePeriod, type PeriodInput } from '../../http/period-input';
import { fetchHourlyTemperatures, type FetchLike, type WeatherServiceConfig } from './external-weather';
import type { HourlyTemperatures } from './weather.public';

const MS_PER_HOUR = 3_600_000;

export interface WeatherQuery extends PeriodInput {
  latitude?: number | undefined;
  longitude?: number | undefined;
  device_id?: string | undefined;
}

interface Deps {
  /** The external service, or null: the offline climate model answers. */
  service: WeatherServiceConfig | null;
  /** A device's place within the tenant (404 for another tenant's device; null fields when it has none). */
  placeOf: (tenantId: string, deviceId: string) => Promise<{ latitude: number | null; longitude: number | null }>;
  warn: (message: string) => void;
  fetchFn?: FetchLike;
  now?: () => number;
}

/** Ambient temperatures: the configured service when it answers in time, else the climate model (domain-references §6). */
export function createWeatherService({ service, placeOf, warn, fetchFn, now = Date.now }: Deps) {
  async function hourlyTemperatures(point: GeoPoint, fromMs: number, toMs: number): Promise<HourlyTemperatures> {
    const startMs = Math.floor(fromMs / MS_PER_HOUR) * MS_PER_HOUR;
    const hours = Math.floor((Math.ceil(toMs / MS_PER_HOUR) * MS_PER_HOUR - startMs) / MS_PER_HOUR) + 1;
    const timesMs = Float64Array.from({ length: hours }, (_, i) => startMs + i * MS_PER_HOUR);
    const modelled = ambientTemperaturesC(point, timesMs);
    if (service === null) return { source: 'climate-model', modelledHours: hours, timesMs, temperatureC: modelled };
    try {
      const byHour = await fetchHourlyTemperatures(service, point, startMs, timesMs[hours - 1]!, fetchFn);
      let modelledHours = 0;
      const temperatureC = timesMs.map((atMs, i) => {
        const value = byHour.get(atMs);
        if (value !== undefined) return value;
        modelledHours += 1;
        return modelled[i]!;
      });
      if (modelledHours === hours) return { source: 'climate-model', modelledHours, timesMs, temperatureC: modelled };
      return { source: 'external', modelledHours, timesMs, temperatureC };
    } catch (error) {
      warn(`weather service failed, the climate model answers: ${error instanceof Error ? error.message : String(error)}`);
      return { source: 'climate-model', modelledHours: hours, timesMs, temperatureC: modelled };
    }
  }

  async function pointOf(tenantId: string, query: WeatherQuery): Promise<GeoPoint> {
    if (query.device_id !== undefined) {
      const place = await placeOf(tenantId, query.device_id);
      if (place.latitude === null || place.longitude === null) throw notFound('Location of the device');
      return { latitude: place.latitude, longitude: place.longitude };
    }
    if (query.latitude === undefined)
      throw validationError([{ field: 'latitude', message: 'latitude and longitude, or device_id, are required' }]);
    if (query.longitude === undefined) throw validationError([{ field: 'longitude', message: 'longitude is required with latitude' }]);
    return { latitude: query.latitude, longitude: query.longitude };
  }

  return {
    hourlyTemperatures,

    /** GET /api/weather/temperatures. */
    async temperatures(tenantId: string, query: WeatherQuery): Promise<WeatherTemperatures> {
      const { from, to } = resolvePeriod(query, now());
      const point = await pointOf(tenantId, query);
      const answer = await hourlyTemperatures(point, from.getTime(), to.getTime());
      const last = answer.timesMs.length - 1;
      return {
        ...point,
        from: new Date(answer.timesMs[0]!).toISOString(),
        to: new Date(answer.timesMs[last]!).toISOString(),
        source: answer.source,
        modelled_hours: answer.modelledHours,
        interval_minutes: 60,
        temperatures: Array.from(answer.timesMs, (atMs, i) => ({
          time: new Date(atMs).toISOString(),
          temperature_c: answer.temperatureC[i]!,
        })),
      };
    },
  };
}
export type WeatherService = ReturnType<typeof createWeatherService>;
