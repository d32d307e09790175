import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';
import { chooseTrigger } from '../support/rule-dialog';
import { sendReadingNow } from '../support/api';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;

/** A demo monitor that never reports. */
const QUIET_DEVICE = 'NZ-0007';

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 }, timezoneId: 'UTC' });
  page = await context.newPage();
  await signIn(page, DEMO.power, '/powercoil_alerts');
  await expect(page.getByTestId('power-alerts')).toBeVisible();
});
test.afterAll(async () => {
  await page.context().close();
});

test('the tabs switch and keep the URL', async () => {
  await expect(page.getByTestId('alerts-tab-active')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('alerts-tab-manage').click();
  await expect(page).toHaveURL(/\/powercoil_alerts\?tab=manage$/);
  await page.reload();
  await expect(page.getByTestId('alerts-tab-manage')).toHaveAttribute('aria-selected', 'true');
});

test('a new rule shows the specification messages for bad input and saves nothing', async () => {
  // The demo tenant comes with its seeded rules; a refused rule must leave exactly those.
  const rules = page.getByTestId('alert-rules').getByRole('row');
  await expect(rules.nth(1)).toBeVisible();
  const before = await rules.count();
  await page.getByTestId('new-alert').click();
  await page.getByTestId('save-rule').click();
  await expect(page.getByRole('dialog').getByText('This field is required')).toHaveCount(3);
  await chooseTrigger(page, 'Imbalance', { operator: '>', value: '150' });
  await page.getByTestId('save-rule').click();
  await expect(page.getByRole('dialog').getByText('Number has to be between 0 and 100')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(rules).toHaveCount(before);
});

test('a rule with a recipient is created, and a reading over its threshold raises an alert that can be acknowledged', async () => {
  await page.getByTestId('new-alert').click();
  await page.getByTestId('rule-device').fill(QUIET_DEVICE);
  await page.getByRole('option', { name: QUIET_DEVICE, exact: true }).click();
  await chooseTrigger(page, 'Max current L1', { operator: '>', value: '500' });
  await page.getByTestId('save-rule').click();
  await expect(page.getByText('Alert saved')).toBeVisible();
  // Beside the demo tenant's seeded fleet-wide rules, the new rule is the one naming the device.
  const rule = page.getByTestId('alert-rules').locator('tbody tr', { hasText: QUIET_DEVICE });
  await expect(rule).toHaveCount(1);
  await expect(rule).toContainText(`${QUIET_DEVICE}Max current L1 > 500.00 A`);

  await rule.getByTestId('open-recipients').click();
  await page.getByTestId('recipient-name').fill('Control room');
  await page.getByTestId('recipient-email').fill('control-room');
  await page.getByTestId('add-recipient').click();
  await expect(page.getByRole('dialog').getByText('Email must be valid')).toBeVisible();
  await page.getByTestId('recipient-email').fill('control@netzero.example.ie');
  await page.getByTestId('add-recipient').click();
  await expect(page.getByTestId('recipients').getByText('control@netzero.example.ie')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(rule.locator('td:nth-child(3)')).toHaveText('1');

  // A reading from the field crosses the threshold, through the real ingestion path: balanced phases under the
  // seeded rules' 580 A, so that only the new rule fires.
  await sendReadingNow(page, QUIET_DEVICE, {
    current_max_a: [550, 540, 540],
    current_med_a: [450, 440, 440],
    temperature_max_c: 30,
    temperature_med_c: 28,
  });

  await page.getByTestId('alerts-tab-active').click();
  const row = page.getByTestId('active-alerts').locator('tbody tr', { hasText: QUIET_DEVICE });
  await expect(row).toContainText('550.00 A');
  await expect(row).toContainText('Active');
  await page.reload();
  await expect(page.getByTestId('alerts-badge')).toContainText(/\d/);

  await page.getByTestId(`acknowledge-${QUIET_DEVICE}`).click();
  await expect(page.getByText('Alert acknowledged')).toBeVisible();
  await expect(row).toContainText(`Acknowledged by ${DEMO.power.name}`);
  await expect(page.getByTestId(`acknowledge-${QUIET_DEVICE}`)).toHaveCount(0);

  // The history tells the next shift what happened, and takes a comment.
  await page.getByTestId(`history-${QUIET_DEVICE}`).click();
  const history = page.getByTestId('alert-history');
  await expect(history).toContainText('Triggered');
  await expect(history).toContainText('550.00 A');
  await expect(history).toContainText(`Acknowledged · ${DEMO.power.name}`);
  await page.getByTestId('add-comment').click();
  await expect(page.getByRole('dialog').getByText('This field is required')).toBeVisible();
  await page.getByTestId('alert-comment').fill('Crew sent to check the L1 clamp');
  await page.getByTestId('add-comment').click();
  await expect(history).toContainText('Crew sent to check the L1 clamp');
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the alert screens have no serious or critical accessibility violations, in light and dark', async () => {
  // Nothing fading out (a dialog's backdrop) may sit over the page while axe reads its colours.
  await expect(page.locator('.MuiBackdrop-root')).toHaveCount(0);
  for (const theme of ['light', 'dark'] as const) {
    await expect(page.locator('body')).toHaveAttribute('data-theme', theme);
    await expect(page.getByTestId('active-alerts')).toBeVisible();
    await expectNoSeriousViolations(page, `${theme}, active`);
    await page.getByTestId('alerts-tab-manage').click();
    await expect(page.getByTestId('alert-rules')).toBeVisible();
    await expectNoSeriousViolations(page, `${theme}, manage`);
    await page.getByTestId('alerts-tab-active').click();
    await page.getByRole('button', { name: /Switch to the (dark|light) theme/ }).click();
  }
});

test('deleting a rule asks first, then removes it and its alert', async () => {
  await page.getByTestId('alerts-tab-manage').click();
  const rules = page.getByTestId('alert-rules').locator('tbody tr');
  const rule = rules.filter({ hasText: QUIET_DEVICE });
  await expect(rule).toHaveCount(1);
  const before = await rules.count();
  await rule.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('Max current L1 > 500.00 A');
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText('Alert deleted')).toBeVisible();
  await expect(rule).toHaveCount(0);
  await expect(rules).toHaveCount(before - 1);
  await page.getByTestId('alerts-tab-active').click();
  await expect(page.getByTestId('active-alerts').locator('tbody tr', { hasText: QUIET_DEVICE })).toHaveCount(0);
});
