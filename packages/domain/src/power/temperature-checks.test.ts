import { describe, expect, it } from 'vitest';
import {
  isTemperatureOutsideRange,
  isTemperatureOverLimit,
  isTemperatureSenseError,
  TEMPERATURE_OVER_LIMIT_C,
  TEMPERATURE_RANGE_MAX_C,
  TEMPERATURE_RANGE_MIN_C,
  TEMPERATURE_SENSE_ERROR_CODES,
  TEMPERATURE_SENSOR_MAX_C,
  TEMPERATURE_SENSOR_MIN_C,
} from './temperature-checks';

describe('temperature thresholds', () => {
  it('has the product decisions', () => {
    expect(TEMPERATURE_OVER_LIMIT_C).toBe(90);
    expect([TEMPERATURE_RANGE_MIN_C, TEMPERATURE_RANGE_MAX_C]).toEqual([-25, 100]);
    expect([TEMPERATURE_SENSOR_MIN_C, TEMPERATURE_SENSOR_MAX_C]).toEqual([-55, 125]);
    expect(TEMPERATURE_SENSE_ERROR_CODES).toEqual([-127]);
  });
});

describe('isTemperatureSenseError', () => {
  it.each([null, undefined, Number.NaN, -127, -55.1, 125.1, 1000, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    '%s is a sense error',
    (temperatureC) => {
      expect(isTemperatureSenseError(temperatureC)).toBe(true);
    },
  );

  it.each([-55, -25, 0, 20.5, 85, 90, 125])('%f °C is a real reading', (temperatureC) => {
    expect(isTemperatureSenseError(temperatureC)).toBe(false);
  });
});

describe('isTemperatureOutsideRange', () => {
  it.each([
    [-25, false],
    [100, false],
    [40, false],
    [-25.1, true],
    [100.1, true],
    [-55, true],
    [125, true],
  ])('%f °C → %s', (temperatureC, expected) => {
    expect(isTemperatureOutsideRange(temperatureC)).toBe(expected);
  });

  it.each([null, Number.NaN, -127, 200])('does not double-report the sense error %s', (temperatureC) => {
    expect(isTemperatureOutsideRange(temperatureC)).toBe(false);
  });
});

describe('isTemperatureOverLimit', () => {
  it.each([
    [90, false],
    [90.1, true],
    [125, true],
    [20, false],
    [-20, false],
  ])('%f °C → %s', (temperatureC, expected) => {
    expect(isTemperatureOverLimit(temperatureC)).toBe(expected);
  });

  it.each([null, undefined, Number.NaN, 126])('does not report the sense error %s as over the limit', (temperatureC) => {
    expect(isTemperatureOverLimit(temperatureC)).toBe(false);
  });
});
