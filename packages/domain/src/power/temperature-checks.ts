/**
 * Checks on the monitor's temperature sensor, which sits on the transformer tank. All thresholds here are product
 * decisions: spec §3 names the flags (temperature outside range, over limit, sense error) but gives no numbers.
 */

/**
 * Product decision: a tank temperature above 90 °C is over the limit. It leaves margin below the 105 °C top-oil
 * limit of IEC 60076-7 normal cyclic loading (domain-references §2), since the tank wall runs cooler than the top oil.
 */
export const TEMPERATURE_OVER_LIMIT_C = 90;
/**
 * Product decision: the expected operating range of the tank. -25 °C is colder than almost any Irish or British
 * winter night; 100 °C is just under the 105 °C top-oil limit (domain-references §2). Outside it, suspect the sensor.
 */
export const TEMPERATURE_RANGE_MIN_C = -25;
/** See TEMPERATURE_RANGE_MIN_C. */
export const TEMPERATURE_RANGE_MAX_C = 100;

/** Product decision: the measuring limits of a DS18B20-class digital sensor; a reading beyond them cannot be real. */
export const TEMPERATURE_SENSOR_MIN_C = -55;
/** See TEMPERATURE_SENSOR_MIN_C. */
export const TEMPERATURE_SENSOR_MAX_C = 125;
/**
 * Values that firmware reports for a disconnected sensor: -127 °C is the common "device disconnected" code.
 * 85 °C (the DS18B20 power-on value) is deliberately not an error: it is a plausible tank temperature.
 */
export const TEMPERATURE_SENSE_ERROR_CODES: readonly number[] = [-127];

/** The reading when it is one the sensor can really produce, else null. */
function validReadingC(temperatureC: number | null | undefined): number | null {
  if (temperatureC === null || temperatureC === undefined || Number.isNaN(temperatureC)) return null;
  if (TEMPERATURE_SENSE_ERROR_CODES.includes(temperatureC)) return null;
  if (temperatureC < TEMPERATURE_SENSOR_MIN_C || temperatureC > TEMPERATURE_SENSOR_MAX_C) return null;
  return temperatureC;
}

/** A sense error: no reading (null, undefined, NaN), an error code, or a value beyond the sensor's own limits. */
export function isTemperatureSenseError(temperatureC: number | null | undefined): boolean {
  return validReadingC(temperatureC) === null;
}

/** A valid reading outside the operating range -25..100 °C (both ends inside). */
export function isTemperatureOutsideRange(temperatureC: number | null | undefined): boolean {
  const readingC = validReadingC(temperatureC);
  return readingC !== null && (readingC < TEMPERATURE_RANGE_MIN_C || readingC > TEMPERATURE_RANGE_MAX_C);
}

/** A valid reading above 90 °C (exactly 90 °C is not over). */
export function isTemperatureOverLimit(temperatureC: number | null | undefined): boolean {
  const readingC = validReadingC(temperatureC);
  return readingC !== null && readingC > TEMPERATURE_OVER_LIMIT_C;
}
