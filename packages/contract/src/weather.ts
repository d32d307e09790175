import { z } from 'zod';
import { endpoint } from './endpoint';
import { ApiErrorSchema } from './errors';
import { PeriodQuerySchema } from './power-readings';
import { weatherRoutes } from './routes/weather';

/**
 * GET /api/weather/temperatures: hourly ambient temperature for a place (latitude and longitude, or a device's
 * place) over a period (a named range, or from/to; at most 400 days). The offline climate model answers unless an
 * external weather service is configured (docs/configuration.md), and the answer says which did.
 */
export const WeatherQuerySchema = PeriodQuerySchema.extend({
  latitude: z.coerce.number().min(-90, 'latitude must be at least -90').max(90, 'latitude must be at most 90').optional(),
  longitude: z.coerce.number().min(-180, 'longitude must be at least -180').max(180, 'longitude must be at most 180').optional(),
  device_id: z.string().min(1).max(64).optional().describe('A device of the tenant whose place is used (instead of latitude/longitude)'),
});

export const WEATHER_SOURCES = ['climate-model', 'external'] as const;
export type WeatherSource = (typeof WEATHER_SOURCES)[number];

export const WeatherTemperaturesSchema = z
  .object({
    latitude: z.number(),
    longitude: z.number(),
    from: z.string().describe('The first hour (the start of the period rounded down to the hour), ISO 8601'),
    to: z.string().describe('The last hour (the end of the period rounded up to the hour), ISO 8601'),
    source: z
      .enum(WEATHER_SOURCES)
      .describe('Who answered: the offline Irish climate model, or the configured external service (the model fills any hour it left out)'),
    modelled_hours: z.number().int().describe('Hours the climate model supplied (all of them when source is climate-model)'),
    interval_minutes: z.literal(60),
    temperatures: z.array(z.object({ time: z.string(), temperature_c: z.number() })).describe('One a hour, in time order'),
  })
  .meta({ id: 'WeatherTemperatures' });
export type WeatherTemperatures = z.infer<typeof WeatherTemperaturesSchema>;

export const weatherApi = {
  temperatures: endpoint(weatherRoutes.temperatures, {
    tags: ['Weather'],
    summary: 'Hourly ambient temperature for a place and period (climate model, or the configured weather service)',
    query: WeatherQuerySchema,
    responses: { 200: WeatherTemperaturesSchema, 404: ApiErrorSchema },
  }),
};
