import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;
/** A demo transformer without power quality, so it has the EV Analysis tab. */
const DEVICE = 'NZ-0002';
const MODEL = 'Rapid uptake';

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, timezoneId: 'UTC' });
  page = await context.newPage();
  await signIn(page, DEMO.power, '/powercoil_ev');
  await expect(page.getByTestId('load-models')).toBeVisible();
});
test.afterAll(async () => {
  await page.context().close();
});

const overIn2030 = async () => Number((await page.getByTestId('fleet-over-2030').locator('p').last().textContent())?.replace(/\D/g, ''));
const evsIn2030 = async () =>
  Number((await page.getByTestId('asset-ev-forecast').locator('tbody tr').last().locator('td').nth(1).textContent())?.replace(/\D/g, ''));

test('the fleet analysis ranks every transformer with the seeded models, and counts those over capacity year by year', async () => {
  const fleet = page.getByTestId('fleet-analysis');
  await expect(fleet.getByTestId('fleet-table').locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
  await expect(fleet.getByTestId('fleet-count')).toHaveText(/of 300 transformers/);
  // Each row names its transformer, linked to its asset page, beside its device ID.
  const first = fleet.getByTestId('fleet-table').locator('tbody tr').first();
  const deviceId = (await first.locator('td').nth(1).textContent()) ?? '';
  expect(deviceId).toMatch(/^NZ-\d{4}$/);
  const name = first.locator('td').first().getByRole('link');
  await expect(name).not.toHaveText(deviceId);
  await expect(name).toHaveAttribute('href', `/asset/${deviceId}`);
  // Most urgent first: a transformer over capacity earlier never follows one over later or never.
  const years = (await fleet.getByTestId('fleet-table').locator('tbody tr td:nth-child(3)').allTextContents()).map((y) =>
    y === 'None by 2030' || y === '–' ? Infinity : Number(y),
  );
  expect(years).toEqual([...years].sort((a, b) => a - b));
  // "Over capacity only" leaves exactly the 2030 bar's count.
  const over = await overIn2030();
  await fleet.getByTestId('fleet-over-only').click();
  await expect(fleet.getByTestId('fleet-count')).toHaveText(new RegExp(`^${over} of 300`));
  await fleet.getByTestId('fleet-over-only').click();
});

test('a new EV model with rapid uptake, run on the fleet, puts more transformers over capacity by 2030', async () => {
  const before = await overIn2030();
  await page.getByTestId('new-ev-model').click();
  await page.getByTestId('model-name').fill(MODEL);
  await page.getByTestId('model-currentEvSharePercent').fill('60');
  await page.getByTestId('model-evShareOfSalesPercent').fill('100');
  await page.getByTestId('model-newCarBuyersPercentPerYear').fill('20');
  await page.getByTestId('save-model').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const fleet = page.getByTestId('fleet-analysis');
  await fleet.getByRole('combobox', { name: 'EV model' }).click();
  await page.getByRole('option', { name: MODEL }).click();
  await expect(page).toHaveURL(/fleet_ev=[0-9a-f-]{36}/);
  await expect.poll(overIn2030, { timeout: 30_000 }).toBeGreaterThan(before);
  await expectNoSeriousViolations(page, 'fleet analysis');
});

test("the transformer's EV Analysis tab runs the model chosen on it", async () => {
  await page.goto(`/asset/${DEVICE}?tab=ev`);
  await expect(page.getByTestId('asset-ev-forecast')).toBeVisible();
  const seeded = await evsIn2030();
  await page.getByTestId('asset-ev').getByRole('combobox', { name: 'EV model' }).click();
  await page.getByRole('option', { name: MODEL }).click();
  await expect.poll(evsIn2030).toBeGreaterThan(seeded);
});

test('deleting the model leaves the seeded one, as the other screens expect to find them', async () => {
  await page.goto('/powercoil_ev');
  await page.getByRole('button', { name: MODEL }).click();
  await page.getByTestId('delete-model').click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText('Model deleted')).toBeVisible();
  await expect(page.getByTestId('ev-model-table').locator('tbody tr')).toHaveCount(1);
});
