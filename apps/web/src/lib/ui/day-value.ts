import { isAmericanTimeZone } from '@gridlens/domain/time-zone';

/** What the picker's onChange hands back for a day typed only in part, or not a day of the calendar. */
export const INCOMPLETE_DAY = 'incomplete';

/** A calendar day (YYYY-MM-DD) as the picker's date: that day at local midnight, whatever the zone. */
export function dateOfDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The picker's date as a calendar day (YYYY-MM-DD); '' when cleared, INCOMPLETE_DAY when not a whole day. */
export function dayOfDate(date: Date | null): string {
  if (date === null) return '';
  if (Number.isNaN(date.getTime()) || date.getFullYear() < 1000 || date.getFullYear() > 9999) return INCOMPLETE_DAY;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Spec §9: month first in American time zones, day first elsewhere, as every date on screen is written. */
export const dayFormatOf = (timeZone: string) => (isAmericanTimeZone(timeZone) ? 'MM/dd/yyyy' : 'dd/MM/yyyy');
