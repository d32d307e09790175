import { describe, expect, it } from 'vitest';
import { parseBooleanArray, parseNumberArray, parseTextArray } from './text-array';

describe('reading PostgreSQL array text', () => {
  it('reads numbers, nulls and the values JSON has no words for', () => {
    expect(parseNumberArray('{}')).toEqual([]);
    expect(parseNumberArray('{1.5,NULL,-2,3e-05,1e+20}')).toEqual([1.5, null, -2, 0.00003, 1e20]);
    expect(parseNumberArray('{NaN,Infinity,-Infinity,NULL,7}')).toEqual([Number.NaN, Infinity, -Infinity, null, 7]);
  });

  it('reads booleans', () => {
    expect(parseBooleanArray('{t,f,NULL}')).toEqual([true, false, null]);
    expect(parseBooleanArray('{}')).toEqual([]);
  });

  it('reads text with quoting and escapes, telling the NULL element from the text "NULL"', () => {
    expect(parseTextArray('{TX-1,"a,b","say \\"hi\\"","back\\\\slash",NULL,"NULL","",x}')).toEqual([
      'TX-1',
      'a,b',
      'say "hi"',
      'back\\slash',
      null,
      'NULL',
      '',
      'x',
    ]);
    expect(parseTextArray('{}')).toEqual([]);
    expect(parseTextArray('{"{braces} and spaces"}')).toEqual(['{braces} and spaces']);
  });

  it('refuses what is not a one-dimensional array', () => {
    expect(() => parseNumberArray('1,2')).toThrow();
    expect(() => parseTextArray('{"unterminated}')).toThrow();
  });
});
