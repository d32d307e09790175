import { accessSync, constants } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/**
 * Why no PDF can be made: the browser is not where CHROMIUM_PATH says, or it would not start. The schedule runner
 * then sends the spreadsheets alone and writes `message` in the delivery history.
 */
export class PdfRendererUnavailableError extends Error {
  readonly reason: 'missing_executable' | 'launch_failed';
  constructor(reason: 'missing_executable' | 'launch_failed', message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PdfRendererUnavailableError';
    this.reason = reason;
  }
}

/** The page did not load, or print, within its time. */
export class PdfRenderTimeoutError extends Error {
  constructor(url: string, timeoutMs: number) {
    // Without the fragment: a report page's carries its render ticket, which belongs in no message or log.
    super(`The page ${url.split('#')[0] ?? url} was not printed to PDF within ${timeoutMs} ms`);
    this.name = 'PdfRenderTimeoutError';
  }
}

export interface PdfCookie {
  name: string;
  value: string;
}

export interface PdfRenderRequest {
  url: string;
  /** Sent with every request of the page (e.g. a tenant header). */
  headers?: Readonly<Record<string, string>>;
  /** Set for the page's origin before it loads (e.g. a short-lived sign-in). */
  cookies?: readonly PdfCookie[];
  /** The whole render, from opening the page to the last byte of the PDF. */
  timeoutMs: number;
  /** A CSS selector that appears once the page has drawn its data; without it, the page's load and network calm. */
  waitFor?: string;
  /** The browser's zone and language for the page (the report's zone, the recipient's language): its dates and numbers. */
  timeZone?: string;
  locale?: string;
}

export interface PdfRenderer {
  render(request: PdfRenderRequest): Promise<Buffer>;
  /** Pages open now in the browser (for tests and diagnostics). */
  openPages(): Promise<number>;
  /** Closes the browser; nothing of it is left running. A later render starts a new one. */
  close(): Promise<void>;
}

/** Two pages at a time fit a 2-core machine: a third would only queue inside Chromium and slow the other two. */
export const DEFAULT_CONCURRENT_PAGES = 2;
const LAUNCH_TIMEOUT_MS = 30_000;

/** At most `limit` holders at once; the others wait in turn. */
function semaphore(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async acquire(): Promise<() => void> {
      if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else active += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const next = waiting.shift();
        if (next) next();
        else active -= 1;
      };
    },
  };
}

/**
 * Prints pages to PDF in one headless Chromium, launched at the first render and kept for the next ones (a launch
 * costs a second or more; a page, tens of milliseconds). Each render has a page of its own in a context of its
 * own (no cookies shared between tenants), closed whatever the outcome; a browser that crashed or was killed is
 * launched again at the next render. Decision in docs/decisions.md.
 */
export function createPdfRenderer({
  executablePath,
  maxConcurrentPages = DEFAULT_CONCURRENT_PAGES,
}: {
  executablePath: string;
  maxConcurrentPages?: number;
}): PdfRenderer {
  let browser: Promise<Browser> | null = null;
  const pages = semaphore(maxConcurrentPages);

  const launch = async (): Promise<Browser> => {
    try {
      accessSync(executablePath, constants.X_OK);
    } catch (error) {
      throw new PdfRendererUnavailableError('missing_executable', `No Chromium to run at ${executablePath} (CHROMIUM_PATH)`, {
        cause: error,
      });
    }
    try {
      // Playwright starts the browser in a process group of its own and ends the whole group on close.
      return await chromium.launch({
        executablePath,
        headless: true,
        timeout: LAUNCH_TIMEOUT_MS,
        args: ['--disable-dev-shm-usage', '--disable-gpu'],
      });
    } catch (error) {
      const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
      throw new PdfRendererUnavailableError('launch_failed', `Chromium at ${executablePath} did not start: ${detail}`, { cause: error });
    }
  };

  const currentBrowser = (): Promise<Browser> => {
    if (browser) return browser;
    const launching = launch().then(
      (started) => {
        // Crashed, killed or closed: the next render launches a new one.
        started.on('disconnected', () => {
          if (browser === launching) browser = null;
        });
        return started;
      },
      (error: unknown) => {
        browser = null;
        throw error;
      },
    );
    browser = launching;
    return launching;
  };

  const print = async (context: BrowserContext, request: PdfRenderRequest): Promise<Buffer> => {
    if (request.cookies?.length) await context.addCookies(request.cookies.map((cookie) => ({ ...cookie, url: request.url })));
    const page = await context.newPage();
    await page.emulateMedia({ media: 'print' });
    await page.goto(request.url, { waitUntil: request.waitFor ? 'load' : 'networkidle', timeout: request.timeoutMs });
    if (request.waitFor) await page.waitForSelector(request.waitFor, { timeout: request.timeoutMs });
    // A4 unless the page's CSS @page says otherwise; backgrounds kept (status colours, table stripes).
    return page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  };

  return {
    async render(request) {
      const release = await pages.acquire();
      let opening: Promise<BrowserContext> | null = null;
      let timer: NodeJS.Timeout | undefined;
      try {
        const deadline = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new PdfRenderTimeoutError(request.url, request.timeoutMs)), request.timeoutMs);
        });
        // The races below take the rejection; this only keeps it from going unheard when none is waiting.
        deadline.catch(() => undefined);
        const started = await Promise.race([currentBrowser(), deadline]);
        opening = started.newContext({
          extraHTTPHeaders: { ...request.headers },
          ...(request.timeZone ? { timezoneId: request.timeZone } : {}),
          ...(request.locale ? { locale: request.locale } : {}),
        });
        const context = await Promise.race([opening, deadline]);
        const work = print(context, request);
        // Past the deadline the context is closed below, which ends the work with an error nobody waits for.
        work.catch(() => undefined);
        return await Promise.race([work, deadline]);
      } finally {
        clearTimeout(timer);
        // The page goes with its context, whatever the outcome (a context still opening is closed once open).
        if (opening) await opening.then((context) => context.close()).catch(() => undefined);
        release();
      }
    },
    async openPages() {
      const started = browser ? await browser.catch(() => null) : null;
      return started ? started.contexts().reduce((n, context) => n + context.pages().length, 0) : 0;
    },
    async close() {
      const closing = browser;
      browser = null;
      if (!closing) return;
      const started = await closing.catch(() => null);
      await started?.close().catch(() => undefined);
    },
  };
}
