import { expect, test, type Page } from '@playwright/test';
import { reportSchedulesRoutes } from '@gridlens/contract/routes/report-schedules';
import { apiCall } from '../support/api';
import { expectNoSeriousViolations } from '../support/axe';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 }, timezoneId: 'UTC' });
  page = await context.newPage();
  await signIn(page, DEMO.fleet, '/report');
  await expect(page.getByTestId('report-management')).toBeVisible();
});
test.afterAll(async () => {
  await page.context().close();
});

const schedules = () => page.getByTestId('report-schedules').locator('tbody tr');

test("with no report stored, the screen says the specification's message, and has no schedule yet", async () => {
  await expect(page.getByTestId('reports-none')).toHaveText('No report is available for any week');
  await expect(page.getByTestId('schedules-none')).toBeVisible();
  await expect(page.getByTestId('delivery-history')).toContainText('Choose the delivery history of a schedule');
  await expectNoSeriousViolations(page, '/report');
});

test('in Irish the screen and its empty message read in Irish', async () => {
  await page.evaluate(() => window.localStorage.setItem('gridlens.language', 'GA'));
  try {
    await page.goto('/report');
    await expect(page.getByTestId('reports-none')).toHaveText("Níl tuairisc ar fáil d'aon seachtain");
    await expect(page.getByRole('heading', { name: 'Sceidil' })).toBeVisible();
    await expect(page.getByTestId('new-schedule')).toHaveText('Sceideal nua');
    await expect(page.getByTestId('report-management')).not.toContainText('Schedules');
  } finally {
    await page.evaluate(() => window.localStorage.setItem('gridlens.language', 'EN'));
    await page.goto('/report');
  }
});

test('a bad schedule shows the field’s message and saves nothing', async () => {
  await page.getByTestId('new-schedule').click();
  await page.getByTestId('schedule-timeZone').fill('Mars/Olympus');
  await page.getByTestId('schedule-format-pdf').uncheck();
  await page.getByTestId('save-schedule').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Unknown time zone')).toBeVisible();
  await expect(dialog.getByText('Choose at least one format')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('schedules-none')).toBeVisible();
});

test('a schedule is created with a recipient, listed, the recipient removed and the schedule deleted', async () => {
  await page.getByTestId('new-schedule').click();
  await page.getByTestId('schedule-report').click();
  await page.getByRole('option', { name: 'KPI report' }).click();
  await page.getByTestId('schedule-dayOfWeek').click();
  await page.getByRole('option', { name: 'Friday' }).click();
  await page.getByTestId('schedule-localTime').fill('06:45');
  await page.getByTestId('schedule-timeZone').fill('Europe/Dublin');
  await page.getByTestId('schedule-format-csv').check();
  await page.getByTestId('save-schedule').click();
  await expect(page.getByText('Schedule saved')).toBeVisible();
  await expect(schedules()).toHaveCount(1);
  const row = schedules().first();
  await expect(row).toContainText('KPI report');
  await expect(row).toContainText('Every Friday at 06:45 (Europe/Dublin)');
  await expect(row).toContainText('PDF, CSV');

  await row.getByTestId('open-recipients').click();
  await page.getByTestId('recipient-name').fill('N'.repeat(60));
  await page.getByTestId('recipient-email').fill('not-an-email');
  await page.getByTestId('add-recipient').click();
  await expect(page.getByRole('dialog').getByText('Must be less than 50 characters')).toBeVisible();
  await expect(page.getByRole('dialog').getByText('Email must be valid')).toBeVisible();
  await expect(page.getByTestId('recipients-none')).toBeVisible();
  await page.getByTestId('recipient-name').fill('Operations manager');
  await page.getByTestId('recipient-email').fill('ops@fleetco.example.ie');
  await page.getByTestId('recipient-nickname').fill('Ops');
  await page.getByTestId('add-recipient').click();
  await expect(page.getByTestId('recipients').getByText('ops@fleetco.example.ie')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(row.locator('td:nth-child(5)')).toHaveText('1');

  await row.getByTestId('open-recipients').click();
  await page.getByRole('button', { name: 'Remove Operations manager' }).click();
  await expect(page.getByTestId('recipients-none')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(row.locator('td:nth-child(5)')).toHaveText('0');

  await row.getByTestId('open-history').click();
  await expect(page.getByTestId('runs-none')).toHaveText('No delivery yet.');

  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText('Schedule deleted')).toBeVisible();
  await expect(page.getByTestId('schedules-none')).toBeVisible();
});

test('a stored week is listed and opens its report', async () => {
  // A week long past whatever the day the test runs: any day of it names it, and it is listed by its Monday.
  const added = await apiCall(page, 'fleetco', reportSchedulesRoutes.addReport, { body: { kind: 'fleet', week: '2025-06-04' } });
  expect(added.status()).toBe(201);
  await page.goto('/report');
  const link = page.getByRole('link', { name: 'Open the Fleet report: Week of 02/06/2025' });
  await expect(link).toHaveAttribute('href', '/report_fleet?week=2025-06-02');
  await expect(page.getByTestId('reports-none')).toHaveCount(0);
});
