import type { Page } from '@playwright/test';
import type { BenchBackend } from './bench-support';

const BASE_URL = (page: Page) => new URL(page.url()).origin;
const RUNS = 5;

/** A year of hourly rollups (8,784 hours, daily and seasonal shapes) for one device, made in SQL: the year chart reads these. */
export async function fillYearOfHours(backend: Pick<BenchBackend, 'db'>, tenant: string, deviceId: string): Promise<void> {
  await backend.db.query(
    `INSERT INTO power_device_hourly (tenant_id, device_id, hour, message_count,
        max_a1_min, max_a1_max, max_a2_min, max_a2_max, max_a3_min, max_a3_max,
        med_a1_min, med_a1_max, med_a2_min, med_a2_max, med_a3_min, med_a3_max,
        apparent_max_kva_min, apparent_max_kva_max, apparent_med_kva_min, apparent_med_kva_max,
        imbalance_min, imbalance_max, temperature_max_min, temperature_max_max, temperature_med_min, temperature_med_max)
     SELECT $1, $2, date_trunc('hour', now()) - make_interval(hours => h), 4,
            l * 0.9, l * 1.2, l * 0.8, l * 1.1, l * 0.7, l, l * 0.6, l * 0.8, l * 0.5, l * 0.7, l * 0.45, l * 0.6,
            l * 0.55, l * 0.75, l * 0.4, l * 0.6, 5, 12 + (h % 7), 20 + l / 20, 24 + l / 18, 18 + l / 22, 21 + l / 20
       FROM generate_series(0, 366 * 24 - 1) AS h,
            LATERAL (SELECT (150 + 60 * sin(h * 2 * pi() / 24) + 40 * cos(h * 2 * pi() / 8766))::real AS l) AS load
     ON CONFLICT DO NOTHING`,
    [tenant, deviceId],
  );
}

export interface YearChartFigures {
  p50Ms: number;
  maxMs: number;
  pointsPerPanel: number;
  longestTaskMs: number;
}

/**
 * Issue 4: a year-long asset chart renders within 600 ms of the tab opening. Each run loads the asset page on
 * its Messages tab with the 1-year range (nothing cached), clicks Charts, and times until all five panels have
 * drawn their data; long tasks over that time are counted too (the page records them from its start).
 */
export async function yearChartRender(page: Page, deviceId: string): Promise<YearChartFigures> {
  const times: number[] = [];
  let points = 0;
  let longestTaskMs = 0;
  for (let run = 0; run < RUNS; run += 1) {
    await page.goto(`${BASE_URL(page)}/asset/${encodeURIComponent(deviceId)}?tab=messages&range=1y`);
    await page.getByTestId('asset-messages').waitFor({ timeout: 30_000 });
    const start = await page.evaluate(() => performance.now());
    const tasksBefore = await page.evaluate<number>('window.__longTasks.length');
    // The page notes the frame in which all five panels have drawn their data. Written as text (functions
    // compiled by tsx carry a helper the page lacks) and run through evaluate: the CSP forbids eval.
    await page.evaluate(`(() => {
      window.__chartDrawn = null;
      const check = () => {
        const panels = [...document.querySelectorAll('[data-drawn-points]')];
        const points = panels.map((panel) => Number(panel.getAttribute('data-drawn-points')));
        if (panels.length === 5 && points.every((n) => n > 1000)) window.__chartDrawn = { at: performance.now(), points: Math.min(...points) };
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    })()`);
    await page.getByTestId('tab-charts').click();
    let drawn: { at: number; points: number } | null = null;
    for (let waited = 0; !drawn && waited < 30_000; waited += 50) {
      drawn = await page.evaluate<{ at: number; points: number } | null>('window.__chartDrawn');
      if (!drawn) await page.waitForTimeout(50);
    }
    if (!drawn) throw new Error('the year chart did not draw within 30 s');
    const { at, points: drawnPoints } = drawn;
    times.push(at - start);
    points = drawnPoints;
    const tasks = await page.evaluate<{ duration: number }[]>('window.__longTasks');
    for (const task of tasks.slice(tasksBefore)) longestTaskMs = Math.max(longestTaskMs, task.duration);
  }
  times.sort((a, b) => a - b);
  return { p50Ms: times[Math.floor(RUNS / 2)] ?? Number.NaN, maxMs: times.at(-1) ?? Number.NaN, pointsPerPanel: points, longestTaskMs };
}
