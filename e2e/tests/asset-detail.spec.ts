import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { pathOf, urlOf } from '@gridlens/contract/route';
import { ingestRoutes } from '@gridlens/contract/routes/ingest';
import { powerReadingsRoutes } from '@gridlens/contract/routes/power-readings';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;
let deviceId = '';
let deviceName = '';

const PANELS = ['current', 'temperature', 'capacity', 'imbalance', 'power'];

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  page = await context.newPage();
  await signIn(page, DEMO.power, '/assets');
  // The demo's first transformer monitors power quality (every tenth does), which has its own tab set; the second does not.
  const row = page.getByTestId('asset-row').nth(1);
  await expect(row).toBeVisible();
  deviceId = (await row.getAttribute('data-device-id')) ?? '';
  deviceName = (await row.locator('td[data-field="transformer_name"]').textContent()) ?? '';
  await row.locator('td[data-field="device_id"] a').click();
  await expect(page).toHaveURL(new RegExp(`/asset/${deviceId}$`));
});
test.afterAll(async () => {
  await page.context().close();
});

const drawnPoints = async (panel: string) => Number(await page.getByTestId(`chart-${panel}`).getAttribute('data-drawn-points'));
const periodText = () => page.getByTestId('chart-period').textContent();

test('the asset page shows the transformer of the list row and draws its five charts', async () => {
  await expect(page.getByTestId('asset-name')).toHaveText(deviceName);
  await expect(page.getByTestId('asset-header')).toContainText(`Device ${deviceId}`);
  await expect(page.getByTestId('asset-last-message')).toContainText(/Last message \d\d\/\d\d\/\d{4} \d\d:\d\d \(.+ ago|now\)/);
  await expect(page.getByTestId('tab-charts')).toHaveAttribute('aria-selected', 'true');
  for (const panel of PANELS) await expect.poll(() => drawnPoints(panel), { message: panel }).toBeGreaterThan(1);
});

test('the tabs switch and keep the URL, through a reload and back', async () => {
  await page.getByTestId('tab-messages').click();
  await expect(page).toHaveURL(/[?&]tab=messages/);
  await expect(page.getByTestId('asset-messages')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('tab-messages')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('asset-messages')).toBeVisible();
  await page.getByTestId('tab-ev').click();
  await expect(page).toHaveURL(/[?&]tab=ev/);
  await expect(page.getByTestId('asset-ev')).toContainText('Max EVs');
  await page.goBack();
  await expect(page.getByTestId('tab-messages')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('tab-charts').click();
  await expect(page.getByTestId('asset-charts')).toBeVisible();
});

test('the range goes into the URL, and dragging across a chart zooms every chart until the whole range is asked for', async () => {
  await page.getByTestId('time-range').click();
  await page.getByRole('option', { name: '24 hours' }).click();
  await expect(page).toHaveURL(/[?&]range=24h/);
  await expect(page.locator('.MuiPopover-root')).toHaveCount(0); // until the menu has faded out, its backdrop takes the mouse
  await expect.poll(() => drawnPoints('current')).toBeGreaterThan(1);
  const whole = await periodText();
  await expect(page.getByTestId('reset-zoom')).toBeDisabled();

  const plot = page.getByTestId('chart-current').locator('.u-over');
  await plot.scrollIntoViewIfNeeded(); // the mouse only reaches what is on screen
  const box = (await plot.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByTestId('reset-zoom')).toBeEnabled();
  await expect.poll(periodText).not.toBe(whole);
  const zoomed = await periodText();
  await page.getByTestId('pan-earlier').click();
  await expect.poll(periodText).not.toBe(zoomed);
  await page.getByTestId('reset-zoom').click();
  await expect.poll(periodText).toBe(whole);

  // The same without a mouse: zoom in by the buttons, then out again to the whole range.
  await page.getByTestId('zoom-in').click();
  await expect(page.getByTestId('reset-zoom')).toBeEnabled();
  await expect.poll(periodText).not.toBe(whole);
  await page.getByTestId('zoom-out').click();
  await expect.poll(periodText).toBe(whole);
  await expect(page.getByTestId('zoom-out')).toBeDisabled();
});

test('the messages tab pages through the range and exports all of its messages as CSV', async () => {
  await page.getByTestId('tab-messages').click();
  const table = page.getByRole('table', { name: `Messages of device ${deviceId}` });
  await expect(table).toBeVisible();
  const title = (await page.getByTestId('asset-messages').locator('h3').textContent()) ?? '';
  const total = Number(/\(([\d,]+)\)/.exec(title)?.[1]?.replaceAll(',', ''));
  expect(total).toBeGreaterThan(0);
  await expect(table.locator('tbody tr')).toHaveCount(Math.min(total, 100));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-messages').click()]);
  const lines = readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toContain('Sequence,Time,Missed before,LQI');
  expect(lines).toHaveLength(total + 1);
});

test('a page of messages that fails to load leaves the last page on screen, with a retry that loads it', async () => {
  await page.getByTestId('tab-messages').click();
  const table = page.getByRole('table', { name: `Messages of device ${deviceId}` });
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '25', exact: true }).click();
  await expect(table.locator('tbody tr')).toHaveCount(25);
  const firstSeq = await table.locator('tbody tr td').first().textContent();
  const secondPage = (url: URL) =>
    url.pathname === pathOf(powerReadingsRoutes.messages, { device_id: deviceId }) && url.searchParams.get('page') === '2';
  await page.route(secondPage, (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByTestId('load-failed')).toBeVisible({ timeout: 15_000 }); // after the client's two retries
  await expect(table.locator('tbody tr td').first()).toHaveText(firstSeq ?? '');
  await page.unroute(secondPage);
  await page.getByTestId('load-failed').getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('load-failed')).toHaveCount(0);
  await expect(table.locator('tbody tr td').first()).not.toHaveText(firstSeq ?? '');
});

