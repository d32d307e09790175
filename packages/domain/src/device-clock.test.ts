import { describe, expect, it } from 'vitest';
import { clockWindowProblem } from './device-clock';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const WINDOW = { aheadMaxMinutes: 10, behindMaxDays: 400 };

describe('the window a device clock may be off', () => {
  it('accepts messages from the window, bounds included', () => {
    expect(clockWindowProblem(NOW, NOW, WINDOW)).toBeNull();
    expect(clockWindowProblem(NOW + 10 * 60_000, NOW, WINDOW)).toBeNull();
    expect(clockWindowProblem(NOW - 400 * 86_400_000, NOW, WINDOW)).toBeNull();
  });
  it('refuses a message further ahead or further back, saying which', () => {
    expect(clockWindowProblem(NOW + 10 * 60_000 + 1, NOW, WINDOW)).toMatch(/more than 10 minutes ahead/);
    expect(clockWindowProblem(Date.parse('2100-01-01T00:00:00Z'), NOW, WINDOW)).toMatch(/ahead/);
    expect(clockWindowProblem(NOW - 400 * 86_400_000 - 1, NOW, WINDOW)).toMatch(/more than 400 days before/);
    expect(clockWindowProblem(Date.parse('0001-01-01T00:00:00Z'), NOW, WINDOW)).toMatch(/before/);
    expect(clockWindowProblem(Number.NaN, NOW, WINDOW)).toBe('not a date');
  });
});
