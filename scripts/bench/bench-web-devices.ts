// Issue 19's devices map budgets, in Debian's headless Chromium against the real server: with 10,000 trackers,
// the first clusters within 1 s of navigating to /devices, and no long task over 50 ms while the map is panned.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import type { BenchBackend } from './bench-support';
import { fillTrackers } from './bench-tracking-fill';
import { LONG_TASK_RECORDER, startServer } from './bench-web';

const PORT = Number(process.env['BENCH_WEB_PORT'] ?? 3300);
const BASE = `http://localhost:${PORT}`;
const TRACKERS = 10_000;
const NAVIGATIONS = 7;
const PANS = 12;
const CLUSTER = '[data-testid="devices-map"] .marker-cluster';

export interface DevicesMapFigures {
  trackers: number;
  clustersP50Ms: number;
  clustersMaxMs: number;
  /** The baseline: when the page first painted anything (first contentful paint), in the same navigations. */
  firstPaintP50Ms: number;
  pans: number;
  panLongTasks: number;
  panLongestTaskMs: number;
}

type LongTask = { start: number; duration: number };

async function signInAsFleet(page: Page): Promise<void> {
  await page.goto(`${BASE}/devices`);
  await page.locator('input[name="email"]').fill('fleet@gridlens.demo');
  await page.locator('input[name="password"]').fill('fleet-demo');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/devices/, { timeout: 60_000 });
}

/** Milliseconds from navigation start to the first cluster on the devices map, and to the first contentful paint. */
async function timeToClusters(page: Page): Promise<{ clustersMs: number; firstPaintMs: number }> {
  await page.goto(`${BASE}/devices`, { waitUntil: 'commit' });
  await page.locator(CLUSTER).first().waitFor({ timeout: 30_000 });
  const clustersMs = await page.evaluate(() => performance.now());
  const firstPaintMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
  return { clustersMs, firstPaintMs };
}

/** Drags the map `PANS` times, 250 px each in turn right, down, left and up, and returns the long tasks meanwhile. */
async function pan(page: Page): Promise<LongTask[]> {
  await page.waitForTimeout(1500); // whatever the first load left to do is not panning
  const before = await page.evaluate<number>('window.__longTasks.length');
  const box = await page.locator('[data-testid="devices-map"]').boundingBox();
  if (!box) throw new Error('the devices map has no box');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const moves = [
    [250, 0],
    [0, 250],
    [-250, 0],
    [0, -250],
  ] as const;
  for (let i = 0; i < PANS; i += 1) {
    const [dx, dy] = moves[i % moves.length]!;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx, y + dy, { steps: 15 });
    await page.mouse.up();
    await page.waitForTimeout(300);
  }
  await page.waitForTimeout(1000);
  return (await page.evaluate<LongTask[]>('window.__longTasks')).slice(before);
}

/** The devices map's figures, or null when this build's /devices has no devices map (the screen is not there yet). */
export async function benchWebDevices(backend: BenchBackend & { url: string }): Promise<DevicesMapFigures | null> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gridlens-bench-web-devices-'));
  const server = await startServer(backend.url, dataDir);
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const [demo] = await backend.db.query<{ n: number }>("SELECT count(*)::int AS n FROM tracking_devices WHERE tenant_id = 'fleetco'");
    await fillTrackers(backend.db, 'fleetco', TRACKERS - (demo?.n ?? 0)); // FleetCo's demo trackers and more, 10,000 in all
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await page.addInitScript(LONG_TASK_RECORDER);
    await signInAsFleet(page);
    const hasMap = await page
      .locator(CLUSTER)
      .first()
      .waitFor({ timeout: 30_000 })
      .then(() => true)
      .catch(() => false);
    if (!hasMap) return null;
    const runs: { clustersMs: number; firstPaintMs: number }[] = [];
    for (let i = 0; i < NAVIGATIONS; i += 1) runs.push(await timeToClusters(page));
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
    const tasks = await pan(page);
    return {
      trackers: TRACKERS,
      clustersP50Ms: median(runs.map((r) => r.clustersMs)),
      clustersMaxMs: Math.max(...runs.map((r) => r.clustersMs)),
      firstPaintP50Ms: median(runs.map((r) => r.firstPaintMs)),
      pans: PANS,
      panLongTasks: tasks.length,
      panLongestTaskMs: tasks.reduce((longest, t) => Math.max(longest, t.duration), 0),
    };
  } finally {
    await browser.close();
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
