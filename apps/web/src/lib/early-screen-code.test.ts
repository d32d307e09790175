import { describe, expect, it } from 'vitest';
import { preloadScreenCodeEarly, SCREEN_CODE_ELEMENT_ID, screenCodeFiles } from './early-screen-code';

const LISTING = JSON.stringify({ '/assets': ['/assets/assets-page-abc.js', '/assets/csv-def.js'] });

describe("the first screen's files, as the build listed them", () => {
  it('are those of the exact path', () => {
    expect(screenCodeFiles(LISTING, '/assets')).toEqual(['/assets/assets-page-abc.js', '/assets/csv-def.js']);
    expect(screenCodeFiles(LISTING, '/assets/x')).toEqual([]);
    expect(screenCodeFiles(LISTING, '/profile')).toEqual([]);
  });

  it('are none without a listing or with one that cannot be read', () => {
    expect(screenCodeFiles(null, '/assets')).toEqual([]);
    expect(screenCodeFiles('{"/assets": ', '/assets')).toEqual([]);
    expect(screenCodeFiles('{"/assets": "/assets/a.js"}', '/assets')).toEqual([]);
  });

  it("are only the build's own script files", () => {
    const listing = JSON.stringify({ '/assets': ['/assets/a.js', 'https://elsewhere.example/x.js', '//elsewhere.example/y.js', 7] });
    expect(screenCodeFiles(listing, '/assets')).toEqual(['/assets/a.js']);
  });
});

describe('fetching them early', () => {
  it('adds one module preload link per file, as the router will ask for it', () => {
    const added: Record<string, string>[] = [];
    const doc = {
      getElementById: (id: string) => (id === SCREEN_CODE_ELEMENT_ID ? { textContent: LISTING } : null),
      createElement: () => ({}),
      head: { append: (link: Record<string, string>) => added.push(link) },
    } as unknown as Pick<Document, 'getElementById' | 'createElement' | 'head'>;
    preloadScreenCodeEarly(doc, '/assets');
    expect(added).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/assets-page-abc.js' },
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/csv-def.js' },
    ]);
  });
});
