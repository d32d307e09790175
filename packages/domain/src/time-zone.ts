/**
 * "American time zones" in the specification (§9, §3 User config) decide two conventions:
 * MM/DD/YYYY dates and Fahrenheit temperatures. Both are United States conventions, so we
 * read "American" as the IANA zones of the United States (Canada, Mexico and South America
 * use Celsius and, mostly, day-first dates). Decision recorded in docs/decisions.md.
 */
const US_ZONE_PREFIXES = ['US/', 'America/Indiana/', 'America/Kentucky/', 'America/North_Dakota/'];

const US_ZONES = new Set([
  'America/New_York',
  'America/Detroit',
  'America/Chicago',
  'America/Menominee',
  'America/Denver',
  'America/Boise',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'America/Juneau',
  'America/Sitka',
  'America/Metlakatla',
  'America/Yakutat',
  'America/Nome',
  'America/Adak',
  'America/Puerto_Rico',
  'Pacific/Honolulu',
  'EST5EDT',
  'CST6CDT',
  'MST7MDT',
  'PST8PDT',
]);

export function isAmericanTimeZone(timeZone: string | undefined | null): boolean {
  if (!timeZone) return false;
  return US_ZONES.has(timeZone) || US_ZONE_PREFIXES.some((prefix) => timeZone.startsWith(prefix));
}

/** True when the string names a time zone the runtime's Intl database knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}
