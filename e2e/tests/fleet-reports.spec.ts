import { expect, test, type Page } from '@playwright/test';
import { pathOf } from '@gridlens/contract/route';
import { fleetReportsRoutes } from '@gridlens/contract/routes/fleet-reports';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;

/** The digits of a figure as shown, whatever the language's grouping (a narrow space in French, a comma in English). */
const digitsOf = async (cell: ReturnType<Page['locator']>) => ((await cell.textContent()) ?? '').replace(/\D/g, '');

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, timezoneId: 'UTC' });
  page = await context.newPage();
  await signIn(page, DEMO.fleet, '/poi');
  await expect(page.getByTestId('poi-report')).toBeVisible();
});
test.afterAll(async () => {
  await page.evaluate(() => window.localStorage.setItem('gridlens.language', 'EN'));
  await page.context().close();
});

/** The Fleet report screen's count of assets at Friendly POIs now (the first row of its location-type table). */
async function friendlyOnPoiScreen(): Promise<string> {
  await page.goto('/poi');
  const cell = page.getByTestId('poi-types').locator('tbody tr').first().locator('td').nth(1);
  await expect(cell).toHaveText(/\d/);
  return digitsOf(cell);
}

for (const language of [
  { code: 'EN', title: 'Weekly fleet report', kpiTitle: 'KPI report', zone: 'Time zone: Europe/Dublin', held: 'Assets held at customers' },
  {
    code: 'FR',
    title: 'Rapport de flotte hebdomadaire',
    kpiTitle: 'Rapport KPI',
    zone: 'Fuseau horaire : Europe/Dublin',
    held: 'Actifs retenus',
  },
]) {
  test(`the weekly fleet report in ${language.code}: report-style, its running header, and the Fleet report screen's figure`, async () => {
    await page.evaluate((code) => window.localStorage.setItem('gridlens.language', code), language.code);
    const friendly = await friendlyOnPoiScreen();
    await page.goto('/report_fleet');
    await expect(page.getByTestId('fleet-report-title')).toHaveText(language.title);
    // Report-style: no navigation and no header.
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('banner')).toHaveCount(0);
    const running = page.getByTestId('fleet-report-running');
    await expect(running).toContainText('FleetCo');
    await expect(running).toContainText(language.zone);
    await expect(running).toContainText(/\d{4}-W\d{2}/);
    const cell = page.getByTestId('fleet-report-type-Friendly').locator('td').nth(1);
    await expect(cell).toHaveText(/\d/);
    expect(await digitsOf(cell)).toBe(friendly);
    await expect(page.getByTestId('fleet-report-held')).toContainText(language.held);
    for (const section of ['fleet-report-journeys', 'fleet-report-types', 'fleet-report-attention', 'fleet-report-changes'])
      await expect(page.getByTestId(section)).toBeVisible();
    // The week chosen travels in the address, and the same week's figures come back for it.
    const week = (await running.textContent())?.match(/\d{4}-W\d{2}/)?.[0] ?? '';
    await page.goto(`/report_fleet?week=${week}`);
    await expect(page.getByTestId('fleet-report-running')).toContainText(week);
    expect(await digitsOf(page.getByTestId('fleet-report-type-Friendly').locator('td').nth(1))).toBe(friendly);
  });

  test(`the KPI report in ${language.code}: five trends, each with its definition, agreeing with the fleet report`, async () => {
    await page.evaluate((code) => window.localStorage.setItem('gridlens.language', code), language.code);
    await page.goto('/report_fleet');
    const journeys = page.getByTestId('fleet-report-change-journeys').locator('td').nth(1);
    await expect(journeys).toHaveText(/\d/);
    const lastWeekJourneys = await digitsOf(journeys);
    await page.goto('/report_kpi');
    await expect(page.getByTestId('kpi-report-title')).toHaveText(language.kpiTitle);
    await expect(page.getByTestId('kpi-report-running')).toContainText(language.zone);
    for (const kpi of ['utilisation_pct', 'median_cycle_hours', 'held_beyond_static', 'silent_over_7_days', 'journeys']) {
      await expect(page.getByTestId(`kpi-${kpi}-definition`)).not.toBeEmpty();
      await expect(page.getByTestId(`kpi-${kpi}-trend`)).toBeVisible();
    }
    await expect(page.getByTestId('kpi-weeks-table').locator('tbody tr')).toHaveCount(24);
    expect(await digitsOf(page.getByTestId('kpi-journeys-latest'))).toBe(lastWeekJourneys);
    // On A4 the five key figures share the first page and the weekly table starts the next: a page each left
    // five pages mostly empty.
    const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length).toBeLessThanOrEqual(3);
  });
}

test('the ready marker the PDF renderer waits for: not while the report loads, nor after it failed; once it is drawn', async () => {
  await page.evaluate(() => window.localStorage.setItem('gridlens.language', 'EN'));
  const ready = page.locator('[data-report-ready]');
  const isFleetReport = (url: URL) => url.pathname === pathOf(fleetReportsRoutes.fleet);
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  // A 404 fails at once (no retries), so the failure shows as soon as the answer is let through.
  await page.route(isFleetReport, async (route) => {
    await answered;
    await route.fulfill({ status: 404, json: { error: 'not_found', message: 'Not found' } });
  });
  await page.goto('/report_fleet');
  await expect(page.getByText('Loading the report…')).toBeVisible();
  await expect(ready).toHaveCount(0);
  answer();
  await expect(page.getByTestId('load-failed')).toBeVisible();
  await expect(ready).toHaveCount(0);

  await page.unroute(isFleetReport);
  await page.getByTestId('load-failed').getByRole('button', { name: 'Try again' }).click();
  await expect(ready).toBeVisible();
  await expect(ready).toHaveCount(1);
  await expect(ready.getByTestId('fleet-report-held')).toBeVisible();
  await expect(page.getByTestId('load-failed')).toHaveCount(0);
});