test('a message the device sent with a bad field is listed under its messages as refused, with the reason and the payload', async () => {
  // The demo tenant's published ingest key (apps/server/src/demo/demo-power-seed.ts), as a device would send it.
  const bad = {
    kind: 'transformer',
    device_id: deviceId,
    seq: 4_000_000_001,
    time: new Date().toISOString(),
    current_max_a: [100, 90, 80],
    current_med_a: [60, 55, 50],
    temperature_max_c: 40,
    temperature_med_c: 35,
    lqi: 999,
  };
  const answer = await page.request.post(urlOf(ingestRoutes.messages), {
    headers: { authorization: 'Bearer glk_de000011_demo-ingest-key-not-for-production-use-0001' },
    data: { v: 1, messages: [bad] },
  });
  expect(await answer.json()).toMatchObject({ rejected: 1 });
  await page.getByTestId('tab-messages').click();
  await page.reload(); // the refusals were fetched when the tab first opened
  const refusals = page.getByTestId('refusals-table');
  await expect(refusals.locator('tbody tr')).toHaveCount(1);
  await expect(refusals.locator('tbody tr').first()).toContainText('Invalid value');
  await expect(refusals.locator('tbody tr').first()).toContainText('lqi');
  await expect(refusals.locator('tbody tr').first()).toContainText('"seq": 4000000001');
  await expect(page.getByTestId('asset-refusals').locator('h3')).toHaveText('Refused messages (1)');
});

test('the asset page has no serious or critical accessibility violations, in light and dark', async () => {
  for (const theme of ['light', 'dark']) {
    for (const tab of ['charts', 'messages']) {
      await page.getByTestId(`tab-${tab}`).click();
      await expect(page.getByTestId(tab === 'charts' ? 'chart-current' : 'asset-messages')).toBeVisible();
      const results = await new AxeBuilder({ page }).include('main').analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${theme} ${tab}: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
    }
    await page.getByRole('button', { name: /Switch to the (dark|light) theme/ }).click();
  }
});

test('editing from the header saves, shows the snackbar and the new name', async () => {
  await page.getByTestId('asset-edit').click();
  const renamed = `${deviceName.slice(0, 30)} (detail)`;
  await page.getByTestId('edit-transformer_name').fill(renamed);
  await page.getByTestId('edit-save').click();
  await expect(page.getByText('Device Details Successfully Saved!')).toBeVisible();
  await expect(page.getByTestId('asset-name')).toHaveText(renamed);
});

test('the snapshot route shows the asset without header and navigation', async () => {
  await page.goto(`/asset_snapshot/${deviceId}`);
  await expect(page.getByTestId('asset-header')).toBeVisible();
  await expect.poll(() => drawnPoints('current')).toBeGreaterThan(1);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('tablist')).toHaveCount(0);
});

test('an unknown device id says so and offers the way back', async () => {
  await page.goto('/asset/NO-SUCH-DEVICE');
  await expect(page.getByTestId('asset-missing')).toContainText('There is no transformer with device ID NO-SUCH-DEVICE in your fleet.');
  await page.getByRole('link', { name: 'Back to assets' }).click();
  await expect(page).toHaveURL(/\/assets$/);
});
