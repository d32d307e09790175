import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  page = await context.newPage();
  await signIn(page, DEMO.power, '/powercoil_analytics');
  await expect(page.getByTestId('analytics-page')).toBeVisible();
});
test.afterAll(async () => {
  await page.context().close();
});

const drawnPoints = async (id: string) => Number(await page.getByTestId(`chart-${id}`).getAttribute('data-drawn-points'));
const fact = (name: string) => page.getByTestId('analytics-facts').locator('div').filter({ hasText: name }).locator('dd');

test('the analytics overview charts the fleet’s total power and its issues, with the fleet’s facts', async () => {
  await expect.poll(() => drawnPoints('total-power')).toBeGreaterThan(1);
  await expect.poll(() => drawnPoints('issues')).toBeGreaterThan(1);
  expect(Number(((await fact('Devices').first().textContent()) ?? '').replaceAll(',', ''))).toBeGreaterThan(100);
  await expect(fact('Peak total power (kVA)')).toHaveText(/^[\d,]+\.\d\d$/);
  await expect(page.getByTestId('chart-issues')).toContainText('Temperature over limit'); // a legend entry per flag
});

test('the range goes into the URL and the charts follow it', async () => {
  await page.getByTestId('time-range').click();
  await page.getByRole('option', { name: '24 hours' }).click();
  await expect(page).toHaveURL(/[?&]range=24h/);
  await expect(page.locator('.MuiPopover-root')).toHaveCount(0);
  await expect.poll(() => drawnPoints('total-power')).toBeGreaterThan(1); // hourly points of the last day
});

test('the devices with the most issues come first and open their asset page', async () => {
  const table = page.getByTestId('analytics-devices');
  const counts = (await table.locator('tbody tr td:nth-child(3)').allTextContents()).map(Number);
  expect(counts.length).toBeGreaterThan(0);
  expect(counts).toEqual([...counts].sort((a, b) => b - a));
  const link = table.locator('tbody tr').first().locator('a');
  const id = (await link.textContent()) ?? '';
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/asset/${id}$`));
  await expect(page.getByTestId('asset-header')).toContainText(`Device ${id}`);
  await page.goBack();
  await expect(page.getByTestId('analytics-page')).toBeVisible();
});

test('the analytics overview has no serious or critical accessibility violations, in light and dark', async () => {
  for (const theme of ['light', 'dark']) {
    await expect.poll(() => drawnPoints('issues')).toBeGreaterThan(1);
    const results = await new AxeBuilder({ page }).include('main').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${theme}: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
    await page.getByRole('button', { name: /Switch to the (dark|light) theme/ }).click();
  }
});
