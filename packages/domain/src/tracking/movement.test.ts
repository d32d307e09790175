import { describe, expect, it } from 'vitest';
import { movementOf } from './movement';

const HOUR_MS = 3_600_000;

describe('movementOf', () => {
  const now = Date.UTC(2026, 10, 24, 12);

  it('is Fluid up to the period and Static beyond it', () => {
    expect(movementOf(now - 72 * HOUR_MS, now, 72)).toBe('Fluid');
    expect(movementOf(now - 72 * HOUR_MS - 1, now, 72)).toBe('Static');
    expect(movementOf(now - 2 * HOUR_MS, now, 1)).toBe('Static');
  });

  it('has no movement without a position', () => {
    expect(movementOf(null, now, 72)).toBeNull();
  });
});
