import { formatDate, formatDateTime } from '@gridlens/domain/date-format';
import { DAY_MS } from '@gridlens/domain/time-range';

/**
 * A time-axis label in the user's zone and date format (spec §9): the time of day on charts of two days or
 * less, the date on longer ones. On a long chart only midnight ticks are labelled, so that ticks every 12
 * hours do not print each date twice.
 */
export function axisTimeLabel(ms: number, spanMs: number, timeZone: string): string {
  const clock = formatDateTime(ms, timeZone).slice(-5);
  const dayAndMonth = formatDate(ms, timeZone).slice(0, 5);
  if (spanMs <= 2 * DAY_MS) return clock === '00:00' ? dayAndMonth : clock;
  return clock === '00:00' ? dayAndMonth : '';
}
