import { expect, test, type Page } from '@playwright/test';
import { pathOf } from '@gridlens/contract/route';
import { ingestRoutes } from '@gridlens/contract/routes/ingest';
import { trackingRoutes } from '@gridlens/contract/routes/tracking';
import { apiCall } from '../support/api';
import { expectNoSeriousViolations } from '../support/axe';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;

/** FleetCo's fixed demo ingest key (apps/server/src/demo/demo-tracking.ts). */
const FLEET_INGEST_KEY = 'glk_de000013_demo-ingest-key-not-for-production-use-0003';
const DEPOT = 'Dublin Depot – Dublin Industrial Estate';
/** Trackers of this test only, stopping again and again at a car park that is no POI (in Roscommon). */
const STOPPERS = ['E2E-STOP-1', 'E2E-STOP-2', 'E2E-STOP-3'];
const CAR_PARK = { latitude: 53.6123, longitude: -8.2234 };

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 }, timezoneId: 'UTC' });
  page = await context.newPage();
  await signIn(page, DEMO.fleet, '/locations');
  await expect(page.getByTestId('locations-page')).toBeVisible();
});
test.afterAll(async () => {
  await page.context().close();
});

/**
 * Zooms the drawing map in from Ireland's view far enough that a few pixels are tens of metres (an edited POI's map
 * opens framed on it already), then clicks at offsets from its centre.
 */
async function drawAt(offsets: readonly (readonly [number, number])[], zoomIns = 7) {
  const map = page.getByTestId('draw-map');
  for (let i = 0; i < zoomIns; i++) {
    await map.getByRole('button', { name: 'Zoom in' }).click();
    // Leaflet ignores a zoom asked for while the last one is still animating (250 ms).
    await page.waitForTimeout(350);
  }
  const box = await map.boundingBox();
  if (!box) throw new Error('the drawing map has no box');
  for (const [dx, dy] of offsets) await map.click({ position: { x: box.width / 2 + dx, y: box.height / 2 + dy } });
}

test("opens a location from the list, which the header's search narrows", async () => {
  await expect(page.getByTestId('location-row').first()).toBeVisible();
  const total = await page.getByTestId('location-row').count();
  expect(total).toBeGreaterThan(1);
  await page.getByRole('searchbox', { name: 'Search' }).fill('Dublin Depot');
  await expect(page.getByTestId('location-row')).toHaveCount(1);
  await expect(page.getByTestId('locations-count')).toHaveText(`Locations: 1 of ${total}`);
  await page.getByRole('link', { name: DEPOT }).click();
  await expect(page).toHaveURL(/\/location\/[^/]+$/);
  await expect(page.getByTestId('location-title')).toHaveText(DEPOT);
  await expect(page.getByTestId('location-facts')).toContainText('Friendly');
  await expect(page.getByRole('region', { name: 'Map of the location' })).toBeVisible();
  await expect(page.getByTestId('devices-here').or(page.getByTestId('devices-here-none'))).toBeVisible();
});

test('adds a POI by drawing a circle, and another by drawing a polygon', async () => {
  await page.goto('/locations');
  await page.getByTestId('add-location').click();
  await page.getByTestId('location-save').click();
  await expect(page.getByRole('dialog').getByText('This field is required')).toBeVisible();
  await expect(page.getByTestId('shape-problem')).toBeVisible();
  await page.getByTestId('location-id').fill('E2E-CIRCLE');
  await page.getByTestId('location-name').fill('E2E circle yard');
  await drawAt([[0, 0]]);
  await expect(page.getByTestId('shape-problem')).toHaveCount(0);
  await page.getByTestId('draw-radius').fill('300');
  await page.getByTestId('location-save').click();
  await expect(page).toHaveURL(/\/location\/E2E-CIRCLE$/);
  await expect(page.getByTestId('location-title')).toHaveText('E2E circle yard');
  await expect(page.getByTestId('location-facts')).toContainText('Circle');

  await page.goto('/locations');
  await page.getByTestId('add-location').click();
  await page.getByTestId('location-id').fill('E2E-POLYGON');
  await page.getByTestId('location-name').fill('E2E polygon yard');
  await page.getByTestId('draw-polygon').click();
  await drawAt([
    [-40, -30],
    [40, -30],
    [50, 30],
    [-30, 40],
  ]);
  await expect(page.getByTestId('poi-drawer')).toContainText('corners so far: 4');
  await page.getByTestId('location-save').click();
  await expect(page).toHaveURL(/\/location\/E2E-POLYGON$/);
  await expect(page.getByTestId('location-facts')).toContainText('Polygon');
  await page.goto('/locations');
  await expect(page.getByRole('link', { name: 'E2E polygon yard' })).toBeVisible();
});

