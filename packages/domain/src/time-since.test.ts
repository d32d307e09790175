import { describe, expect, it } from 'vitest';
import { timeSince } from './time-since';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365.25 * DAY;
const MONTH = YEAR / 12;

const NOW = Date.parse('2025-06-01T12:00:00Z');
const ago = (ms: number) => timeSince(NOW - ms, NOW);

describe('timeSince', () => {
  it.each([
    [1, { value: 1, unit: 'ms' }],
    [999, { value: 999, unit: 'ms' }],
    [SECOND, { value: 1, unit: 'seconds' }],
    [59 * SECOND + 999, { value: 59, unit: 'seconds' }],
    [MINUTE, { value: 1, unit: 'minutes' }],
    [59 * MINUTE, { value: 59, unit: 'minutes' }],
    [HOUR, { value: 1, unit: 'hours' }],
    [DAY - 1, { value: 23, unit: 'hours' }],
    [DAY, { value: 1, unit: 'days' }],
    [30 * DAY, { value: 30, unit: 'days' }],
    [MONTH, { value: 1, unit: 'months' }],
    [365 * DAY, { value: 11, unit: 'months' }],
    [YEAR, { value: 1, unit: 'years' }],
    [3 * YEAR + 5 * DAY, { value: 3, unit: 'years' }],
  ])('reports %i ms ago as %o', (elapsed, expected) => {
    expect(ago(elapsed)).toEqual(expected);
  });

  it('reports exactly 60 seconds as 1 minutes', () => {
    expect(ago(60 * SECOND)).toEqual({ value: 1, unit: 'minutes' });
  });

  it('floors to the largest whole unit', () => {
    expect(ago(2 * HOUR + 59 * MINUTE)).toEqual({ value: 2, unit: 'hours' });
  });

  it('reports no elapsed time as 0 ms', () => {
    expect(timeSince(NOW, NOW)).toEqual({ value: 0, unit: 'ms' });
  });

  it('reports a time in the future as 0 ms', () => {
    expect(timeSince(NOW + 5 * MINUTE, NOW)).toEqual({ value: 0, unit: 'ms' });
  });
});
