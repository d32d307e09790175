import { expect, test, type Page } from '@playwright/test';
import type { Answer } from '@gridlens/contract/endpoint';
import type { ingestApi } from '@gridlens/contract/ingest';
import { pathOf } from '@gridlens/contract/route';
import { ingestRoutes } from '@gridlens/contract/routes/ingest';
import { trackingRoutes } from '@gridlens/contract/routes/tracking';
import { apiCall } from '../support/api';
import { expectNoSeriousViolations } from '../support/axe';
import { chooseTrigger } from '../support/rule-dialog';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;

/** FleetCo's fixed demo ingest key and its Dublin depot (apps/server/src/demo/demo-tracking.ts). */
const FLEET_INGEST_KEY = 'glk_de000013_demo-ingest-key-not-for-production-use-0003';
const DEPOT = { name: 'Dublin Depot – Dublin Industrial Estate', latitude: 53.3707, longitude: -6.2797 };
/** A tracker of this test only, so the demo's live positions never move it. */
const VAN = 'E2E-VAN';

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 }, timezoneId: 'UTC' });
  page = await context.newPage();
  await signIn(page, DEMO.fleet, '/alerts');
  await expect(page.getByTestId('tracking-alerts')).toBeVisible();
  const registered = await apiCall(page, 'fleetco', trackingRoutes.registerDevice, {
    body: { device_id: VAN, name: 'E2E test van', device_type: 'Vehicle' },
  });
  expect([201, 409]).toContain(registered.status());
});
test.afterAll(async () => {
  await page.context().close();
});

test('a tracking rule shows the specification messages for bad input and saves nothing', async () => {
  await page.getByTestId('alerts-tab-manage').click();
  await expect(page).toHaveURL(/\/alerts\?tab=manage$/);
  // The demo's own rules (low battery, no message) are listed first.
  await expect(page.getByTestId('alert-rules').locator('tbody tr')).toHaveCount(2);
  const rulesBefore = 2;
  await page.getByTestId('new-alert').click();
  await page.getByTestId('save-rule').click();
  await expect(page.getByRole('dialog').getByText('This field is required')).toHaveCount(2);
  await chooseTrigger(page, 'Battery level', { operator: '<', value: '150' });
  await page.getByTestId('save-rule').click();
  await expect(page.getByRole('dialog').getByText('Number has to be between 0 and 100')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('alert-rules').locator('tbody tr')).toHaveCount(rulesBefore);
});

test('an arrival rule with a recipient is created, and a van driving into the depot raises an alert that can be acknowledged', async () => {
  await page.getByTestId('new-alert').click();
  await page.getByTestId('rule-device').fill(VAN);
  await page.getByRole('option', { name: `${VAN} · E2E test van` }).click();
  await chooseTrigger(page, 'Arrival at a location');
  await expect(page.getByTestId('rule-operator')).toHaveCount(0); // an arrival takes no operator or value
  await page.getByTestId('rule-place').click();
  await page.getByRole('option', { name: DEPOT.name }).click();
  await page.getByTestId('save-rule').click();
  await expect(page.getByText('Alert saved')).toBeVisible();
  const row = page.getByTestId('alert-rules').locator('tbody tr', { hasText: VAN });
  await expect(row).toContainText(`Arrival at ${DEPOT.name}`);

  await row.getByTestId('open-recipients').click();
  await page.getByTestId('recipient-name').fill('Fleet desk');
  await page.getByTestId('recipient-email').fill('desk@fleetco.example.ie');
  await page.getByTestId('add-recipient').click();
  await expect(page.getByTestId('recipients').getByText('desk@fleetco.example.ie')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(row.locator('td:nth-child(3)')).toHaveText('1');

  // The van reports on the road, then from inside the depot, through the real ingestion path.
  const seq = Math.floor(Date.now() / 1000);
  const position = (offset: number, latitude: number, longitude: number, minutesAgo: number) => ({
    kind: 'position',
    device_id: VAN,
    seq: seq + offset,
    time: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    latitude,
    longitude,
    battery_pct: 90,
  });
  const sent = await page.request.post(pathOf(ingestRoutes.messages), {
    headers: { authorization: `Bearer ${FLEET_INGEST_KEY}` },
    data: { v: 1, messages: [position(0, 53.3, -6.4, 20), position(1, DEPOT.latitude, DEPOT.longitude, 1)] },
  });
  expect(((await sent.json()) as Answer<typeof ingestApi.messages>).accepted).toBe(2);

  await page.getByTestId('alerts-tab-active').click();
  const alert = page.getByTestId('active-alerts').locator('tbody tr', { hasText: VAN });
  await expect(alert).toContainText(`Arrival at ${DEPOT.name}`);
  await expect(alert).toContainText('Active');
  await expect(page.getByTestId('alerts-badge')).toContainText(/\d/);
  await alert.getByTestId(`acknowledge-${VAN}`).click();
  await expect(page.getByText('Alert acknowledged')).toBeVisible();
  await expect(alert).toContainText(`Acknowledged by ${DEMO.fleet.name}`);
  await expect(page.getByRole('link', { name: VAN })).toHaveAttribute('href', `/device/${VAN}`);
});

test('the tracking alert screens have no serious or critical accessibility violations, in light and dark', async () => {
  await expect(page.locator('.MuiBackdrop-root')).toHaveCount(0);
  for (const theme of ['light', 'dark'] as const) {
    await expect(page.locator('body')).toHaveAttribute('data-theme', theme);
    await expect(page.getByTestId('active-alerts')).toBeVisible();
    await expectNoSeriousViolations(page, `${theme}, active`);
    await page.getByTestId('alerts-tab-manage').click();
    await expect(page.getByTestId('alert-rules')).toBeVisible();
    await expectNoSeriousViolations(page, `${theme}, manage`);
    await page.getByTestId('new-alert').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousViolations(page, `${theme}, rule dialog`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('.MuiBackdrop-root')).toHaveCount(0);
    await page.getByTestId('alerts-tab-active').click();
    await page.getByRole('button', { name: /Switch to the (dark|light) theme/ }).click();
  }
});

test('deleting the rule asks first, then removes it and its alert', async () => {
  await page.getByTestId('alerts-tab-manage').click();
  const row = page.getByTestId('alert-rules').locator('tbody tr', { hasText: VAN });
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText(`Arrival at ${DEPOT.name}`);
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText('Alert deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByTestId('alerts-tab-active').click();
  await expect(page.getByTestId('active-alerts').locator('tbody tr', { hasText: VAN })).toHaveCount(0);
});
