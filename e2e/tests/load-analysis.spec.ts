import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;
/** A demo transformer without power quality, so it has the EV and HP Analysis tabs. */
const DEVICE = 'NZ-0002';

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  page = await context.newPage();
  await signIn(page, DEMO.power, `/asset/${DEVICE}?tab=ev`);
});
test.afterAll(async () => {
  await page.context().close();
});

const fact = (list: string, label: string) =>
  page
    .getByTestId(list)
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('dd')
    .first();

test('the EV tab shows the fleet row, the day profile against the capacity, the forecast to 2030 and its inputs', async () => {
  const tab = page.getByTestId('asset-ev');
  await expect(tab).toBeVisible();
  await expect(fact('asset-ev-row', 'Max EVs')).toHaveText(/^(\d[\d,]*|No practical limit|0: over capacity even without EVs)$/);
  await expect.poll(async () => Number(await page.getByTestId('chart-asset-ev-profile').getAttribute('data-drawn-points'))).toBe(24);
  const years = await page.getByTestId('asset-ev-forecast').locator('tbody tr td:nth-child(1)').allTextContents();
  expect(years.at(-1)).toBe('2030');
  await expect(fact('asset-ev-inputs', 'Base-load day')).toContainText('Most recent weekday');
  await expect(fact('asset-ev-inputs', 'Connected MPRNs')).toHaveText(/^\d+$/);
  // The heat-pump column is the HP tab's; the default HP model evaluates no cold day.
  await expect(page.getByTestId('asset-ev-forecast').locator('th', { hasText: 'Heat pumps' })).toHaveCount(0);
  await expect(page.getByTestId('asset-ev-extreme')).toHaveCount(0);
});

test('choosing the max annual load day analyses that day instead', async () => {
  const before = await fact('asset-ev-inputs', 'Base-load day').textContent();
  await page.getByLabel('Day type').click();
  await page.getByRole('option', { name: 'Max annual load day' }).click();
  await expect(fact('asset-ev-inputs', 'Base-load day')).toContainText('Max annual load day');
  const after = await fact('asset-ev-inputs', 'Base-load day').textContent();
  expect(after).not.toBe(before);
});

test('the HP tab adds the heat pumps, and says the default HP model leaves the 1-in-20 cold day out', async () => {
  await page.getByTestId('tab-hp').click();
  await expect(page).toHaveURL(/[?&]tab=hp/);
  await expect(page.getByTestId('asset-hp-forecast').locator('th', { hasText: 'Heat pumps' })).toHaveCount(1);
  await expect(page.getByTestId('asset-hp-extreme-off')).toContainText('The 1-in-20 cold day is not evaluated');
  await expect(page.getByTestId('asset-hp-extreme-profile')).toHaveCount(0);
  await expect.poll(async () => Number(await page.getByTestId('chart-asset-hp-profile').getAttribute('data-drawn-points'))).toBe(24);
});

test('the analysis tabs have no serious or critical accessibility violations', async () => {
  for (const tab of ['ev', 'hp']) {
    await page.getByTestId(`tab-${tab}`).click();
    await expect(page.getByTestId(`asset-${tab}-forecast`)).toBeVisible();
    const results = await new AxeBuilder({ page }).include('main').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${tab}: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
  }
});
