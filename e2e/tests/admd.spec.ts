import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { Answer } from '@gridlens/contract/endpoint';
import type { loadAnalysisApi } from '@gridlens/contract/load-analysis';
import { urlOf } from '@gridlens/contract/route';
import { loadAnalysisRoutes } from '@gridlens/contract/routes/load-analysis';
import { expectNoSeriousViolations } from '../support/axe';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;
let answer: Answer<typeof loadAnalysisApi.admd>;

const admdPath = urlOf(loadAnalysisRoutes.admd);

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 }, timezoneId: 'UTC' });
  page = await context.newPage();
  await signIn(page, DEMO.power, '/powercoil_analytics');
  await expect(page.getByTestId('analytics-page')).toBeVisible();
});
test.afterAll(async () => {
  await page.context().close();
});

test('Analytics opens the ADMD table, which lists every transformer with its figures from the server', async () => {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(admdPath) && r.status() === 200),
    page.getByTestId('admd-link').click(),
  ]);
  answer = (await response.json()) as Answer<typeof loadAnalysisApi.admd>;
  await expect(page).toHaveURL(/\/powercoil_admd$/);
  await expect(page.getByTestId('page-title')).toHaveText('After diversity maximum demand (ADMD)');
  // The e2e demo holds a day of history: no whole winter, so the last 90 days, of which the screen names the days
  // that hold readings rather than claim all 90.
  expect(answer.period).toBe('last_90_days');
  expect(answer.data?.period_days).toBe(90);
  expect(answer.data?.days).toBeLessThan(90);
  await expect(page.getByTestId('admd-period')).toContainText(
    `The data hold no whole winter: the last days that hold readings (${answer.data?.days} of 90)`,
  );
  expect(answer.transformers.length).toBeGreaterThan(100);
  const first = answer.transformers[0];
  const cells = page.getByTestId('admd-table').locator('tbody tr').first().locator('td');
  await expect(cells.nth(0)).toHaveText(first?.device_id ?? '?');
  await expect(cells.nth(4)).toHaveText(first?.admd_kw === null || first === undefined ? '–' : first.admd_kw.toFixed(2));
  // 100 rows a page, the first page full.
  await expect(page.getByTestId('admd-table').locator('tbody tr')).toHaveCount(100);
});

test('the CSV holds every transformer with its ADMD', async () => {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('admd-csv').click()]);
  const lines = readFileSync((await download.path()) ?? '', 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toContain('ADMD (kW per customer)');
  expect(lines).toHaveLength(answer.transformers.length + 1);
  const byDevice = new Map(lines.slice(1).map((line) => [line.split(',')[0], line.split(',')]));
  for (const row of answer.transformers.slice(0, 20)) expect(byDevice.get(row.device_id)?.[4]).toBe(row.admd_kw?.toFixed(2) ?? '');
});

test('a range asks the server for it and goes into the URL', async () => {
  await page.getByTestId('admd-range').click();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(urlOf(loadAnalysisRoutes.admd, {}, { range: '3m' })) && r.status() === 200),
    page.getByRole('option', { name: '3 months' }).click(),
  ]);
  expect(((await response.json()) as Answer<typeof loadAnalysisApi.admd>).period).toBe('requested');
  await expect(page).toHaveURL(/[?&]range=3m/);
  await expect(page.getByTestId('admd-period')).toContainText('From ');
  // The menu's closing fade would otherwise dim the table under the accessibility check, and the pointer left
  // over the first row (where the option was) would check it in its hover colours.
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await page.mouse.move(0, 0);
});

test('the ADMD screen has no serious or critical accessibility violations, in light and dark', async () => {
  await expectNoSeriousViolations(page, 'light');
  await page.evaluate("localStorage.setItem('gridlens.theme', 'dark')");
  await page.reload();
  await expect(page.getByTestId('admd-table')).toBeVisible();
  await expect(page.locator('body')).toHaveAttribute('data-theme', 'dark');
  await expectNoSeriousViolations(page, 'dark');
});

test('while another range loads the period says so, and a period without any reading says that, not "(0 of 0)"', async () => {
  await page.goto('/powercoil_admd');
  await expect(page.getByTestId('admd-period')).toContainText('The data hold no whole winter');
  // The year's answer is held until the loading state is seen, then given as a tenant with no reading in it has it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const yearPath = urlOf(loadAnalysisRoutes.admd, {}, { range: '1y' });
  const isYear = (url: URL) => `${url.pathname}${url.search}`.includes(yearPath);
  await page.route(isYear, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Answer<typeof loadAnalysisApi.admd>;
    await held;
    const transformers = body.transformers.map((row) => ({
      ...row,
      peak_demand_kw: null,
      peak_at: null,
      mean_demand_kw: null,
      load_factor: null,
      admd_kw: null,
      half_hours: 0,
      missing: 'no_readings' as const,
    }));
    await route.fulfill({ response, json: { ...body, data: null, transformers } });
  });
  await page.getByTestId('admd-range').click();
  await page.getByRole('option', { name: '1 year' }).click();
  await expect(page.getByTestId('admd-period')).toHaveText('Loading…');
  // The previous period's rows are still shown, but not exported as the year's.
  await expect(page.getByTestId('admd-csv')).toBeDisabled();
  release();
  // The whole text, anchored: no "(0 of 0)" count of whole winters beside it.
  await expect(page.getByTestId('admd-period')).toHaveText(/^No readings from \S+ to \S+, so no figures for this period\.$/);
  await expect(page.getByTestId('admd-csv')).toBeEnabled();
  await expect(page.getByTestId('admd-table').locator('tbody tr').first().locator('td').last()).toHaveText('No readings in the period');
  await page.unroute(isYear);
});

test('the feedback button never covers the table pager: next page at a desktop and a phone width', async () => {
  const feedback = page.getByTestId('feedback-button');
  const next = page.getByRole('button', { name: 'Next page' });
  const previous = page.getByRole('button', { name: 'Previous page' });
  const shown = page.getByText(/^\d+–\d+ of \d+$/);
  /** The two boxes share no pixel: the button cannot lie over the pager's control. */
  const apart = async () => {
    await next.scrollIntoViewIfNeeded();
    // At the foot of the page, where the floating button sat over the pager before the page kept a band clear for it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const [a, b] = [await feedback.boundingBox(), await next.boundingBox()];
    expect(a && b).toBeTruthy();
    const overlap = a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
    expect(overlap).toBe(false);
  };
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/powercoil_admd');
    await expect(page.getByTestId('admd-table')).toBeVisible();
    await expect(feedback).toBeVisible(); // it arrives a second after start
    await expect(shown).toHaveText(/^1–100 of /);
    await apart();
    // A click that lands on whatever lies on top: it fails (times out) while anything covers the button.
    await next.click({ timeout: 5_000 });
    await expect(shown).toHaveText(/^101–200 of /);
    await apart();
    await previous.click({ timeout: 5_000 });
    await expect(shown).toHaveText(/^1–100 of /);
  }
});
