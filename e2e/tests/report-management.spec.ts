import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Route } from '@playwright/test';
import ExcelJS from 'exceljs';
import type { FleetReport } from '@gridlens/contract/fleet-reports';
import type { ReportRun, ReportSchedule, ReportScheduleDetail, StoredReport } from '@gridlens/contract/report-schedules';
import { pathOf } from '@gridlens/contract/route';
import { fleetReportsRoutes } from '@gridlens/contract/routes/fleet-reports';
import { reportSchedulesRoutes } from '@gridlens/contract/routes/report-schedules';
import { isoWeekOfMonday } from '@gridlens/domain/reports/iso-week';
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

test('a stored week downloads as an XLSX of its figures and as the PDF of its page, each named by the report and its week', async () => {
  // The first PDF launches the server's browser: seconds, not minutes.
  test.setTimeout(120_000);
  // Last week, whatever the day the test runs (a report covers one of the last 52 weeks): any day of it names it.
  const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const added = await apiCall(page, 'fleetco', reportSchedulesRoutes.addReport, { body: { kind: 'fleet', week: lastWeek } });
  expect(added.status()).toBe(201);
  const stored = (await added.json()) as StoredReport;
  const week = isoWeekOfMonday(stored.week ?? '');
  const screen = await apiCall(page, 'fleetco', fleetReportsRoutes.fleet, { query: { week } });
  const { devices } = (await screen.json()) as FleetReport;
  expect(devices).toBeGreaterThan(0);

  await page.goto('/report');
  const row = page.getByTestId(`stored-report-${stored.id}`);
  const menu = row.getByRole('button', { name: /^Download the Fleet report: Week of / });
  await expect(menu).toBeVisible();
  await expectNoSeriousViolations(page, '/report with stored reports to download');

  await menu.click();
  await expect(page.getByRole('menuitem', { name: /CSV/ })).toContainText('One file per table; several come in a ZIP');
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click()]);
  expect(xlsx.suggestedFilename()).toBe(`Weekly fleet report ${week}.xlsx`);
  const bytes = readFileSync(await xlsx.path());
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const summary = workbook.getWorksheet('Summary');
  // The heading row, then the week's one row: its name and the fleet the report screen counts.
  expect(summary?.getRow(1).getCell(1).value).toBe('Week');
  expect(summary?.getRow(2).getCell(1).value).toBe(week);
  const devicesColumn = (summary?.getRow(1).values as unknown[]).indexOf('Assets');
  expect(devicesColumn).toBeGreaterThan(0);
  expect(summary?.getRow(2).getCell(devicesColumn).value).toBe(devices);

  await menu.click();
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'PDF' }).click();
  // Printing the report's page takes a moment: the row says so, in place of its button.
  await expect(row.getByRole('status')).toHaveText('Printing the PDF…');
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe(`Weekly fleet report ${week}.pdf`);
  expect(
    readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  await expect(row.getByRole('status')).toHaveCount(0);
  await expect(menu).toBeEnabled();
});

/** The demo tenant's schedule detail as the API answers it now (for the browser tests' own check of a delivery). */
async function scheduleDetail(id: string): Promise<ReportScheduleDetail> {
  const answer = await apiCall(page, 'fleetco', reportSchedulesRoutes.schedule, { params: { id } });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as ReportScheduleDetail;
}

/** Deliveries of each kind the history words: the runner's answers are stood in for, so that every case shows. */
function historyOf(id: string): ReportRun[] {
  const run = (run: Partial<ReportRun> & Pick<ReportRun, 'id' | 'status'>): ReportRun => ({
    due_at: '2026-11-18T08:00:00.000Z',
    sent_at: null,
    recipient_count: 1,
    recipients: ['ops@fleetco.example.ie'],
    formats: ['csv'],
    attempts: 1,
    next_attempt_at: null,
    reason_code: null,
    reason: null,
    pdf_missing: null,
    link: '/report_kpi?week=2026-W47',
    ...run,
  });
  return [
    run({ id: `${id.slice(0, -1)}1`, status: 'pending', next_attempt_at: '2026-11-25T08:05:00.000Z' }),
    run({
      id: `${id.slice(0, -1)}2`,
      status: 'failed',
      attempts: 3,
      recipient_count: 2,
      recipients: ['ops@fleetco.example.ie', 'depot@fleetco.example.ie'],
      reason_code: 'mail_failed',
      reason: '550 5.1.1 Mailbox unavailable',
    }),
    run({
      id: `${id.slice(0, -1)}3`,
      status: 'sent',
      sent_at: '2026-11-11T08:01:00.000Z',
      reason_code: 'report_failed',
      pdf_missing: 'Chromium did not start',
      formats: ['pdf', 'csv'],
      link: 'javascript:alert(1)',
    }),
    run({ id: `${id.slice(0, -1)}4`, status: 'skipped', reason_code: 'nothing_needs_attention', recipient_count: 0, recipients: [] }),
  ];
}

