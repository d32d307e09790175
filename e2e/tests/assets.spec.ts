import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';
import { shownCount as shownCountOf } from '../support/assets-screen';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;

test.beforeAll(async ({ browser }) => {
  // A context of its own (not browser.newPage) so that the axe scanner can use it.
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  page = await context.newPage();
  await signIn(page, DEMO.power, '/assets');
  await expect(page.getByTestId('assets-page')).toBeVisible();
});
test.afterAll(async () => {
  await page.context().close();
});

const shownCount = () => shownCountOf(page);
const legendCount = async (legend: Locator) => Number(((await legend.locator('span').last().textContent()) ?? 'NaN').replaceAll(',', ''));
const rows = () => page.getByTestId('asset-row');

/** Clicks the middle of a donut arc itself (its box's centre is the hole), so that the browser's hit-testing decides. */
async function clickArc(arc: Locator) {
  const point = await arc.evaluate((el) => {
    const circle = el as SVGCircleElement;
    const [dash = 0] = circle.getAttribute('stroke-dasharray')!.split(' ').map(Number);
    const start = -Number(circle.getAttribute('stroke-dashoffset'));
    const onArc = circle.getPointAtLength(start + dash / 2).matrixTransform(circle.getScreenCTM()!);
    return { x: onArc.x, y: onArc.y };
  });
  await page.mouse.click(point.x, point.y);
}
const cells = (field: string) => rows().locator(`td[data-field="${field}"]`);

