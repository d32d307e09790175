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

/**
 * Old names of zones (tzdata's `backward` links) that browsers and Node still report: ICU's canonical name is
 * CLDR's, which keeps some old ones (America/Indianapolis, Asia/Calcutta), and a browser that reports the zone as
 * the system names it may hand back any link. The links of United States zones are all here, so that the decision
 * does not depend on what a runtime canonicalises; the others are the common ones CLDR still prefers.
 */
const LINKS: Readonly<Record<string, string>> = {
  'America/Atka': 'America/Adak',
  'America/Fort_Wayne': 'America/Indiana/Indianapolis',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Knox_IN': 'America/Indiana/Knox',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Shiprock': 'America/Denver',
  Navajo: 'America/Denver',
  'Pacific/Johnston': 'Pacific/Honolulu',
  'US/Alaska': 'America/Anchorage',
  'US/Aleutian': 'America/Adak',
  'US/Arizona': 'America/Phoenix',
  'US/Central': 'America/Chicago',
  'US/East-Indiana': 'America/Indiana/Indianapolis',
  'US/Eastern': 'America/New_York',
  'US/Hawaii': 'Pacific/Honolulu',
  'US/Indiana-Starke': 'America/Indiana/Knox',
  'US/Michigan': 'America/Detroit',
  'US/Mountain': 'America/Denver',
  'US/Pacific': 'America/Los_Angeles',
  'US/Pacific-New': 'America/Los_Angeles',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'America/Godthab': 'America/Nuuk',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Montreal': 'America/Toronto',
  Eire: 'Europe/Dublin',
  GB: 'Europe/London',
  Poland: 'Europe/Warsaw',
};

/**
 * The current IANA name of a zone: the runtime's canonical name (which resolves most links, "US/Eastern" to
 * "America/New_York"), then our table of the old names ICU keeps. A name the runtime does not know is returned as given.
 */
export function canonicalTimeZone(timeZone: string): string {
  const direct = LINKS[timeZone];
  if (direct) return direct;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return timeZone;
  }
  return LINKS[resolved] ?? resolved;
}

const isUsZoneName = (zone: string) => US_ZONES.has(zone) || US_ZONE_PREFIXES.some((prefix) => zone.startsWith(prefix));

/**
 * The answer per zone name, kept: resolving a name makes an Intl.DateTimeFormat, and every date written asks
 * (a report's spreadsheet writes tens of thousands; uncached, that alone took a third of a second).
 */
const americanZones = new Map<string, boolean>();

/** Whether the zone is one of the United States', under its current name or an old one (America/Fort_Wayne). */
export function isAmericanTimeZone(timeZone: string | undefined | null): boolean {
  if (!timeZone) return false;
  let american = americanZones.get(timeZone);
  if (american === undefined) {
    american = isUsZoneName(timeZone) || isUsZoneName(canonicalTimeZone(timeZone));
    if (americanZones.size >= 1_000) americanZones.clear(); // names are few; this only bounds a flood of odd ones
    americanZones.set(timeZone, american);
  }
  return american;
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
