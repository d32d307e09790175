import { describe, expect, it } from 'vitest';
import { CURRENT_FIGURE_MAX_AGE_MS, isLatestStateFigure, staleFigureAgeMs } from './figure-age';

const NOW = Date.parse('2026-11-24T12:00:00Z');

describe('figure age', () => {
  it('calls a figure current up to two reporting intervals (30 minutes) old', () => {
    expect(staleFigureAgeMs(NOW - 10 * 60_000, NOW)).toBeNull();
    expect(staleFigureAgeMs(NOW - CURRENT_FIGURE_MAX_AGE_MS, NOW)).toBeNull();
    expect(staleFigureAgeMs(NOW - CURRENT_FIGURE_MAX_AGE_MS - 1, NOW)).toBe(CURRENT_FIGURE_MAX_AGE_MS + 1);
  });

  it('gives the age of a silent device’s figure, and none without a message or from the future', () => {
    expect(staleFigureAgeMs(NOW - 3 * 86_400_000, NOW)).toBe(3 * 86_400_000);
    expect(staleFigureAgeMs(null, NOW)).toBeNull();
    expect(staleFigureAgeMs(NOW + 60_000, NOW)).toBeNull();
  });

  it('knows which figures come from the latest message', () => {
    expect(isLatestStateFigure('total_kva')).toBe(true);
    expect(isLatestStateFigure('battery_pct')).toBe(true);
    expect(isLatestStateFigure('capacity_percent')).toBe(false);
  });
});
