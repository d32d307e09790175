import type { TimeRange } from '@gridlens/contract/power-readings';
import { DAY_MS, periodOfRange } from '@gridlens/domain/time-range';
import { validationError } from './http-error';

/*
 * The period a device read asks for (a named range, or from/to), as the power-readings and power-quality
 * modules both take it from their query strings.
 */

/** The longest explicit period a read may span (a year and a bit, for "1y" with margin). */
const MAX_PERIOD_DAYS = 400;
const DEFAULT_RANGE: TimeRange = '7d';

export interface PeriodInput {
  range?: TimeRange | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Explicit from/to win over a named range; both bounds are checked so a bad period never reaches SQL. */
export function resolvePeriod(input: PeriodInput, nowMs: number): { from: Date; to: Date } {
  if (input.from || input.to) {
    const from = Date.parse(input.from ?? '');
    const to = input.to ? Date.parse(input.to) : nowMs;
    if (Number.isNaN(from)) throw validationError([{ field: 'from', message: 'from is required when to is given' }]);
    if (from >= to) throw validationError([{ field: 'from', message: 'from must be before to' }]);
    if (to - from > MAX_PERIOD_DAYS * DAY_MS)
      throw validationError([{ field: 'from', message: `A period may span at most ${MAX_PERIOD_DAYS} days` }]);
    return { from: new Date(from), to: new Date(to) };
  }
  const { fromMs, toMs } = periodOfRange(input.range ?? DEFAULT_RANGE, nowMs);
  return { from: new Date(fromMs), to: new Date(toMs) };
}
