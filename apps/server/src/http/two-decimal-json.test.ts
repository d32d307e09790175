import { describe, expect, it } from 'vitest';
import { seededRandom } from '@gridlens/domain/seeded-random';
import { columnarJson } from './columnar-json-serializer';
import { asTwoDecimalColumn, isTwoDecimalColumn, twoDecimalJson as twoDecimalBytes } from './two-decimal-json';

const twoDecimalJson = (values: readonly (number | null)[]) => twoDecimalBytes(values).toString('latin1');

const twoDecimals = (value: number) => Math.round(value * 100) / 100;

describe('twoDecimalJson', () => {
  it('writes what JSON.stringify writes for the same values rounded to two decimals', () => {
    const values = [0, 1, -1, 0.5, -0.5, 0.05, -0.05, 0.1, 0.99, 1.01, 12.3, 12.34, 100, 1000.1, 99999.99, -0, -0.001, 0.004, 0.005];
    expect(twoDecimalJson(values)).toBe(JSON.stringify(values.map(twoDecimals)));
  });

  it('agrees with JSON.stringify over 20,000 seeded values of every magnitude the list carries (property)', () => {
    const random = seededRandom(20_261_122); // seeded, so that a failure names a case that can be run again
    const values = Array.from({ length: 20_000 }, () => twoDecimals((random() - 0.3) * 10 ** Math.floor(random() * 9)));
    expect(twoDecimalJson(values)).toBe(JSON.stringify(values));
  });

  it('writes null for null and for values that are not finite, and huge values as JSON does', () => {
    const values = [null, Number.NaN, Number.POSITIVE_INFINITY, 1e300, -4.5e17, -Number.MAX_VALUE, -2.2250738585072014e-308, 2.5];
    expect(twoDecimalJson(values)).toBe('[null,null,null,1e+300,-450000000000000000,-1.7976931348623157e+308,0,2.5]');
    // A column of nothing but the longest numbers JSON has still fits.
    const longest = Array.from({ length: 100 }, () => -Number.MAX_VALUE);
    expect(twoDecimalJson(longest)).toBe(JSON.stringify(longest));
    expect(twoDecimalJson([])).toBe('[]');
  });

  it('is what columnarJson writes for a marked column, and only for marked columns', () => {
    const marked = asTwoDecimalColumn([1.5, null, 2.25]);
    const plain = [1.5, null, 2.25];
    expect(isTwoDecimalColumn(marked)).toBe(true);
    expect(isTwoDecimalColumn(plain)).toBe(false);
    const json = columnarJson({ count: 3, columns: { marked, plain } });
    expect(JSON.parse(json.toString())).toEqual({ count: 3, columns: { marked: [1.5, null, 2.25], plain: [1.5, null, 2.25] } });
  });

  it('writes columns of other text as UTF-8, ASCII or not', () => {
    const names = ['Baile Átha Cliath', 'Łódź', 'plain', 'quote " and \\ back', '\u{1F50C} plug', null];
    const frozen = Object.freeze(['Cúil Raithin', 'TX-1']);
    const bytes = columnarJson({ count: 6, columns: { names, frozen, flags: [true, false, null] } });
    expect(JSON.parse(bytes.toString('utf8'))).toEqual({ count: 6, columns: { names, frozen: [...frozen], flags: [true, false, null] } });
  });
});
