import { expect, test, type Locator, type Page } from '@playwright/test';
import { clientConfigRoutes } from '@gridlens/contract/routes/client-config';
import { pathOf } from '@gridlens/contract/route';
import { trackingRoutes } from '@gridlens/contract/routes/tracking';
import { trackingLocationsRoutes } from '@gridlens/contract/routes/tracking-locations';
import { apiCall } from '../support/api';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;

/** Athlone's centre (the reference point). */
const ATHLONE = { latitude: 53.4239, longitude: -7.9407 };
/** The offline basemap's highest zoom (apps/web/src/lib/ui/map/map-view.tsx). */
const OFFLINE_MAX_ZOOM = 13;

/** A transparent 1×1 PNG: a tile. */
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

interface Point {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in km (haversine). */
function km(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

/** What a map shows, as it writes it on its Leaflet container. */
async function viewOf(map: Locator) {
  const leaflet = map.locator('.leaflet-container');
  const [bounds, centre, zoom] = await Promise.all([
    leaflet.getAttribute('data-bounds'),
    leaflet.getAttribute('data-centre'),
    leaflet.getAttribute('data-zoom'),
  ]);
  const [south, west, north, east] = (bounds ?? '').split(',').map(Number);
  const [latitude, longitude] = (centre ?? '').split(',').map(Number);
  return {
    south: south!,
    west: west!,
    north: north!,
    east: east!,
    centre: { latitude: latitude!, longitude: longitude! },
    zoom: Number(zoom),
  };
}

async function openAddDialog(id: string, name: string) {
  await page.goto('/locations');
  await page.getByTestId('add-location').click();
  await page.getByTestId('location-id').fill(id);
  await page.getByTestId('location-name').fill(name);
}

async function storedLocation(id: string) {
  const response = await apiCall(page, 'fleetco', trackingLocationsRoutes.item, { params: { locationId: id } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { Latitude: number; Longitude: number; RadiusM: number };
}

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 }, timezoneId: 'UTC' });
  page = await context.newPage();
  await signIn(page, DEMO.fleet, '/locations');
  await expect(page.getByTestId('locations-page')).toBeVisible();
});
test.afterAll(async () => {
  await page.context().close();
});

test("the Locations map opens framed on every one of the tenant's POIs", async () => {
  const response = await apiCall(page, 'fleetco', trackingRoutes.locations);
  const locations = (await response.json()) as { LocationID: string; Latitude: number; Longitude: number }[];
  expect(locations.length).toBeGreaterThan(10);
  const map = page.getByTestId('locations-map');
  await expect(page.getByTestId('location-row').first()).toBeVisible();
  await expect
    .poll(async () => {
      const view = await viewOf(map);
      return locations
        .filter((l) => !(l.Latitude > view.south && l.Latitude < view.north && l.Longitude > view.west && l.Longitude < view.east))
        .map((l) => l.LocationID);
    })
    .toEqual([]);
  // Framed, not the whole world: Ireland fills the map.
  expect((await viewOf(map)).zoom).toBeGreaterThanOrEqual(6);
});

