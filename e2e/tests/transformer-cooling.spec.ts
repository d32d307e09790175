import { expect, test, type Page } from '@playwright/test';
import type { LossOfLife } from '@gridlens/contract/load-analysis';
import { assetsRoutes } from '@gridlens/contract/routes/assets';
import { loadAnalysisRoutes } from '@gridlens/contract/routes/load-analysis';
import { formatNumber } from '@gridlens/domain/number-format';
import { apiCall } from '../support/api';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;

/** A power-quality monitor of the demo, which has the XFRMR Health tab; the demo records no cooling. */
const DEVICE = 'NZ-0011';
const HEALTH = `/asset/${DEVICE}?tab=health&range=7d`;
const COOLING = 'Cooling (sets the thermal parameters)';

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  page = await context.newPage();
  await signIn(page, DEMO.power, HEALTH);
  await expect(page.getByTestId('thermal-facts')).toBeVisible();
});
test.afterAll(async () => {
  // Leave the demo device as it was for the other files of the run.
  await apiCall(page, 'netzero', assetsRoutes.update, { params: { DeviceID: DEVICE }, body: { cooling: null } });
  await page.context().close();
});

const lossOfLife = async () => {
  const response = await apiCall(page, 'netzero', loadAnalysisRoutes.lossOfLife, { query: { device_id: DEVICE, range: '7d' } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as LossOfLife).transformers[0]!;
};
const fact = (label: string) =>
  page
    .getByTestId('thermal-facts')
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .locator('dd');

test('XFRMR Health says its figures model ONAN by default while the cooling is not recorded, and the rating used', async () => {
  const row = await lossOfLife();
  expect(row).toMatchObject({ cooling: 'ONAN', cooling_source: 'default' });
  await expect(fact(COOLING)).toHaveText('ONAN (default: cooling not recorded)');
  await expect(fact('Rating used')).toHaveText(`${formatNumber(row.rating_kva, 'en')} kVA (from the device details)`);
});

test("editing the device's cooling to ONAF models it as ONAF on XFRMR Health, with ONAF's figures", async () => {
  const before = await lossOfLife();
  await page.getByTestId('asset-edit').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Cooling' }).click();
  await page.getByRole('option', { name: 'ONAF (oil natural, air forced)' }).click();
  await page.getByTestId('edit-save').click();
  await expect(dialog).toBeHidden();
  await expect(fact(COOLING)).toHaveText('ONAF (from the device details)');
  const after = await lossOfLife();
  expect(after).toMatchObject({ cooling: 'ONAF', cooling_source: 'registry' });
  expect(after.max_hot_spot_c).not.toBe(before.max_hot_spot_c);
  await expect(fact('Highest hot spot')).toHaveText(`${formatNumber(after.max_hot_spot_c!, 'en')} °C`);
});
