import { describe, expect, it } from 'vitest';
import { findKeyLiterals } from './key-literals';

describe('findKeyLiterals', () => {
  it('finds key-shaped literals only in known namespaces', () => {
    const source = `t('profile.save'); const k = 'sections.assets'; fetch('/x/y'); const v = 'other.thing'; const f = 'file.ts';`;
    expect(findKeyLiterals('fixture.ts', source, new Set(['profile', 'sections']))).toEqual(['profile.save', 'sections.assets']);
  });
});
