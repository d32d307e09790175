import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;

/** NetZero's demo ingest key (apps/server/src/demo/demo-power-seed.ts): fixed, so that docs and tests can use it. */
const NETZERO_KEY = 'glk_de000011_demo-ingest-key-not-for-production-use-0001';
/** A demo transformer that has been silent for days (demo-fleet.ts): the e2e server keeps one day of history. */
const SILENT = 'NZ-0012';
const today = () => new Date().toISOString().slice(0, 10);
const shown = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`; // Irish date order

test.beforeAll(async ({ browser }) => {
  // Its last message, three days ago: what the assets list and header show for it beside the empty window.
  const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000 - 3_600_000).toISOString();
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 }, timezoneId: 'UTC' });
  const sent = await context.request.post('/ingest/v1/messages', {
    headers: { authorization: `Bearer ${NETZERO_KEY}` },
    data: {
      v: 1,
      messages: [
        {
          kind: 'transformer',
          device_id: SILENT,
          seq: 1,
          time: threeDaysAgo,
          current_max_a: [160, 150, 140],
          current_med_a: [150, 140, 130],
          temperature_max_c: 40,
          temperature_med_c: 35,
          battery_pct: 80,
        },
      ],
    },
  });
  expect(sent.ok()).toBe(true);
  page = await context.newPage();
  await signIn(page, DEMO.power, '/assets');
  await expect(page.getByTestId('assets-page')).toBeVisible();
});
test.afterAll(async () => {
  await page.context().close();
});

test('Assets and the power report state the same window: today so far in the tenant’s zone', async () => {
  // The demo tenant was created on this fresh database, so its calendar is Europe/Dublin (migration 0012).
  const window = `Figures for today so far: ${shown(today())} since midnight, Europe/Dublin time`;
  await expect(page.getByTestId('assets-window')).toHaveText(window);
  await page.goto('/powercoil_report');
  await expect(page.getByTestId('report-window')).toHaveText(window);
});

test('a silent device’s total power carries its age, in the list and in its header', async () => {
  await page.goto('/assets');
  const row = page.locator('tbody tr').filter({ has: page.locator(`a[href="/asset/${SILENT}"]`) });
  const total = row.locator('td[data-field="total_kva"] [data-testid="stale-figure"]');
  await expect(total).toHaveText(/^\d+\.\d\d · 3 days ago$/);
  await expect(total).toHaveAttribute('title', /sent nothing since/);
  // A current device's figure stays as it is.
  const current = page.locator('tbody tr').filter({ has: page.locator('a[href="/asset/NZ-0001"]') });
  await expect(current.locator('td[data-field="total_kva"]')).toHaveText(/^\d+\.\d\d$/);

  await page.goto(`/asset/${SILENT}`);
  await expect(page.getByTestId('asset-facts')).toContainText(/Total power[^\d]*\d+\.\d\d · 3 days ago/);
});

test('today is hatched as a partial day on Analytics and on the Trends tab, whose axis ends with today', async () => {
  await page.goto('/powercoil_analytics?range=7d');
  await expect(page.getByTestId('chart-total-power-partial')).toHaveText(/still under way, figures so far/);
  await expect(page.getByTestId('chart-issues-partial')).toBeVisible();

  await page.goto('/asset/NZ-0001?tab=trends&range=7d');
  await expect.poll(async () => Number(await page.getByTestId('chart-trends-load').getAttribute('data-drawn-points'))).toBeGreaterThan(0);
  await expect(page.getByTestId('chart-trends-load-partial')).toBeVisible();
  // The last tick of the day axis is today's, not tomorrow's.
  const ticks = await page.getByTestId('chart-trends-load').locator('.u-axis').first().locator('.u-value').allTextContents();
  const tomorrow = shown(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)).slice(0, 5);
  expect(ticks).not.toContain(tomorrow);
});

test('in Irish the age reads in Irish, though Chromium has no Irish relative times of its own', async () => {
  await page.evaluate(() => window.localStorage.setItem('gridlens.language', 'GA'));
  try {
    await page.goto(`/asset/${SILENT}`);
    await expect(page.getByTestId('asset-facts')).toContainText(/\d+\.\d\d · 3 lá ó shin/);
    await expect(page.getByTestId('asset-facts')).not.toContainText('days ago');
  } finally {
    await page.evaluate(() => window.localStorage.setItem('gridlens.language', 'EN'));
  }
});
