import { describe, expect, it } from 'vitest';
import { findKeyLiterals, findTranslationCalls } from './key-literals';

describe('findKeyLiterals', () => {
  it('finds key-shaped literals only in known namespaces', () => {
    const source = `t('profile.save'); const k = 'sections.assets'; fetch('/x/y'); const v = 'other.thing'; const f = 'file.ts';`;
    expect(findKeyLiterals('fixture.ts', source, new Set(['profile', 'sections']))).toEqual(['profile.save', 'sections.assets']);
  });
});

describe('findTranslationCalls', () => {
  it('lists each call of t with a known key and the names it passes, or undefined where the source does not say', () => {
    const source = [
      `t('profile.title');`,
      `i18n.t('profile.count', { total: n, 'shown': 2, unit });`,
      `t('profile.range', options);`,
      `t('profile.more', { ...rest, x: 1 });`,
      `t('other.key', { a: 1 }); f('profile.notACall'); t(dynamicKey);`,
    ].join('\n');
    expect(findTranslationCalls('fixture.ts', source, new Set(['profile']))).toEqual([
      { key: 'profile.title', line: 1, passed: [] },
      { key: 'profile.count', line: 2, passed: ['total', 'shown', 'unit'] },
      { key: 'profile.range', line: 3, passed: undefined },
      { key: 'profile.more', line: 4, passed: undefined },
    ]);
  });
});
