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
  await signIn(page, DEMO.power, '/powercoil_report');
  await expect(page.getByTestId('power-report')).toBeVisible();
});
test.afterAll(async () => {
  // A failed run must not leave its schedule to the specs that follow (they count the tenant's schedules).
  const listed = await apiCall(page, 'netzero', reportSchedulesRoutes.schedules);
  for (const { id } of (await listed.json()) as { id: string }[])
    await apiCall(page, 'netzero', reportSchedulesRoutes.removeSchedule, { params: { id } });
  await page.context().close();
});

const schedulesDialog = () => page.getByRole('dialog', { name: 'Email the Power report on a schedule' });
const schedules = () => schedulesDialog().getByTestId('report-schedules').locator('tbody tr');

test('the power report schedules its daily email: created with PDF and XLSX and a recipient, listed, then deleted', async () => {
  await page.getByTestId('schedule-by-email').click();
  await expect(schedulesDialog()).toBeVisible();
  await expect(schedulesDialog().getByTestId('schedules-none')).toBeVisible();
  await expectNoSeriousViolations(page, '/powercoil_report schedules');

  await schedulesDialog().getByTestId('new-schedule').click();
  const form = page.getByRole('dialog', { name: 'New schedule' });
  await expect(form).toBeVisible();
  // A power tenant is offered its one report, the daily power report.
  await page.getByTestId('schedule-report').click();
  await expect(page.getByRole('option')).toHaveText(['Power report']);
  await page.getByRole('option', { name: 'Power report' }).click();
  // A daily report starts daily.
  await expect(page.getByTestId('schedule-frequency')).toHaveText('Daily');
  await page.getByTestId('schedule-localTime').fill('06:30');
  await page.getByTestId('schedule-timeZone').fill('Europe/Dublin');
  await expect(page.getByTestId('schedule-format-pdf')).toBeChecked();
  await page.getByTestId('schedule-format-xlsx').check();
  await page.getByTestId('save-schedule').click();
  await expect(page.getByText('Schedule saved')).toBeVisible();
  await expect(form).toHaveCount(0);

  await expect(schedules()).toHaveCount(1);
  const row = schedules().first();
  await expect(row).toContainText('Power report');
  await expect(row).toContainText('Every day at 06:30 (Europe/Dublin)');
  await expect(row).toContainText('PDF, Excel (XLSX)');
  await expect(row.locator('td:nth-child(5)')).toHaveText('0');
  // The power report screen has no delivery history panel to show a schedule's runs in.
  await expect(row.getByTestId('open-history')).toHaveCount(0);

  await row.getByTestId('open-recipients').click();
  await page.getByTestId('recipient-name').fill('Network control');
  await page.getByTestId('recipient-email').fill('control@netzero.example.ie');
  await page.getByTestId('add-recipient').click();
  await expect(page.getByTestId('recipients').getByText('control@netzero.example.ie')).toBeVisible();
  await page.getByRole('dialog', { name: 'Recipients of the Power report' }).getByRole('button', { name: 'Close' }).click();
  await expect(row.locator('td:nth-child(5)')).toHaveText('1');
  // Listed with its recipient: opened again, the schedule names who it emails.
  await row.getByTestId('open-recipients').click();
  await expect(page.getByTestId('recipients')).toContainText('Network control');
  await expect(page.getByTestId('recipients')).toContainText('control@netzero.example.ie');
  await page.getByRole('dialog', { name: 'Recipients of the Power report' }).getByRole('button', { name: 'Close' }).click();

  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText('Schedule deleted')).toBeVisible();
  await expect(schedulesDialog().getByTestId('schedules-none')).toBeVisible();
  await page.getByTestId('close-schedules').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const left = await apiCall(page, 'netzero', reportSchedulesRoutes.schedules);
  expect(await left.json()).toEqual([]);
});

test('the printable snapshot has no scheduling button', async () => {
  await page.goto('/powercoil_report_snapshot');
  await expect(page.getByTestId('power-report')).toBeVisible();
  await expect(page.getByTestId('schedule-by-email')).toHaveCount(0);
});
