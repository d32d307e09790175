// The web budgets (brief §8, issue 4), measured in Debian's headless Chromium against the real server:
// the shell's first-load JavaScript, the assets screen with 10,000 more devices (interactive within 1.5 s
// of navigation), and long tasks while its table scrolls from top to bottom.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { healthApi } from '@gridlens/contract/health';
import { urlOf } from '@gridlens/contract/route';
import { fillYearOfHours, yearChartRender, type YearChartFigures } from './bench-web-chart';
import { fillFleet } from './bench-reads';
import { feelFigures, type FeelFigures } from './bench-web-feel';
import type { BenchBackend } from './bench-support';

const ROOT = new URL('../../', import.meta.url).pathname;
const DIST = join(ROOT, 'apps/web/dist');
const PORT = Number(process.env['BENCH_WEB_PORT'] ?? 3300);
const BASE = `http://localhost:${PORT}`;
const NAVIGATIONS = 7;

export interface WebFigures {
  shellJsGzipBytes: number;
  shellFiles: number;
  screenChunks: string[];
  devices: number;
  interactiveP50Ms: number;
  interactiveMaxMs: number;
  scrolledRows: number;
  scrollLongTasks: number;
  scrollLongestTaskMs: number;
  mapClustersMs: number;
  mapLongTasks: number;
  mapLongestTaskMs: number;
  yearChart: YearChartFigures;
  /** The demo fleet's assets screen as a user feels it: throttled, cold cache (bench-web-feel.ts). */
  feel: FeelFigures;
}

export const webBuildExists = () => existsSync(join(DIST, 'index.html'));

/** The scripts index.html loads or preloads: what every first visit downloads before any screen. */
function shellJavaScript(): { bytes: number; files: string[]; screenChunks: string[] } {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(DIST, file))).length, 0);
  const screenChunks = files.filter((file) => /-page-/.test(file));
  return { bytes, files, screenChunks };
}

/** The V8 flags `npm run bench` runs with, which are the server's own (package.json: serve). */
const SERVER_V8_FLAGS = process.execArgv.filter((flag) => flag.startsWith('--max-semi-space-size'));

