import { describe, expect, it } from 'vitest';
import { partialStart } from './partial-start';

const day = (n: number) => Date.parse(`2026-11-${String(n).padStart(2, '0')}T00:00:00Z`);

describe('the hatched part of a chart', () => {
  it('begins with the segment into today so far', () => {
    expect(partialStart([22, 23, 24].map((n) => ({ fromMs: day(n), partial: n === 24 })))).toBe(day(23));
  });

  it('is the partial point itself when it is the only one, and nothing when the last point is whole', () => {
    expect(partialStart([{ fromMs: day(24), partial: true }])).toBe(day(24));
    expect(partialStart([22, 23].map((n) => ({ fromMs: day(n), partial: n === 22 })))).toBeNull();
    expect(partialStart([])).toBeNull();
  });
});
