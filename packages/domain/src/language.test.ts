import { describe, expect, it } from 'vitest';
import { isLanguage, languageTag, LANGUAGES, normaliseLanguage } from './language';

describe('normaliseLanguage', () => {
  it.each(['EN', 'GA', 'FR', 'ES', 'PL'])('keeps the supported language %s', (language) => {
    expect(normaliseLanguage(language)).toBe(language);
  });

  it.each(['fr', 'pl', 'XX', 'DE', '', ' FR', null, undefined, 42, {}])('resets %j to EN', (value) => {
    expect(normaliseLanguage(value)).toBe('EN');
  });
});

describe('isLanguage', () => {
  it('accepts exactly the five interface languages', () => {
    expect(LANGUAGES.filter((l) => isLanguage(l))).toEqual(['EN', 'GA', 'FR', 'ES', 'PL']);
    expect(isLanguage('fr')).toBe(false);
    expect(isLanguage('IT')).toBe(false);
  });
});

describe('languageTag', () => {
  it('gives the lower-case BCP 47 tag', () => {
    expect(languageTag('GA')).toBe('ga');
    expect(languageTag('PL')).toBe('pl');
  });
});
