import { describe, expect, it } from 'vitest';
import { celsiusToFahrenheit, resolveTemperatureMetric, temperatureInMetric } from './temperature';

describe('resolveTemperatureMetric', () => {
  it('resolves an empty preference to fahrenheit in an American time zone', () => {
    expect(resolveTemperatureMetric('', 'America/New_York')).toBe('fahrenheit');
  });

  it('resolves an empty preference to celsius outside the United States', () => {
    expect(resolveTemperatureMetric('', 'Europe/Dublin')).toBe('celsius');
    expect(resolveTemperatureMetric('', 'America/Toronto')).toBe('celsius');
  });

  it('resolves an empty preference to celsius when the time zone is unknown', () => {
    expect(resolveTemperatureMetric('', undefined)).toBe('celsius');
  });

  it('keeps an explicit preference whatever the time zone', () => {
    expect(resolveTemperatureMetric('celsius', 'America/New_York')).toBe('celsius');
    expect(resolveTemperatureMetric('fahrenheit', 'Europe/Dublin')).toBe('fahrenheit');
    expect(resolveTemperatureMetric('fahrenheit', undefined)).toBe('fahrenheit');
  });
});

describe('celsiusToFahrenheit', () => {
  it.each([
    [0, 32],
    [100, 212],
    [-40, -40],
    [37, 98.6],
  ])('converts %s °C to %s °F', (celsius, fahrenheit) => {
    expect(celsiusToFahrenheit(celsius)).toBeCloseTo(fahrenheit, 10);
  });
});

describe('temperatureInMetric', () => {
  it('converts to fahrenheit when that is the metric', () => {
    expect(temperatureInMetric(100, 'fahrenheit')).toBe(212);
  });

  it('returns the stored celsius value unchanged for celsius', () => {
    expect(temperatureInMetric(21.5, 'celsius')).toBe(21.5);
  });
});

describe('resolveTemperatureMetric under old zone names', () => {
  it.each(['America/Indianapolis', 'America/Louisville', 'America/Fort_Wayne', 'US/Eastern'])('takes Fahrenheit in %s', (zone) => {
    expect(resolveTemperatureMetric('', zone)).toBe('fahrenheit');
  });

  it('takes Celsius in Asia/Calcutta', () => {
    expect(resolveTemperatureMetric('', 'Asia/Calcutta')).toBe('celsius');
  });
});
