import { afterEach, describe, expect, it } from 'vitest';
import { provideRelativeTimeFormat } from './relative-time-support';
import { timeSinceText } from './time-since-text';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const DAY = 86_400_000;
const native = Intl.RelativeTimeFormat;

/** A browser without Irish data, as Chromium is: it supports no 'ga' and formats any language in English. */
class EnglishOnly extends native {
  constructor(_locales?: string | string[], options?: Intl.RelativeTimeFormatOptions) {
    super('en', options);
  }
  static override supportedLocalesOf(locales: string | string[]): string[] {
    return native.supportedLocalesOf(locales).filter((locale) => !locale.startsWith('ga'));
  }
}

afterEach(() => {
  Object.defineProperty(Intl, 'RelativeTimeFormat', { value: native, configurable: true, writable: true });
});

describe('provideRelativeTimeFormat', () => {
  it('leaves a browser that knows the language as it is', async () => {
    expect(await provideRelativeTimeFormat('FR')).toBe(false);
    expect(Intl.RelativeTimeFormat).toBe(native);
  });

  it('gives Irish its own words where the browser has only English ones', async () => {
    Object.defineProperty(Intl, 'RelativeTimeFormat', { value: EnglishOnly, configurable: true, writable: true });
    // The defect: such a browser writes an Irish user's "2 days ago" in English.
    expect(timeSinceText(NOW - 3 * DAY, NOW, 'ga')).toBe('3 days ago');
    expect(await provideRelativeTimeFormat('GA')).toBe(true);
    // timeSinceText keeps one format per tag; 'ga-IE' is a tag it has not made one for yet.
    expect(timeSinceText(NOW - 3 * DAY, NOW, 'ga-IE')).toBe('3 lá ó shin');
    expect(timeSinceText(NOW - 2 * DAY, NOW, 'ga-IE')).toBe('arú inné');
    expect(timeSinceText(NOW - 7 * 60_000, NOW, 'ga-IE')).toBe('7 nóiméad ó shin');
    expect(timeSinceText(NOW - 3 * 365.25 * DAY, NOW, 'ga-IE')).toBe('3 bliana ó shin');
  });
});
