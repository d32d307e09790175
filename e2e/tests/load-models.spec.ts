import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 }, timezoneId: 'UTC' });
  page = await context.newPage();
  await signIn(page, DEMO.power, '/powercoil_ev');
  await expect(page.getByTestId('load-models')).toBeVisible();
});
test.afterAll(async () => {
  await page.context().close();
});

const evRows = () => page.getByTestId('ev-model-table').locator('tbody tr');

test('the tenant starts with a default EV and HP model, whose detail opens from the URL', async () => {
  await expect(evRows()).toHaveCount(1);
  await expect(evRows().first()).toContainText('Default EV model');
  await expect(page.getByTestId('hp-model-table').locator('tbody tr')).toContainText('Default HP model');
  await page.getByRole('button', { name: 'Default HP model' }).click();
  await expect(page).toHaveURL(/\/powercoil_ev\?model=hp%3A[0-9a-f-]{36}$/);
  await page.reload();
  await expect(page.getByTestId('model-detail-name')).toHaveText('Default HP model');
  await expect(page.getByTestId('model-facts')).toContainText('Bivalent point of hybrids');
  // The only model of its kind cannot be deleted.
  await expect(page.getByTestId('delete-model')).toBeDisabled();
});

test('a power user creates an EV model after seeing the specification messages, edits it, and deletes it', async () => {
  await page.getByTestId('new-ev-model').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'New EV model' })).toBeVisible();
  await page.getByTestId('model-chargeRateWeekdayPercent').fill('150');
  await page.getByTestId('save-model').click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await expect(dialog.getByText('Number has to be between 0 and 100')).toBeVisible();
  await page.getByTestId('model-name').fill('Estate 2030');
  await page.getByTestId('model-chargeRateWeekdayPercent').fill('75');
  await page.getByTestId('model-chargeDurationWeekendHours').fill('0');
  await page.getByTestId('save-model').click();
  await expect(dialog.getByText('Value should be greater than 0')).toBeVisible();
  await page.getByTestId('model-chargeDurationWeekendHours').fill('6');
  await page.getByTestId('save-model').click();
  await expect(page.getByText('Model saved')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('model-detail-name')).toHaveText('Estate 2030');
  await expect(page.getByTestId('model-facts')).toContainText('75.00 %');
  await expect(evRows()).toHaveCount(2);

  await page.getByTestId('edit-model').click();
  await expect(page.getByTestId('model-name')).toHaveValue('Estate 2030');
  await page.getByTestId('model-name').fill('Estate 2031');
  await page.getByTestId('model-currentEvSharePercent').fill('12');
  await page.getByTestId('save-model').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const row = evRows().filter({ hasText: 'Estate 2031' });
  await expect(row).toContainText('12.00 %');

  await page.getByTestId('delete-model').click();
  await expect(page.getByRole('dialog')).toContainText('Estate 2031');
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText('Model deleted')).toBeVisible();
  await expect(evRows()).toHaveCount(1);
  await expect(page.getByTestId('model-detail')).toHaveCount(0);
  await expect(page).toHaveURL(/\/powercoil_ev$/);
});

test('the EV modelling screen has no serious or critical accessibility violations, in light and dark', async () => {
  await page.getByRole('button', { name: 'Default EV model' }).click();
  await expect(page.getByTestId('model-detail')).toBeVisible();
  await expect(page.locator('.MuiBackdrop-root')).toHaveCount(0);
  for (const theme of ['light', 'dark'] as const) {
    await expect(page.locator('body')).toHaveAttribute('data-theme', theme);
    await expectNoSeriousViolations(page, `${theme}, lists and detail`);
    await page.getByTestId('edit-model').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByTestId('save-model').click(); // unchanged: saved as it is
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByTestId('new-hp-model').click();
    await page.getByTestId('model-extremeDayMeanTemperatureC').fill('-40');
    await page.getByTestId('save-model').click();
    await expect(page.getByRole('dialog').getByText('Value should be at least -25')).toBeVisible();
    await expectNoSeriousViolations(page, `${theme}, form with problems`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('.MuiBackdrop-root')).toHaveCount(0);
    await page.getByRole('button', { name: /Switch to the (dark|light) theme/ }).click();
  }
});
