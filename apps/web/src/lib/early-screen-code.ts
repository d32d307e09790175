// The first screen's code, fetched by the script that runs before the shell (early-start.ts) for a user still signed
// in: without it, the screen's files (the assets screen has some twenty, most under 1 KB) are asked for only once the
// shell has run, six at a time over HTTP/1.1, each a round trip. The build writes, for each screen it knows, the
// files its route loads into index.html (vite.config.ts: earlyStartScript); a screen's code is fetched by no other
// first visit, so the shell stays what every visit loads.

/** The id of the JSON element in index.html: `{ "<path>": ["/assets/<file>.js", ...] }`. */
export const SCREEN_CODE_ELEMENT_ID = 'early-screen-code';

/** The files of the screen at `pathname` as the build listed them, or none. */
export function screenCodeFiles(listing: string | null | undefined, pathname: string): string[] {
  if (!listing) return [];
  try {
    const files = (JSON.parse(listing) as Record<string, unknown>)[pathname];
    return Array.isArray(files) ? files.filter((file): file is string => typeof file === 'string' && file.startsWith('/assets/')) : [];
  } catch {
    return [];
  }
}

/** Asks for each file as the router's dynamic import will (a module, same origin): it then takes it from memory. */
export function preloadScreenCodeEarly(doc: Pick<Document, 'getElementById' | 'createElement' | 'head'>, pathname: string): void {
  for (const href of screenCodeFiles(doc.getElementById(SCREEN_CODE_ELEMENT_ID)?.textContent, pathname)) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.append(link);
  }
}
