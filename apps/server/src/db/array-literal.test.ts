import { describe, expect, it } from 'vitest';
import { arrayLiteral } from './array-literal';

describe('arrayLiteral', () => {
  it('writes numbers, nulls and plain ids bare', () => {
    expect(arrayLiteral([1.5, null, -3, 1e-7, undefined])).toBe('{1.5,NULL,-3,1e-7,NULL}');
    expect(arrayLiteral(['TX-0001', '2026-01-01T00:15:00.000+01:00'])).toBe('{TX-0001,2026-01-01T00:15:00.000+01:00}');
  });

  it('quotes and escapes anything else, including the word NULL and the empty string', () => {
    expect(arrayLiteral(['a b', 'say "hi"', 'back\\slash', '{x,y}', 'null', ''])).toBe(
      '{"a b","say \\"hi\\"","back\\\\slash","{x,y}","null",""}',
    );
  });

  it('writes an empty array', () => {
    expect(arrayLiteral([])).toBe('{}');
  });
});
