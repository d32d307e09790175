import { isAmericanTimeZone } from './time-zone';

export const TEMPERATURE_METRICS = ['celsius', 'fahrenheit'] as const;
export type TemperatureMetric = (typeof TEMPERATURE_METRICS)[number];
/** What the user stored: a unit, or '' for "automatic from my time zone". */
export type TemperatureMetricPreference = TemperatureMetric | '';

/** Spec §3 User config: an empty preference means Fahrenheit in American time zones, Celsius elsewhere. */
export function resolveTemperatureMetric(preference: TemperatureMetricPreference, timeZone: string | undefined): TemperatureMetric {
  if (preference !== '') return preference;
  return isAmericanTimeZone(timeZone) ? 'fahrenheit' : 'celsius';
}

export function celsiusToFahrenheit(temperatureC: number): number {
  return (temperatureC * 9) / 5 + 32;
}

export function fahrenheitToCelsius(temperatureF: number): number {
  return ((temperatureF - 32) * 5) / 9;
}

/** A temperature typed in the user's unit, in Celsius as it is stored. */
export function temperatureFromMetric(temperature: number, metric: TemperatureMetric): number {
  return metric === 'fahrenheit' ? fahrenheitToCelsius(temperature) : temperature;
}

/** Temperatures are stored in Celsius (brief §5) and shown in the user's unit. */
export function temperatureInMetric(temperatureC: number, metric: TemperatureMetric): number {
  return metric === 'fahrenheit' ? celsiusToFahrenheit(temperatureC) : temperatureC;
}

/** The symbol of a temperature unit, as column titles and values show it. */
export const temperatureUnit = (metric: TemperatureMetric): string => (metric === 'fahrenheit' ? '°F' : '°C');
