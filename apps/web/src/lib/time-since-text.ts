import { timeSince } from '@gridlens/domain/time-since';

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** "12 minutes ago" in the user's language, in the largest whole unit of spec §9 (Intl knows each language's plurals). */
export function timeSinceText(thenMs: number, nowMs: number, languageTag: string): string {
  const { value, unit } = timeSince(thenMs, nowMs);
  let format = relativeFormats.get(languageTag);
  if (!format) {
    format = new Intl.RelativeTimeFormat(languageTag, { numeric: 'auto' });
    relativeFormats.set(languageTag, format);
  }
  if (unit === 'ms') return format.format(0, 'second');
  return format.format(-value, unit.slice(0, -1) as Intl.RelativeTimeFormatUnitSingular);
}