export async function startServer(databaseUrl: string, dataDir: string): Promise<ChildProcess> {
  const server = spawn(join(ROOT, 'node_modules/.bin/tsx'), [...SERVER_V8_FLAGS, join(ROOT, 'apps/server/src/server.ts')], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: DIST,
      PUBLIC_URL: BASE,
      DEMO_HISTORY_DAYS: '1',
      DEMO_TRACKING_HISTORY_DAYS: '1',
      LOG_LEVEL: 'warn',
      MQTT_PORT: '0', // the embedded MQTT broker on a free port: never clashes with a running portal
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let waited = 0; waited < 180_000; waited += 500) {
    const ready = await fetch(`${BASE}${urlOf(healthApi.ready)}`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ready) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error('the server did not become ready');
}

/** Collects the page's long tasks (over 50 ms, as Chromium defines them) from its very start. */
export const LONG_TASK_RECORDER = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
`;
type LongTask = { start: number; duration: number };

export async function signIn(page: Page): Promise<void> {
  await page.goto(`${BASE}/assets`);
  await page.locator('input[name="email"]').fill('power@gridlens.demo');
  await page.locator('input[name="password"]').fill('power-demo');
  await page.locator('button[type="submit"]').click();
  await page.getByTestId('asset-row').first().waitFor({ timeout: 60_000 });
}

/**
 * Milliseconds from navigation start until the assets table shows rows and the main thread has no more long
 * task to run: the later of the rows' appearance and the end of the last long task within a second after.
 */
async function timeToInteractive(page: Page): Promise<number> {
  await page.goto(`${BASE}/assets`, { waitUntil: 'commit' });
  await page.getByTestId('asset-row').first().waitFor({ timeout: 30_000 });
  const rowsAt = await page.evaluate(() => performance.now());
  await page.waitForTimeout(1000);
  const tasks = await page.evaluate<LongTask[]>('window.__longTasks');
  const busyUntil = tasks.filter((t) => t.start < rowsAt + 1000).reduce((end, t) => Math.max(end, t.start + t.duration), 0);
  return Math.max(rowsAt, busyUntil);
}

/**
 * Scrolls the table from top to bottom one step per frame and returns the long tasks meanwhile. Written as
 * text: functions compiled by tsx carry a helper the page does not have.
 */
export const SCROLL_THROUGH = `(async () => {
  const before = window.__longTasks.length;
  const scroller = document.querySelector('[data-testid="assets-table-scroll"]');
  const steps = 300;
  for (let step = 1; step <= steps; step += 1) {
    scroller.scrollTop = (scroller.scrollHeight * step) / steps;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  const rows = [...document.querySelectorAll('[data-testid="asset-row"]')];
  const last = rows[rows.length - 1];
  return { rows: Number(last ? last.getAttribute('aria-rowindex') : 0) - 2, tasks: window.__longTasks.slice(before) };
})()`;

async function scrollThrough(page: Page): Promise<{ rows: number; tasks: LongTask[] }> {
  return page.evaluate<{ rows: number; tasks: LongTask[] }>(SCROLL_THROUGH);
}

/** Scrolls the page to the map, which is built only then, and times its first clusters; long tasks over 3 s. */
async function openMap(page: Page): Promise<{ clustersMs: number; tasks: LongTask[] }> {
  const before = await page.evaluate<number>('window.__longTasks.length');
  const start = await page.evaluate(() => performance.now());
  await page.getByRole('region', { name: 'Map', exact: true }).scrollIntoViewIfNeeded();
  await page.getByTestId('assets-map').locator('.map-cluster').first().waitFor({ timeout: 30_000 });
  const clustersMs = (await page.evaluate(() => performance.now())) - start;
  await page.waitForTimeout(3000);
  const tasks = await page.evaluate<LongTask[]>('window.__longTasks');
  return { clustersMs, tasks: tasks.slice(before) };
}

export async function benchWeb(backend: BenchBackend & { url: string }): Promise<WebFigures> {
  const shell = shellJavaScript();
  const dataDir = mkdtempSync(join(tmpdir(), 'gridlens-bench-web-'));
  const server = await startServer(backend.url, dataDir);
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    // First, before the 10,000 more devices: the demo as a new operator meets it, on a phone-class device.
    const feel = await feelFigures(browser, BASE);
    await fillFleet(backend, 'netzero', 'BX-'); // 10,000 more transformers for the demo operator
    await fillYearOfHours(backend, 'netzero', 'BX-1'); // and a year of hourly history for one of them
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await page.addInitScript(LONG_TASK_RECORDER);
    await signIn(page);
    const shownText = (await page.getByTestId('assets-shown-count').textContent()) ?? '';
    const devices = Number((/of ([\d,]+)/.exec(shownText)?.[1] ?? '0').replaceAll(',', ''));
    const interactive: number[] = [];
    for (let i = 0; i < NAVIGATIONS; i += 1) interactive.push(await timeToInteractive(page));
    interactive.sort((a, b) => a - b);
    const scroll = await scrollThrough(page);
    const map = await openMap(page);
    const yearChart = await yearChartRender(page, 'BX-1');
    return {
      shellJsGzipBytes: shell.bytes,
      shellFiles: shell.files.length,
      screenChunks: shell.screenChunks,
      devices,
      interactiveP50Ms: interactive[Math.floor(NAVIGATIONS / 2)] ?? Number.NaN,
      interactiveMaxMs: interactive.at(-1) ?? Number.NaN,
      scrolledRows: scroll.rows,
      scrollLongTasks: scroll.tasks.length,
      scrollLongestTaskMs: scroll.tasks.reduce((longest, t) => Math.max(longest, t.duration), 0),
      mapClustersMs: map.clustersMs,
      mapLongTasks: map.tasks.length,
      mapLongestTaskMs: map.tasks.reduce((longest, t) => Math.max(longest, t.duration), 0),
      yearChart,
      feel,
    };
  } finally {
    await browser.close();
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
