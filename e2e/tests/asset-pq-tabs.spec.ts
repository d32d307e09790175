import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;

/** Every tenth demo transformer monitors power quality: NZ-0001, NZ-0011, … NZ-0291. */
const PQ_DEVICES = Array.from({ length: 30 }, (_unused, i) => `NZ-${String(10 * i + 1).padStart(4, '0')}`);
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  page = await context.newPage();
  await signIn(page, DEMO.power, `/asset/${PQ_DEVICES[0]}`);
  await expect(page.getByTestId('asset-header')).toBeVisible();
});
test.afterAll(async () => {
  await page.context().close();
});

const openTab = async (deviceId: string, tab: string) => {
  await page.goto(`/asset/${deviceId}?tab=${tab}&range=28d`);
  await expect(page.getByTestId(`tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
};

/** The first power-quality monitor whose tab lists rows in its table (the demo's events are random but seeded). */
async function deviceWithRows(tab: 'events' | 'faults'): Promise<string> {
  for (const deviceId of PQ_DEVICES) {
    await openTab(deviceId, tab);
    const table = page.getByTestId(`${tab}-table`).or(page.getByTestId(`${tab}-no-data`));
    await expect(table).toBeVisible();
    if (await page.getByTestId(`${tab}-table`).isVisible()) return deviceId;
  }
  throw new Error(`no demo monitor has ${tab}`);
}
const columnTexts = async (testId: string, column: number) =>
  page.getByTestId(testId).locator(`tbody tr td:nth-child(${column})`).allTextContents();

test('a power-quality monitor has the eight device tabs of the specification, then the EV and HP Analysis of every transformer', async () => {
  const tabs = await page.getByRole('tab').allTextContents();
  expect(tabs).toEqual([
    'Charts',
    'Messages',
    'Trends Data',
    'Events',
    'Fault Records',
    'XFRMR Health',
    'Metering',
    'Images',
    'EV Analysis',
    'HP Analysis',
  ]);
});

test('Trends Data charts the daily rollups and lists each day', async () => {
  await openTab(PQ_DEVICES[0]!, 'trends');
  await expect.poll(async () => Number(await page.getByTestId('chart-trends-load').getAttribute('data-drawn-points'))).toBeGreaterThan(0);
  await expect(page.getByTestId('trends-table').locator('tbody tr').first()).toContainText(/\d\d\/\d\d\/\d{4}/);
});

test('Events lists power-quality events with priority 1–4, and filters by type and priority', async () => {
  await deviceWithRows('events');
  const types = await columnTexts('events-table', 2);
  expect(types.length).toBeGreaterThan(0);
  expect(types).not.toContain('Loss of mains'); // a fault, listed under Fault Records
  for (const priority of await columnTexts('events-table', 3)) expect(['1', '2', '3', '4']).toContain(priority);

  const type = types[0]!;
  await page.getByTestId('event-type-filter').click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await expect.poll(() => columnTexts('events-table', 2)).toEqual(expect.arrayContaining([type]));
  expect(new Set(await columnTexts('events-table', 2))).toEqual(new Set([type]));

  const priority = (await columnTexts('events-table', 3))[0]!;
  await page.getByTestId('event-priority-filter').click();
  await page.getByRole('option', { name: `Priority ${priority}` }).click();
  await expect.poll(async () => new Set(await columnTexts('events-table', 3))).toEqual(new Set([priority]));
});

test('Fault Records lists losses of mains with start, end and duration', async () => {
  await deviceWithRows('faults');
  const row = page.getByTestId('faults-table').locator('tbody tr').first();
  await expect(row.locator('td').nth(0)).toHaveText('Loss of mains');
  await expect(row.locator('td').nth(1)).toHaveText(/\d\d\/\d\d\/\d{4} \d\d:\d\d/);
  await expect(row.locator('td').nth(3)).toHaveText(/\d+ (min|hr|sec)/);
});

test('XFRMR Health shows the hydrogen sensor with the meaning of its codes, and keeps a saved configuration', async () => {
  await openTab(PQ_DEVICES[0]!, 'health');
  await expect(page.getByTestId('health-facts')).toContainText('Ready (new data)');
  await expect(page.getByTestId('health-facts')).toContainText('H₂ measurement');
  await expect(page.getByTestId('codes-operations').locator('dd')).toHaveText([
    'Undetermined',
    'H₂ measurement',
    'Liquid temperature measurement',
    'Auto calibration',
    'Liquid temperature too high',
  ]);
  await page.getByTestId('config-oil_type').click();
  await page.getByRole('option', { name: 'Synthetic ester' }).click();
  await page.getByTestId('config-sensor_location').click();
  await page.getByRole('option', { name: 'On-load tap changer (OLTC)' }).click();
  await page.getByTestId('config-save').click();
  await expect(page.getByText('Sensor configuration saved')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('config-oil_type')).toContainText('Synthetic ester');
  await expect(page.getByTestId('config-sensor_location')).toContainText('On-load tap changer (OLTC)');
  await expect(page.getByTestId('sensor-config')).toContainText('Saved');
});

test('Metering shows the energy and voltage summary and the readings', async () => {
  await openTab(PQ_DEVICES[0]!, 'metering');
  await expect(page.getByTestId('metering-summary')).toContainText('Energy imported (kWh)');
  const rows = page.getByTestId('metering-table').locator('tbody tr');
  expect(await rows.count()).toBeGreaterThan(0);
  await expect(rows.first().locator('td').nth(3)).toHaveText(/^2\d\d\.\d\d$/); // L1 volts, two decimals
});

test('Images takes a PNG with a caption, refuses other files, and removes an image', async () => {
  await openTab(PQ_DEVICES[0]!, 'images');
  await page.getByTestId('image-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByTestId('image-hint')).toHaveText('Only JPEG, PNG or WebP images can be uploaded.');
  const before = await page.getByTestId('image-card').count();
  await page.getByTestId('image-caption').locator('input').fill('Nameplate, north side');
  await page.getByTestId('image-file').setInputFiles({ name: 'plate.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByText('Image uploaded')).toBeVisible();
  const card = page.getByTestId('image-card').filter({ hasText: 'Nameplate, north side' });
  await expect(card).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', /^blob:/);
  await expect(page.getByTestId('image-card')).toHaveCount(before + 1);
  await card.getByRole('button', { name: 'Remove the image Nameplate, north side' }).click();
  await expect(page.getByRole('dialog')).toContainText('“Nameplate, north side” will be removed');
  await page.getByTestId('confirm-delete-image').click();
  await expect(page.getByText('Image removed')).toBeVisible();
  await expect(page.getByTestId('image-card')).toHaveCount(before);
});

test('the device tabs have no serious or critical accessibility violations, in light and dark', async () => {
  for (const theme of ['light', 'dark']) {
    for (const tab of ['trends', 'events', 'faults', 'health', 'metering', 'images']) {
      await openTab(PQ_DEVICES[0]!, tab);
      await expect(page.getByTestId(`asset-${tab}`)).toBeVisible();
      const results = await new AxeBuilder({ page }).include('main').analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${theme} ${tab}: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
    }
    await page.getByRole('button', { name: /Switch to the (dark|light) theme/ }).click();
  }
});
