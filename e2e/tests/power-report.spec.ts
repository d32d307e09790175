import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;

const dayOf = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const shown = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`; // Irish date order (the browser's zone is UTC)

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 }, timezoneId: 'UTC' });
  page = await context.newPage();
  await signIn(page, DEMO.power, '/powercoil_report');
  await expect(page.getByTestId('power-report')).toBeVisible();
});
test.afterAll(async () => {
  await page.context().close();
});

const cellsOf = (testId: string, column: number) => page.getByTestId(testId).locator(`tbody tr td:nth-child(${column})`).allTextContents();

test('the report of today counts the whole fleet in its status table and lists its devices', async () => {
  await expect(page.getByTestId('report-title')).toHaveText(`Power report for ${shown(dayOf(0))}`);
  const title = (await page.locator('#report-fleet-title').textContent()) ?? '';
  const total = Number(/\((\d[\d,]*) devices\)/.exec(title)?.[1]?.replaceAll(',', ''));
  expect(total).toBeGreaterThan(100);
  const groups = await cellsOf('report-fleet', 1);
  const counts = (await cellsOf('report-fleet', 3)).map((text) => Number(text.replaceAll(',', '')));
  const statusSum = counts.filter((_count, i) => groups[i] === 'Status').reduce((sum, n) => sum + n, 0);
  expect(statusSum).toBe(total);
  await expect(page.getByTestId('report-devices').locator('tbody tr')).toHaveCount(100); // the first page
  // The wide devices table scrolls inside its box: the page itself never grows wider than the window.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('choosing a past day puts it in the URL and reports that day', async () => {
  // The picker writes the day as the report does (DD/MM/YYYY here): typed section by section, day first.
  await page.getByTestId('report-day').getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type(shown(dayOf(1)).replaceAll('/', ''));
  await expect(page).toHaveURL(new RegExp(`[?&]day=${dayOf(1)}`));
  await expect(page.getByTestId('report-title')).toHaveText(`Power report for ${shown(dayOf(1))}`);
  await expect(page.getByText('For a past day the last-message time and total power are left out')).toBeVisible();
  const messages = (await cellsOf('report-devices', 12)).map((text) => Number(text.replaceAll(',', '')));
  expect(messages.some((n) => n > 0)).toBe(true);
});

test('the report has no serious or critical accessibility violations, in light and dark', async () => {
  for (const theme of ['light', 'dark']) {
    await expect(page.getByTestId('report-devices')).toBeVisible();
    const results = await new AxeBuilder({ page }).include('main').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${theme}: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
    await page.getByRole('button', { name: /Switch to the (dark|light) theme/ }).click();
  }
});

test('the printable snapshot shows the same day without header and navigation, every device on one page', async () => {
  await page.getByTestId('report-snapshot-link').click();
  await expect(page).toHaveURL(new RegExp(`/powercoil_report_snapshot\\?day=${dayOf(1)}`));
  await expect(page.getByTestId('report-title')).toHaveText(`Power report for ${shown(dayOf(1))}`);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByTestId('report-day')).toHaveCount(0);
  const title = (await page.locator('#report-devices-title').textContent()) ?? '';
  const total = Number(/\((\d[\d,]*)\)/.exec(title)?.[1]?.replaceAll(',', ''));
  await expect(page.getByTestId('report-devices').locator('tbody tr')).toHaveCount(total);
  // What the server's PDF renderer waits for: the day's tables, drawn.
  await expect(page.locator('[data-report-ready]')).toBeVisible();
  await expect(page.locator('[data-report-ready]').getByTestId('report-devices')).toBeVisible();
});
