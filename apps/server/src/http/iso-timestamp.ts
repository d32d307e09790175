import { DAY_MS } from '@gridlens/domain/time-range';

/** '00'…'99', so that a clock field is one array read rather than a padStart. */
const TWO_DIGITS = Array.from({ length: 100 }, (_unused, n) => String(n).padStart(2, '0'));

let cachedDay = Number.NaN;
let cachedDayPrefix = '';

/**
 * `new Date(ms).toISOString()`, three times faster for the lists that write thousands of recent times (the
 * assets list's last-message column took 8 ms of its 10,000 rows): the 'YYYY-MM-DDT' of the last day seen is
 * kept, and the time of day is built from digit pairs. Times outside 1970–9999 go to toISOString as they are.
 */
export function isoTimestamp(ms: number): string {
  const whole = Math.trunc(ms); // as Date does: an epoch time in ms is truncated to an integer
  if (!(whole >= 0 && whole < 253_402_300_800_000)) return new Date(whole).toISOString();
  const day = Math.floor(whole / DAY_MS);
  if (day !== cachedDay) {
    cachedDay = day;
    cachedDayPrefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
  }
  let rest = whole - day * DAY_MS;
  const millis = rest % 1000;
  rest = (rest - millis) / 1000;
  const seconds = rest % 60;
  rest = (rest - seconds) / 60;
  const minutes = rest % 60;
  const hours = (rest - minutes) / 60;
  const millisText = millis < 10 ? `00${millis}` : millis < 100 ? `0${millis}` : String(millis);
  return `${cachedDayPrefix}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${millisText}Z`;
}

/** A time as the database drivers give it (a Date, or text) in ISO 8601, as every answer writes times. */
export const isoOf = (value: Date | string): string => new Date(value).toISOString();