test('adopts a possible POI found in stops sent through the ingest API', async () => {
  for (const device_id of STOPPERS) {
    const registered = await apiCall(page, 'fleetco', trackingRoutes.registerDevice, { body: { device_id, name: `Stopper ${device_id}` } });
    expect([201, 409]).toContain(registered.status());
  }
  // Each tracker stops 40 minutes at the car park on its own day, then drives away.
  const messages = STOPPERS.flatMap((device_id, i) =>
    [0, 20, 40, 60].map((minute, k) => ({
      kind: 'position',
      device_id,
      seq: 1 + k,
      time: new Date(Date.now() - (i + 1) * 86_400_000 + minute * 60_000).toISOString(),
      latitude: k === 3 ? CAR_PARK.latitude + 0.05 : CAR_PARK.latitude + k * 0.0001,
      longitude: CAR_PARK.longitude,
      battery_pct: 80,
    })),
  );
  const sent = await page.request.post(pathOf(ingestRoutes.messages), {
    headers: { authorization: `Bearer ${FLEET_INGEST_KEY}` },
    data: { v: 1, messages },
  });
  expect(((await sent.json()) as { accepted: number }).accepted).toBe(messages.length);

  await page.reload();
  const row = page.getByTestId('possible-poi').filter({ hasText: '53.612' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('-8.223');
  await row.getByTestId('adopt-poi').click();
  await expect(page).toHaveURL(/\/location\/POI_53\.61\d\d_-8\.22\d\d$/);
  await expect(page.getByTestId('location-title')).toContainText('New site at 53.61');
  await page.goto('/locations');
  await expect(page.getByTestId('possible-poi').filter({ hasText: '53.612' })).toHaveCount(0);
});

test('edits a location (name, type, reshaped), watches it and deletes it after asking', async () => {
  await page.goto('/location/E2E-CIRCLE');
  await page.getByTestId('edit-location').click();
  await page.getByTestId('location-name').fill('E2E renamed yard');
  await page.getByRole('dialog').getByRole('combobox', { name: 'Location type' }).click();
  await page.getByRole('option', { name: 'Friendly', exact: true }).click();
  await page.getByTestId('draw-polygon').click();
  await drawAt(
    [
      [-30, -30],
      [30, -30],
      [0, 30],
    ],
    0,
  );
  await page.getByTestId('location-save').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('location-title')).toHaveText('E2E renamed yard');
  await expect(page.getByTestId('location-facts')).toContainText('Friendly');
  await expect(page.getByTestId('location-facts')).toContainText('Polygon');

  await page.getByTestId('watch-location').click();
  await expect(page.getByTestId('watch-location')).toHaveAttribute('aria-pressed', 'true');

  await page.getByTestId('delete-location').click();
  await expect(page.getByRole('dialog')).toContainText('E2E renamed yard');
  await page.getByTestId('confirm-delete').click();
  await expect(page).toHaveURL(/\/locations$/);
  await expect(page.getByRole('link', { name: 'E2E renamed yard' })).toHaveCount(0);
});

test('the locations screens have no serious or critical accessibility violations, in light and dark', async () => {
  for (const theme of ['light', 'dark'] as const) {
    await page.goto('/locations');
    await expect(page.locator('body')).toHaveAttribute('data-theme', theme);
    await expect(page.getByTestId('location-row').first()).toBeVisible();
    await expectNoSeriousViolations(page, `${theme}, list`);
    await page.getByTestId('add-location').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousViolations(page, `${theme}, add dialog`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/location/E2E-POLYGON');
    await expect(page.getByTestId('location-title')).toBeVisible();
    await expectNoSeriousViolations(page, `${theme}, detail`);
    await page.getByRole('button', { name: /Switch to the (dark|light) theme/ }).click();
  }
});