test("the map for drawing a new POI opens framed on the tenant's POIs, drawn there, or on Ireland without any", async () => {
  const locationsPath = pathOf(trackingRoutes.locations);
  const isList = (url: URL) => url.pathname === locationsPath;
  const listed = await apiCall(page, 'fleetco', trackingRoutes.locations);
  const real = (await listed.json()) as { LocationID: string; Latitude: number; Longitude: number; Shape: string }[];
  // Three POIs of a tenant whose sites are all round Cork harbour, 15 km across.
  const template = real.find((l) => l.Shape === 'circle')!;
  const cork = [
    { LocationID: 'E2E-COBH', Latitude: 51.85, Longitude: -8.3 },
    { LocationID: 'E2E-RINGASKIDDY', Latitude: 51.83, Longitude: -8.32 },
    { LocationID: 'E2E-LITTLE-ISLAND', Latitude: 51.91, Longitude: -8.36 },
  ].map((l) => ({ ...template, ...l, FullName: l.LocationID, RadiusM: 200, CustomerID: null, CustomerName: null }));
  const inView = (view: Awaited<ReturnType<typeof viewOf>>, l: { Latitude: number; Longitude: number }) =>
    l.Latitude > view.south && l.Latitude < view.north && l.Longitude > view.west && l.Longitude < view.east;
  await page.route(isList, (route) => route.fulfill({ json: cork }));
  try {
    await page.goto('/locations');
    await page.getByTestId('add-location').click();
    const map = page.getByTestId('draw-map');
    await expect(map.locator('[data-shapes]')).toHaveAttribute('data-shapes', 'circle:3');
    // Framed on them, about 15 km across: not Ireland at zoom 6 round Athlone, 150 km away.
    await expect.poll(async () => (await viewOf(map)).zoom).toBeGreaterThanOrEqual(9);
    const view = await viewOf(map);
    expect(cork.filter((l) => !inView(view, l)).map((l) => l.LocationID)).toEqual([]);
    expect(km(view.centre, { latitude: 51.87, longitude: -8.33 })).toBeLessThan(10);
    // A click on one of them, a few pixels across at this zoom, places the centre where it lands, not on the POI's.
    const leaflet = map.locator('.leaflet-container');
    const box = (await leaflet.boundingBox())!;
    const mercator = (latitude: number) => Math.log(Math.tan(Math.PI / 4 + (latitude * Math.PI) / 360));
    const x = ((-8.3 - view.west) / (view.east - view.west)) * box.width;
    const y = ((mercator(view.north) - mercator(51.85)) / (mercator(view.north) - mercator(view.south))) * box.height;
    await leaflet.click({ position: { x: x + 2, y: y + 2 } });
    await expect(page.getByTestId('draw-latitude')).toHaveValue(/^51\.8[45]\d*$/);
    expect(await page.getByTestId('draw-latitude').inputValue()).not.toBe('51.85');
    expect(await page.getByTestId('draw-longitude').inputValue()).not.toBe('-8.3');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // A tenant with no POI yet: the whole of Ireland, Mizen Head to Malin Head.
    await page.unroute(isList);
    await page.route(isList, (route) => route.fulfill({ json: [] }));
    await page.goto('/locations');
    await page.getByTestId('add-location').click();
    const ireland = [
      { Latitude: 51.45, Longitude: -9.82 },
      { Latitude: 55.38, Longitude: -7.37 },
      { Latitude: 52.1, Longitude: -10.46 },
      { Latitude: 54.66, Longitude: -5.55 },
    ];
    await expect
      .poll(async () => {
        const view = await viewOf(map);
        return ireland.filter((l) => !inView(view, l)).length;
      })
      .toBe(0);
    expect((await viewOf(map)).zoom).toBeGreaterThanOrEqual(6);
    await page.getByRole('button', { name: 'Cancel' }).click();
  } finally {
    await page.unroute(isList);
  }

  // The demo tenant's own POIs: every one of them in view, and on the map.
  await page.goto('/locations');
  await page.getByTestId('add-location').click();
  const map = page.getByTestId('draw-map');
  await expect(map.locator('[data-shapes]')).toHaveAttribute('data-shapes', /circle:\d+/);
  await expect
    .poll(async () => {
      const view = await viewOf(map);
      return real.filter((l) => !inView(view, l)).map((l) => l.LocationID);
    })
    .toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();
});

test('a typed latitude and longitude place the circle; a bad one is refused, naming its field', async () => {
  await openAddDialog('E2E-TYPED', 'E2E typed circle');
  await page.getByTestId('draw-latitude').fill('53.3498');
  await page.getByTestId('draw-longitude').fill('-6.26x');
  await expect(page.getByRole('dialog')).toContainText('Longitude: enter a number in decimal degrees');
  await page.getByTestId('draw-longitude').fill('-6,2603'); // a decimal comma is read too
  await expect(page.getByRole('dialog')).not.toContainText('Longitude: enter a number');
  await page.getByTestId('draw-latitude').fill('93');
  await expect(page.getByRole('dialog')).toContainText('Latitude must be from -90 to 90');
  await page.getByTestId('draw-latitude').fill('53.3498');
  await page.getByTestId('draw-radius').fill('150');
  // The map is framed on the typed centre.
  await expect
    .poll(async () => km((await viewOf(page.getByTestId('draw-map'))).centre, { latitude: 53.3498, longitude: -6.2603 }))
    .toBeLessThan(0.05);
  await page.getByTestId('location-save').click();
  await expect(page).toHaveURL(/\/location\/E2E-TYPED$/);
  expect(await storedLocation('E2E-TYPED')).toMatchObject({ Latitude: 53.3498, Longitude: -6.2603, RadiusM: 150 });
  await expect
    .poll(async () => km((await viewOf(page.getByTestId('location-map'))).centre, { latitude: 53.3498, longitude: -6.2603 }))
    .toBeLessThan(0.05);
});

test("a polygon's corners typed one by one", async () => {
  await openAddDialog('E2E-TYPED-POLYGON', 'E2E typed polygon');
  await page.getByTestId('draw-polygon').click();
  const corners = [
    ['53.40', '-7.95'],
    ['53.40', '-7.93'],
    ['53.41 N', '7.94 W'], // with the hemisphere's letter
  ] as const;
  for (const [latitude, longitude] of corners) {
    await page.getByTestId('draw-latitude').fill(latitude);
    await page.getByTestId('draw-longitude').fill(longitude);
    await page.getByTestId('draw-add-corner').click();
  }
  await expect(page.getByTestId('poi-drawer')).toContainText('corners so far: 3');
  await page.getByTestId('location-save').click();
  await expect(page).toHaveURL(/\/location\/E2E-TYPED-POLYGON$/);
  const stored = (await storedLocation('E2E-TYPED-POLYGON')) as unknown as { Polygon: number[][][] };
  expect(stored.Polygon).toEqual([
    [
      [-7.95, 53.4],
      [-7.93, 53.4],
      [-7.94, 53.41],
      [-7.95, 53.4],
    ],
  ]);
});

