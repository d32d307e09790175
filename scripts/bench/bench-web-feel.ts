// What a user feels (brief §8, issue 18): a signed-in user on a slow network and a phone-class CPU opens the
// assets screen with a cold cache. Largest contentful paint and interaction to next paint (INP) as Chromium itself
// reports them (PerformanceObserver), under DevTools throttling set through CDP; the median of three cold loads.
import type { Browser, BrowserContext, Page } from '@playwright/test';

/** Brief §8: 1.6 Mbit/s down, 750 kbit/s up (Lighthouse's mobile preset), 150 ms round trip, 4x CPU slowdown. */
export const THROTTLING = {
  downloadBitsPerSecond: 1_600_000,
  uploadBitsPerSecond: 750_000,
  roundTripMs: 150,
  cpuSlowdown: 4,
} as const;

/** Lighthouse's mobile preset screen (a mid-range phone). */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true } as const;
const RUNS = 3;

export interface FeelRun {
  lcpMs: number;
  lcpElement: string;
  inpMs: number;
  /** Every interaction's longest event duration, by name. */
  interactions: Record<string, number>;
  /** Total blocking time from first paint until the rows are shown and the page is quiet: the part of each long task over 50 ms. */
  tbtMs: number;
  longestTaskMs: number;
  transferredKb: number;
}

export interface FeelFigures {
  runs: FeelRun[];
  lcpMedianMs: number;
  inpMedianMs: number;
  tbtMedianMs: number;
}

/** Installed before any script of the page: records LCP candidates, event timings and long tasks. */
const OBSERVERS = `
  window.__feel = { lcp: [], events: [], tasks: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const el = e.element;
      window.__feel.lcp.push({ time: e.startTime, element: el ? el.tagName.toLowerCase() + (el.getAttribute('data-testid') ? '[' + el.getAttribute('data-testid') + ']' : '') : e.url || '?' });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.interactionId) window.__feel.events.push({ id: e.interactionId, name: e.name, duration: e.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__feel.tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
`;

interface Recorded {
  lcp: { time: number; element: string }[];
  events: { id: number; name: string; duration: number }[];
  tasks: { start: number; duration: number }[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLING.roundTripMs,
    downloadThroughput: THROTTLING.downloadBitsPerSecond / 8,
    uploadThroughput: THROTTLING.uploadBitsPerSecond / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
}

/** Signs the demo operator in once and keeps the tokens (local storage) and the provider's cookies. */
async function signedInState(browser: Browser, base: string): Promise<Awaited<ReturnType<BrowserContext['storageState']>>> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(`${base}/assets`);
  await page.locator('input[name="email"]').fill('power@gridlens.demo');
  await page.locator('input[name="password"]').fill('power-demo');
  await page.locator('button[type="submit"]').click();
  await page.getByTestId('asset-row').first().waitFor({ timeout: 120_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Waits until the page has had no long task for `quietMs`. */
async function settle(page: Page, quietMs: number, timeoutMs: number): Promise<void> {
  const started = Date.now();
  for (;;) {
    const idleFor = await page.evaluate<number>(`performance.now() - Math.max(0, ...window.__feel.tasks.map((t) => t.start + t.duration))`);
    if (idleFor >= quietMs || Date.now() - started > timeoutMs) return;
    await page.waitForTimeout(200);
  }
}

/** One cold load of /assets (a new context: empty cache, same sign-in), then a few real interactions. */
async function oneRun(browser: Browser, base: string, state: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<FeelRun> {
  const context = await browser.newContext({ ...PHONE, storageState: state });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVERS);
    let transferred = 0;
    page.on('requestfinished', (request) => {
      void request
        .sizes()
        .then((sizes) => (transferred += sizes.responseBodySize + sizes.responseHeadersSize))
        .catch(() => undefined);
    });
    await throttle(context, page);
    await page.goto(`${base}/assets`, { waitUntil: 'commit' });
    await page.getByTestId('asset-row').first().waitFor({ timeout: 120_000 });
    await settle(page, 1500, 30_000);
    const loaded = await page.evaluate<Recorded>('window.__feel');
    const firstPaint = await page.evaluate<number>(
      `(performance.getEntriesByName('first-contentful-paint')[0] || { startTime: 0 }).startTime`,
    );
    const tbtMs = loaded.tasks.filter((t) => t.start + t.duration > firstPaint).reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
    const longestTaskMs = loaded.tasks.reduce((longest, t) => Math.max(longest, t.duration), 0);
    const lcp = loaded.lcp.at(-1) ?? { time: Number.NaN, element: 'none' };

    // The interactions: open the column chooser's menu and close it, sort the table by name and back.
    const interactions: Record<string, number> = {};
    const interact = async (name: string, act: () => Promise<void>) => {
      const before = await page.evaluate<number>('window.__feel.events.length');
      await act();
      await page.waitForTimeout(1000);
      const events = (await page.evaluate<Recorded>('window.__feel')).events.slice(before);
      interactions[name] = events.reduce((longest, e) => Math.max(longest, e.duration), 0);
    };
    await interact('open the column menu', () => page.getByTestId('column-chooser').click());
    await interact('close it (Escape)', () => page.keyboard.press('Escape'));
    await interact('sort by name', () => page.getByTestId('sort-transformer_name').click());
    await interact('sort by name, descending', () => page.getByTestId('sort-transformer_name').click());
    await interact('open the navigation', () =>
      page
        .getByRole('button', { name: /navigation|menu/i })
        .first()
        .click(),
    );
    return {
      lcpMs: lcp.time,
      lcpElement: lcp.element,
      inpMs: Math.max(...Object.values(interactions)),
      interactions,
      tbtMs,
      longestTaskMs,
      transferredKb: transferred / 1024,
    };
  } finally {
    await context.close();
  }
}

/** Three cold loads of the assets screen, signed in, throttled; the median of each figure. */
export async function feelFigures(browser: Browser, base: string): Promise<FeelFigures> {
  const state = await signedInState(browser, base);
  const runs: FeelRun[] = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await oneRun(browser, base, state));
  return {
    runs,
    lcpMedianMs: median(runs.map((r) => r.lcpMs)),
    inpMedianMs: median(runs.map((r) => r.inpMs)),
    tbtMedianMs: median(runs.map((r) => r.tbtMs)),
  };
}
