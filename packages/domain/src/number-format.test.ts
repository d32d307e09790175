import { describe, expect, it } from 'vitest';
import {
  atAnswerPrecision,
  atAnswerPrecisionOrNull,
  decimalSeparator,
  formatDuration,
  formatNumber,
  formatPlainNumber,
} from './number-format';

describe('formatNumber', () => {
  it('shows two decimals with English separators', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.50');
  });

  it('uses a comma as the decimal separator in French', () => {
    const formatted = formatNumber(1234.5, 'fr');
    expect(formatted).toMatch(/,50$/);
    expect(formatted).not.toContain('.');
    // The thousands separator is a (narrow) space; only the digits remain once it is removed.
    expect(formatted.replace(/\s/g, '')).toBe('1234,50');
  });

  it('pads whole numbers to two decimals', () => {
    expect(formatNumber(12, 'en')).toBe('12.00');
  });

  it('rounds to two decimals', () => {
    expect(formatNumber(0.126, 'en')).toBe('0.13');
    expect(formatNumber(-3.14159, 'en')).toBe('-3.14');
  });

  it('honours an explicit number of decimals', () => {
    expect(formatNumber(2.5, 'en', 0)).toBe('3');
    expect(formatNumber(2.5, 'en', 3)).toBe('2.500');
  });

  it.each([NaN, Infinity, -Infinity])('shows a dash for %s', (value) => {
    expect(formatNumber(value, 'en')).toBe('–');
  });
});

describe('formatDuration', () => {
  it('gives the two largest units in the language’s own words', () => {
    expect(formatDuration(850, 'en')).toBe('850 ms');
    expect(formatDuration(4_560, 'en')).toBe('4.5 sec');
    expect(formatDuration(200_000, 'en')).toBe('3 min 20 sec');
    expect(formatDuration(3 * 3_600_000 + 5 * 60_000 + 59_000, 'en')).toBe('3 hr 5 min');
    expect(formatDuration(7_200_000, 'en')).toBe('2 hr');
    expect(formatDuration(4_560, 'fr')).toMatch(/^4,5\ss$/); // French puts a narrow no-break space before the unit
  });

  it('shows a dash for what is not a duration', () => {
    expect(formatDuration(-1, 'en')).toBe('–');
    expect(formatDuration(Number.NaN, 'en')).toBe('–');
  });
});

describe('atAnswerPrecision', () => {
  it('drops the float noise of arithmetic on readings', () => {
    expect(27.301 - 0.001 + 0.0001 - 0.0001).not.toBe(27.3); // the noise is real
    expect(atAnswerPrecision(27.301 - 0.001 + 0.0001 - 0.0001)).toBe(27.3);
    expect(atAnswerPrecision(((100 + 90 + 80.3) * 230) / 1000)).toBe(62.17);
    expect(JSON.stringify(atAnswerPrecision(0.1 + 0.2))).toBe('0.3');
  });

  it('rounds halves away from zero on positives, keeps whole numbers and null', () => {
    expect(atAnswerPrecision(1.125)).toBe(1.13);
    expect(atAnswerPrecision(42)).toBe(42);
    expect(atAnswerPrecisionOrNull(null)).toBeNull();
    expect(atAnswerPrecisionOrNull(2.345678)).toBe(2.35);
  });
});

describe('formatPlainNumber and decimalSeparator', () => {
  it('write figures without grouping, in the language’s decimal separator', () => {
    expect(formatPlainNumber(1234.5, 'en')).toBe('1234.50');
    expect(formatPlainNumber(1234.5, 'fr')).toBe('1234,50');
    expect(formatPlainNumber(-0.125, 'pl', 3)).toBe('-0,125');
    expect(formatPlainNumber(Number.NaN, 'en')).toBe('');
    expect(['en', 'ga', 'fr', 'es', 'pl'].map(decimalSeparator)).toEqual(['.', '.', ',', ',', ',']);
  });
});