test('a town found by name centres the map on it, and a circle clicked there lands within a kilometre of it', async () => {
  await openAddDialog('E2E-ATHLONE', 'E2E Athlone yard');
  const map = page.getByTestId('draw-map');
  await page.getByTestId('draw-town').fill('Athlone');
  await page.getByRole('option', { name: 'Athlone, Leinster, Ireland' }).click();
  await expect.poll(async () => km((await viewOf(map)).centre, ATHLONE)).toBeLessThan(1);
  expect((await viewOf(map)).zoom).toBeGreaterThanOrEqual(11);
  const box = await map.locator('.leaflet-container').boundingBox();
  if (!box) throw new Error('the drawing map has no box');
  await map.locator('.leaflet-container').click({ position: { x: box.width / 2, y: box.height / 2 } });
  // The click writes the centre into the fields.
  await expect(page.getByTestId('draw-latitude')).toHaveValue(/^53\.4\d*$/);
  await page.getByTestId('location-save').click();
  await expect(page).toHaveURL(/\/location\/E2E-ATHLONE$/);
  const stored = await storedLocation('E2E-ATHLONE');
  expect(km({ latitude: stored.Latitude, longitude: stored.Longitude }, ATHLONE)).toBeLessThan(1);
});

test('zooming the offline map in past its limit is refused', async () => {
  await page.goto('/locations');
  await page.getByTestId('add-location').click();
  const map = page.getByTestId('draw-map');
  const zoomIn = map.getByRole('button', { name: 'Zoom in' });
  for (let i = 0; i < 12; i++) {
    if ((await zoomIn.getAttribute('aria-disabled')) === 'true') break;
    await zoomIn.click();
    await page.waitForTimeout(350); // Leaflet ignores a zoom asked for while the last one is animating
  }
  await expect(zoomIn).toHaveAttribute('aria-disabled', 'true');
  expect((await viewOf(map)).zoom).toBe(OFFLINE_MAX_ZOOM);
  await zoomIn.click({ force: true });
  await map.locator('.leaflet-container').dblclick();
  await page.waitForTimeout(400);
  expect((await viewOf(map)).zoom).toBe(OFFLINE_MAX_ZOOM);
  await page.getByRole('button', { name: 'Cancel' }).click();
});

test("with a tile server configured, the drawing map shows its streets and zooms to the server's highest zoom", async () => {
  // Another tab of the same signed-in browser, told of a tile server by its client configuration (MAP_TILE_URL).
  const tab = await page.context().newPage();
  const tiles: string[] = [];
  await tab.route(`**${pathOf(clientConfigRoutes.get)}`, async (route) => {
    const config = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({
      json: { ...config, mapTiles: { url: 'https://tiles.e2e.test/{z}/{x}/{y}.png', attribution: '© E2E streets', maxZoom: 17 } },
    });
  });
  await tab.route('https://tiles.e2e.test/**', async (route) => {
    tiles.push(route.request().url());
    await route.fulfill({ contentType: 'image/png', body: Buffer.from(ONE_PIXEL_PNG, 'base64') });
  });
  await tab.goto('/locations');
  await tab.getByTestId('add-location').click();
  const map = tab.getByTestId('draw-map');
  await expect(map.getByText('© E2E streets')).toBeVisible();
  await expect(map.locator('img.leaflet-tile').first()).toHaveAttribute('src', /^https:\/\/tiles\.e2e\.test\/6\//);
  await expect(tab.getByRole('dialog')).not.toContainText('No map tiles are configured');
  // Framed on a typed centre, then zoomed in as far as the tile server draws.
  await tab.getByTestId('draw-latitude').fill('53.4239');
  await tab.getByTestId('draw-longitude').fill('-7.9407');
  const zoomIn = map.getByRole('button', { name: 'Zoom in' });
  for (let i = 0; i < 12 && (await zoomIn.getAttribute('aria-disabled')) !== 'true'; i++) {
    await zoomIn.click();
    await tab.waitForTimeout(350);
  }
  await expect(zoomIn).toHaveAttribute('aria-disabled', 'true');
  expect((await viewOf(map)).zoom).toBe(17);
  await expect.poll(() => tiles.some((url) => url.startsWith('https://tiles.e2e.test/17/'))).toBe(true);
  await tab.close();
});

test('a deleted location is not asked for again', async () => {
  const id = 'E2E-DELETE-ME';
  const added = await apiCall(page, 'fleetco', trackingRoutes.addLocation, {
    body: { LocationID: id, FullName: 'E2E short-lived yard', LocationType: 'Friendly', Latitude: 53.27, Longitude: -9.05, RadiusM: 200 },
  });
  expect(added.status()).toBe(201);
  await page.goto(`/location/${id}`);
  await expect(page.getByTestId('location-title')).toHaveText('E2E short-lived yard');
  await page.getByTestId('delete-location').click();
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && request.url().includes(id)) asked.push(request.url());
  });
  await page.getByTestId('confirm-delete').click();
  await expect(page).toHaveURL(/\/locations$/);
  await expect(page.getByTestId('location-row').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  expect((await apiCall(page, 'fleetco', trackingLocationsRoutes.item, { params: { locationId: id } })).status()).toBe(404);
});