test('the assets screen shows the whole fleet in summaries that add up, and renders only the rows in view', async () => {
  const { shown, total } = await shownCount();
  expect(total).toBeGreaterThan(100);
  expect(shown).toBe(total);
  for (const chart of ['capacity', 'imbalance', 'powerChange', 'battery', 'communication', 'deviceStatus']) {
    const legends = page.getByTestId(`summary-${chart}`).locator('[data-testid^="legend-"]');
    let sum = 0;
    for (const legend of await legends.all()) sum += await legendCount(legend);
    expect(sum, chart).toBe(total);
  }
  const rendered = await rows().count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(total); // virtualized
  await page.getByTestId('assets-table-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(rows().last()).toHaveAttribute('aria-rowindex', String(total + 2));
  await page.getByTestId('assets-table-scroll').evaluate((el) => el.scrollTo(0, 0));
});

test('clicking a chart segment filters the table to its devices, and removing the filter brings them back', async () => {
  const { total } = await shownCount();
  const legends = await page.getByTestId('summary-capacity').locator('[data-testid^="legend-"]').all();
  let key = '';
  let expected = 0;
  for (const legend of legends) {
    const count = await legendCount(legend);
    if (count > 0 && count < total) {
      key = ((await legend.getAttribute('data-testid')) ?? '').replace('legend-capacity-', '');
      expected = count;
      break;
    }
  }
  expect(key).not.toBe('');
  await clickArc(page.getByTestId(`segment-capacity-${key}`));
  await expect(page.getByText('Filter applied successfully')).toBeVisible();
  await expect(page.getByTestId('active-filter')).toBeVisible();
  expect((await shownCount()).shown).toBe(expected);
  await page.getByTestId('active-filter').locator('svg').click(); // the chip's delete icon
  await expect(page.getByText('Filter removed successfully')).toBeVisible();
  expect((await shownCount()).shown).toBe(total);
});

test('a warning’s button shows exactly the devices it counts', async () => {
  const warning = page.getByTestId('warning-no_communication');
  const counted = Number(/Devices: ([\d,]+)/.exec((await warning.textContent()) ?? '')?.[1]?.replaceAll(',', ''));
  expect(counted).toBeGreaterThan(0);
  await warning.getByRole('button', { name: 'Show devices: No Communications' }).click();
  await expect(page.getByTestId('active-filter')).toHaveText('No Communications');
  expect((await shownCount()).shown).toBe(counted);
  for (const state of await cells('communication_state').allTextContents()) expect(state).toBe('No communication in 24 hours');
  await page.getByTestId('active-filter').locator('svg').click();
});

test('sorting by a column orders the rows, and the header search and a column filter narrow them', async () => {
  await page.getByTestId('sort-capacity_percent').click();
  const ascending = (await cells('capacity_percent').allTextContents()).slice(0, 10).map(Number);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  await page.getByTestId('sort-capacity_percent').click();
  const descending = (await cells('capacity_percent').allTextContents()).slice(0, 10).map(Number);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  expect(descending[0]).toBeGreaterThanOrEqual(ascending[0] ?? Infinity);

  const firstId = (await cells('device_id').first().textContent()) ?? '';
  await page.getByRole('searchbox', { name: 'Search' }).fill(firstId);
  await expect.poll(async () => (await shownCount()).shown).toBeLessThan((await shownCount()).total);
  const found = await cells('device_id').allTextContents();
  expect(found).toContain(firstId);
  for (const id of found) expect(id.toLowerCase()).toContain(firstId.toLowerCase());
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  // The whole list back before the next filter: "fewer shown than in all" would otherwise still hold from the search.
  await expect.poll(async () => (await shownCount()).shown).toBe((await shownCount()).total);

  await page.getByTestId('filter-capacity_percent').fill('>85');
  await expect.poll(async () => (await shownCount()).shown).toBeLessThan((await shownCount()).total);
  for (const value of await cells('capacity_percent').allTextContents()) expect(Number(value)).toBeGreaterThan(85);
  await page.getByTestId('filter-capacity_percent').fill('');
  await expect.poll(async () => (await shownCount()).shown).toBe((await shownCount()).total);
});

test('the CSV export holds exactly the filtered rows and the shown columns, and the XLSX export downloads', async () => {
  await page.getByTestId('filter-capacity_percent').fill('>85');
  await expect.poll(async () => (await shownCount()).shown).toBeLessThan((await shownCount()).total);
  const { shown } = await shownCount();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^assets-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync((await download.path()) ?? '', 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toContain('Device ID');
  expect(lines[0]).toContain('Capacity %');
  expect(lines).toHaveLength(shown + 1);
  const capacityColumn = (lines[0] ?? '').split(',').indexOf('Capacity %');
  for (const line of lines.slice(1)) expect(Number(line.split(',')[capacityColumn])).toBeGreaterThan(85);

  const [workbook] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
  expect(workbook.suggestedFilename()).toMatch(/^assets-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const bytes = readFileSync((await workbook.path()) ?? '');
  expect(bytes.subarray(0, 2).toString()).toBe('PK'); // an .xlsx is a zip; its sheet's content is unit-tested
  expect(bytes.length).toBeGreaterThan(1000);
  await page.getByTestId('filter-capacity_percent').fill('');
});

test('the watchlist star and the column choice are kept across a reload', async () => {
  const firstRow = rows().first();
  const id = (await firstRow.getAttribute('data-device-id')) ?? '';
  const star = firstRow.getByRole('button', { name: `Add ${id} to the watchlist` });
  await star.click();
  await expect(firstRow.getByRole('button', { name: `Remove ${id} from the watchlist` })).toHaveAttribute('aria-pressed', 'true');

  await page.getByTestId('column-chooser').click();
  await page.getByRole('menuitemcheckbox', { name: 'Asset ID' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sort-asset_id')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('assets-page')).toBeVisible();
  await expect(page.getByTestId('sort-asset_id')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(id); // the sort order is not kept: find the row again
  const sameRow = page.locator(`[data-testid="asset-row"][data-device-id="${id}"]`);
  const unwatch = sameRow.getByRole('button', { name: `Remove ${id} from the watchlist` });
  await expect(unwatch).toHaveAttribute('aria-pressed', 'true');
  await unwatch.click(); // back as it was for the other tests
  await expect(sameRow.getByRole('button', { name: `Add ${id} to the watchlist` })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
});

test('the assets screen has no serious or critical accessibility violations, in light and dark', async () => {
  await page.getByRole('region', { name: 'Map', exact: true }).scrollIntoViewIfNeeded(); // the map too
  for (const theme of ['light', 'dark']) {
    await expect(page.getByTestId('assets-map').locator('.map-cluster').first()).toBeVisible();
    // The shared scan ends MUI's colour transitions first: a scan half-way through the theme switch measured a fading button.
    await expectNoSeriousViolations(page, theme);
    await page.getByRole('button', { name: /Switch to the (dark|light) theme/ }).click();
  }
});

test('a device id opens its asset page inside the app, and back returns to the list', async () => {
  const link = cells('device_id').first().locator('a');
  const id = (await link.textContent()) ?? '';
  await page.evaluate(() => ((window as unknown as { stayedInApp: boolean }).stayedInApp = true));
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/asset/${id}$`));
  expect(await page.evaluate(() => (window as unknown as { stayedInApp?: boolean }).stayedInApp)).toBe(true); // no full reload
  await page.goBack();
  await expect(page.getByTestId('assets-page')).toBeVisible();
});

test('the map draws the devices in clusters, without any tile server, and follows the table’s filter', async () => {
  // The map is only built once scrolled near.
  await page.getByRole('region', { name: 'Map', exact: true }).scrollIntoViewIfNeeded();
  const map = page.getByTestId('assets-map');
  await expect(map.locator('.map-cluster').first()).toBeVisible();
  const clustered = async () => {
    let sum = 0;
    for (const text of await map.locator('.map-cluster').allTextContents()) sum += Number(text);
    return sum;
  };
  const { total } = await shownCount();
  const all = await clustered();
  expect(all).toBeGreaterThan(0);
  expect(all).toBeLessThanOrEqual(total);
  await expect(map.locator('.leaflet-tile')).toHaveCount(0); // no tiles configured: nothing fetched from outside

  await page.getByTestId('filter-capacity_percent').fill('>85');
  await expect.poll(async () => (await shownCount()).shown).toBeLessThan(total);
  const { shown } = await shownCount();
  await expect.poll(clustered).toBeLessThanOrEqual(shown);
  await page.getByTestId('filter-capacity_percent').fill('');
});

test('editing a device shows the spec’s messages for bad input and changes nothing, then saves a good edit', async () => {
  const id = (await rows().first().getAttribute('data-device-id')) ?? '';
  // The row of that device, not "the first row": the list may still settle after the test before cleared its filter,
  // and the first row then becomes another device between reading its id and clicking its button (CI saw this).
  const row = page.locator(`[data-testid="asset-row"][data-device-id="${id}"]`);
  const name = (await row.locator('td[data-field="transformer_name"]').textContent()) ?? '';
  await row.getByRole('button', { name: `Edit the details of ${id}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(page.getByTestId('edit-transformer_name')).toHaveValue(name);
  await expect(dialog.locator('label').filter({ hasText: 'Transformer name' })).toContainText('*'); // required
  await expect(dialog.locator('label').filter({ hasText: 'Transformer number' })).not.toContainText('*');
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1'); // faded in: mid-fade colours fail contrast
  const scan = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await page.getByTestId('edit-transformer_name').fill('');
  await page.getByTestId('edit-monitor_type').fill('M'.repeat(50));
  await page.getByTestId('edit-rating_kva').fill('-5');
  await page.getByTestId('edit-save').click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await expect(dialog.getByText('Must be less than 50 characters')).toBeVisible();
  await expect(dialog.getByText('Value should be greater than 0')).toBeVisible();
  await expect(page.getByTestId('edit-transformer_name')).toBeFocused(); // the keyboard lands on the first problem
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.locator('td[data-field="transformer_name"]')).toHaveText(name); // nothing changed

  const renamed = `${name.slice(0, 30)} (edited)`;
  await row.getByRole('button', { name: `Edit the details of ${id}` }).click();
  await page.getByTestId('edit-transformer_name').fill(renamed);
  await page.getByTestId('edit-save').click();
  await expect(page.getByText('Device Details Successfully Saved!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator(`[data-testid="asset-row"][data-device-id="${id}"] td[data-field="transformer_name"]`)).toHaveText(renamed);

  await page.reload(); // stored, not only shown
  await page.getByRole('searchbox', { name: 'Search' }).fill(id);
  const stored = page.locator(`[data-testid="asset-row"][data-device-id="${id}"]`);
  await expect(stored.locator('td[data-field="transformer_name"]')).toHaveText(renamed);
  await stored.getByRole('button', { name: `Edit the details of ${id}` }).click();
  await page.getByTestId('edit-transformer_name').fill(name); // back as it was for the other tests
  await page.getByTestId('edit-save').click();
  await expect(stored.locator('td[data-field="transformer_name"]')).toHaveText(name);
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
});
