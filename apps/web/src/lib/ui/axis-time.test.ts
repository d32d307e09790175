import { describe, expect, it } from 'vitest';
import { axisTimeLabel } from './axis-time';

describe('time-axis labels', () => {
  const at = (iso: string) => Date.parse(iso);
  it('show the time of day on short charts, and the date at midnight', () => {
    expect(axisTimeLabel(at('2026-11-22T09:30:00Z'), 86_400_000, 'UTC')).toBe('09:30');
    expect(axisTimeLabel(at('2026-11-22T00:00:00Z'), 86_400_000, 'UTC')).toBe('22/11');
    expect(axisTimeLabel(at('2026-11-22T00:00:00Z'), 86_400_000, 'America/New_York')).toBe('19:00');
  });

  it('label only midnights on long charts, in the user’s date order', () => {
    expect(axisTimeLabel(at('2026-11-22T12:00:00Z'), 7 * 86_400_000, 'UTC')).toBe('');
    expect(axisTimeLabel(at('2026-11-22T00:00:00Z'), 7 * 86_400_000, 'UTC')).toBe('22/11');
    expect(axisTimeLabel(at('2026-11-22T05:00:00Z'), 7 * 86_400_000, 'America/New_York')).toBe('11/22');
  });
});
