import { isAmericanTimeZone } from './time-zone';

export const MINUTE_MS = 60_000;

/** Spec §9: times are shown rounded to the minute (half a minute rounds up). */
export function roundToMinute(epochMs: number): number {
  return Math.round(epochMs / MINUTE_MS) * MINUTE_MS;
}

interface CalendarParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

/** One formatter per time zone: making an Intl.DateTimeFormat costs far more than using one (10,000 table cells). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function calendarParts(epochMs: number, timeZone: string): CalendarParts {
  const parts = formatterFor(timeZone).formatToParts(epochMs);
  const pick = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: pick('year'), month: pick('month'), day: pick('day'), hour: pick('hour'), minute: pick('minute') };
}

/** Spec §9: MM/DD/YYYY in American time zones, DD/MM/YYYY elsewhere. */
export function formatDate(epochMs: number, timeZone: string): string {
  const p = calendarParts(epochMs, timeZone);
  return isAmericanTimeZone(timeZone) ? `${p.month}/${p.day}/${p.year}` : `${p.day}/${p.month}/${p.year}`;
}

/** Spec §9: the date format of the zone with a 24-hour time, rounded to the minute. */
export function formatDateTime(epochMs: number, timeZone: string): string {
  const rounded = roundToMinute(epochMs);
  const p = calendarParts(rounded, timeZone);
  return `${formatDate(rounded, timeZone)} ${p.hour}:${p.minute}`;
}

/**
 * A calendar day (YYYY-MM-DD: an installation date, a rollup day, a report day) in the date order of the
 * user's zone. A day is not an instant, so it is not moved into the zone (noon UTC is already the next
 * day in Auckland in summer); only the order of its parts follows the zone.
 */
export function formatDay(isoDay: string, timeZone: string): string {
  const [year = '', month = '', day = ''] = isoDay.split('-');
  return isAmericanTimeZone(timeZone) ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
}

/** Wall-clock fields with seconds, one formatter per zone (a spreadsheet converts every date cell of a report). */
const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The instant as the clock on the wall of `timeZone` shows it, written as if that wall clock were UTC: the
 * number a spreadsheet date must hold, since spreadsheet dates carry no zone (Excel shows a serial as it is).
 */
export function wallClockMs(epochMs: number, timeZone: string): number {
  let formatter = wallClockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    wallClockFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(epochMs);
  const pick = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wholeSecond = Date.UTC(pick('year'), pick('month') - 1, pick('day'), pick('hour'), pick('minute'), pick('second'));
  return wholeSecond + (((epochMs % 1000) + 1000) % 1000);
}
