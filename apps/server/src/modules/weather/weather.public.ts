import type { WeatherSource } from '@gridlens/contract/weather';
import type { GeoPoint } from '@gridlens/domain/geo';

/*
 * What the weather module offers other modules besides its factory (weather.module.ts): hourly ambient
 * temperatures for a place and period.
 */

/** Hourly ambient temperatures: `timesMs` on the hour (epoch ms), `temperatureC` in °C, and who answered. */
export interface HourlyTemperatures {
  source: WeatherSource;
  /** Hours the climate model supplied (every hour when `source` is the model). */
  modelledHours: number;
  timesMs: Float64Array;
  temperatureC: Float64Array;
}

/** Every hour from `fromMs` (rounded down to the hour) to `toMs` (rounded up), both ends included. */
export type HourlyTemperaturesOf = (point: GeoPoint, fromMs: number, toMs: number) => Promise<HourlyTemperatures>;