test('the delivery history words each outcome, and a schedule failing again and again is named above the list', async () => {
  const created = await apiCall(page, 'fleetco', reportSchedulesRoutes.createSchedule, {
    body: {
      report: 'kpi',
      frequency: 'weekly',
      day_of_week: 3,
      local_time: '08:00',
      time_zone: 'Europe/Dublin',
      language: 'EN',
      formats: ['csv'],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as ReportSchedule;
  const runs = historyOf(id);
  const isList = (url: URL) => url.pathname === pathOf(reportSchedulesRoutes.schedules);
  const isDetail = (url: URL) => url.pathname === pathOf(reportSchedulesRoutes.schedule, { id });
  const isSendAgain = (url: URL) => url.pathname === pathOf(reportSchedulesRoutes.sendRunAgain, { id, run_id: runs[1]?.id ?? '' });
  const patch = (change: (body: unknown) => unknown) => async (route: Route) => {
    const answer = await route.fetch();
    await route.fulfill({ response: answer, json: change(await answer.json()) });
  };
  await page.route(
    isList,
    patch((list) => (list as ReportSchedule[]).map((s) => (s.id === id ? { ...s, consecutive_failures: 4 } : s))),
  );
  await page.route(
    isDetail,
    patch((detail) => ({ ...(detail as ReportScheduleDetail), consecutive_failures: 4, runs })),
  );
  await page.route(isSendAgain, (route) => route.fulfill({ status: 409, json: { error: 'conflict', message: 'The run is pending' } }));
  try {
    await page.goto('/report');
    const failing = page.getByTestId('schedules-failing');
    await expect(failing).toHaveText(
      /The KPI report \(Every Wednesday at 08:00 \(Europe\/Dublin\)\) has failed 4 times in a row; its owner has been emailed\. See its delivery history\./,
    );
    await expect(schedules().first().getByRole('img', { name: 'Failed 4 times in a row' })).toBeVisible();
    await failing.getByRole('button', { name: 'Delivery history' }).click();

    const history = page.getByTestId('delivery-history');
    await expect(history).toContainText('Deliveries of the KPI report: Every Wednesday at 08:00 (Europe/Dublin)');
    const row = (index: number) => history.getByTestId(`report-run-${runs[index]?.id ?? ''}`);
    await expect(row(0)).toContainText('Pending');
    await expect(row(0).getByTestId('run-next-attempt')).toHaveText('Next attempt: 25/11/2026 08:05');
    await expect(row(0).getByTestId('send-again')).toHaveCount(0);

    await expect(row(1)).toContainText('Send failed');
    await expect(row(1)).toContainText('The mail server did not accept the email');
    await expect(row(1)).toContainText('550 5.1.1 Mailbox unavailable');
    await expect(row(1).getByTestId('run-recipients').locator('li')).toHaveText(['ops@fleetco.example.ie', 'depot@fleetco.example.ie']);
    await expect(row(1).getByTestId('run-attempts')).toHaveText('Attempts: 3');
    const link = row(1).getByRole('link', { name: 'Open the report' });
    await expect(link).toHaveAttribute('href', '/report_kpi?week=2026-W47');
    await expect(link).toHaveAttribute('target', '_blank');

    await expect(row(2)).toContainText('Sent');
    await expect(row(2).getByTestId('run-pdf-missing')).toHaveText('Sent without the PDF: Chromium did not start');
    await expect(row(2)).not.toContainText('The report could not be produced');
    await expect(row(2).getByTestId('run-attempts')).toHaveCount(0); // one attempt, and it went
    await expect(row(2).getByTestId('send-again')).toHaveCount(0);
    await expect(row(2).getByRole('link')).toHaveCount(0); // not a portal path

    await expect(row(3)).toContainText('Skipped');
    await expect(row(3)).toContainText('Nothing needed attention, so nothing was sent');
    await expect(row(3).getByTestId('send-again')).toBeVisible();

    // Sent or pending since the history was drawn: the API refuses, and the screen says why.
    await row(1).getByTestId('send-again').click();
    await expect(page.getByText('This delivery has been sent or is on its way already')).toBeVisible();
    await expectNoSeriousViolations(page, '/report with its delivery history');
  } finally {
    await page.unrouteAll();
    await apiCall(page, 'fleetco', reportSchedulesRoutes.removeSchedule, { params: { id } });
  }
  await page.goto('/report');
  await expect(page.getByTestId('schedules-failing')).toHaveCount(0);
});

test('“Send now” delivers at once; without a mail server it fails and says why, and “Send again” sends it anew', async () => {
  // The runner looks for due deliveries every 10 s: a delivery may take two of its rounds to show its outcome.
  test.setTimeout(120_000);
  await page.goto('/report');
  await page.getByTestId('new-schedule').click();
  // Spreadsheets only: the outcome then turns on the mail alone, not on the PDF's browser.
  await page.getByTestId('schedule-format-csv').check();
  await page.getByTestId('schedule-format-pdf').uncheck();
  await page.getByTestId('save-schedule').click();
  await expect(page.getByText('Schedule saved')).toBeVisible();
  await expect(schedules()).toHaveCount(1);
  const row = schedules().first();
  await row.getByTestId('open-recipients').click();
  await page.getByTestId('recipient-name').fill('Operations manager');
  await page.getByTestId('recipient-email').fill('ops@fleetco.example.ie');
  await page.getByTestId('add-recipient').click();
  await expect(page.getByTestId('recipients').getByText('ops@fleetco.example.ie')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();

  const listed = await apiCall(page, 'fleetco', reportSchedulesRoutes.schedules);
  const [schedule] = (await listed.json()) as ReportSchedule[];
  const id = schedule?.id ?? '';
  const sentNow = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === pathOf(reportSchedulesRoutes.sendNow, { id }),
  );
  await row.getByTestId('send-now').click();
  const answer = await sentNow;
  expect(answer.status()).toBe(201);
  const run = (await answer.json()) as ReportRun;
  expect(run.status).toBe('pending');
  await expect(page.getByText('The report will be sent in a moment')).toBeVisible();

  // The history shows the schedule at once, the delivery in it, refreshing itself until the runner is done.
  const history = page.getByTestId('delivery-history');
  const shown = history.getByTestId(`report-run-${run.id}`);
  await expect(shown).toBeVisible();
  await expect(shown).toContainText('Send failed', { timeout: 40_000 });
  await expect(shown).toContainText('Sending email is not set up on this server');
  await expect(shown.getByRole('link', { name: 'Open the report' })).toHaveAttribute('target', '_blank');
  const failed = (await scheduleDetail(id)).runs.find((r) => r.id === run.id);
  // Nobody was sent it: a run's recipients are the addresses it reached.
  expect(failed).toMatchObject({ status: 'failed', reason_code: 'mail_not_configured', recipients: [] });
  await expect(shown).not.toContainText('ops@fleetco.example.ie');
  const attemptsBefore = failed?.attempts ?? 0;
  expect(attemptsBefore).toBeGreaterThanOrEqual(1);

  const sentAgain = page.waitForResponse(
    (r) =>
      r.request().method() === 'POST' && new URL(r.url()).pathname === pathOf(reportSchedulesRoutes.sendRunAgain, { id, run_id: run.id }),
  );
  await shown.getByTestId('send-again').click();
  const again = await sentAgain;
  expect(again.status()).toBe(200);
  expect((await again.json()) as ReportRun).toMatchObject({ id: run.id, status: 'pending' });
  await expect(page.getByText('The delivery will be sent again in a moment')).toBeVisible();
  // On the screen: pending again or, when the runner was quicker than the screen, another attempt already made.
  await expect
    .poll(async () => {
      const outcome = (await shown.locator('td:nth-child(3)').textContent()) ?? '';
      return outcome.startsWith('Pending') || !outcome.includes(`Attempts: ${attemptsBefore}`);
    })
    .toBe(true);
  // Then the runner tries it again: without a mail server it fails again, for the same reason, and may be sent again.
  await expect(shown).toContainText('Send failed', { timeout: 40_000 });
  await expect(shown.getByTestId('send-again')).toBeVisible();
  expect((await scheduleDetail(id)).runs.find((r) => r.id === run.id)).toMatchObject({
    status: 'failed',
    reason_code: 'mail_not_configured',
  });

  await apiCall(page, 'fleetco', reportSchedulesRoutes.removeSchedule, { params: { id } });
});
