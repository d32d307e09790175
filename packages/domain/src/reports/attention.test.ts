import { describe, expect, it } from 'vitest';
import { needsAttention } from './attention';

describe('whether a report needs attention', () => {
  it('does not when nothing is held, silent or over limit', () => {
    expect(needsAttention({ held: 0, silent: 0, overLimit: 0 })).toBe(false);
  });

  it('does when any one of the three is above zero, alone', () => {
    expect(needsAttention({ held: 1, silent: 0, overLimit: 0 })).toBe(true);
    expect(needsAttention({ held: 0, silent: 2, overLimit: 0 })).toBe(true);
    expect(needsAttention({ held: 0, silent: 0, overLimit: 3 })).toBe(true);
  });

  it('does when several are', () => {
    expect(needsAttention({ held: 4, silent: 1, overLimit: 0 })).toBe(true);
  });
});
