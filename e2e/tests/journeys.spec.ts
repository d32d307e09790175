import { expect, test, type Page } from '@playwright/test';
import type { Answer } from '@gridlens/contract/endpoint';
import type { ingestApi } from '@gridlens/contract/ingest';
import { pathOf } from '@gridlens/contract/route';
import { ingestRoutes } from '@gridlens/contract/routes/ingest';
import { trackingRoutes } from '@gridlens/contract/routes/tracking';
import { weekIdOf, weekStartMs } from '@gridlens/domain/tracking/weeks';
import { apiCall } from '../support/api';
import { expectNoSeriousViolations } from '../support/axe';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;

/** FleetCo's fixed demo ingest key (apps/server/src/demo/demo-tracking.ts). */
const FLEET_INGEST_KEY = 'glk_de000013_demo-ingest-key-not-for-production-use-0003';
const HOUR_MS = 3_600_000;
// This test's own depot and customer site, on the Beara peninsula, far from the demo's POIs and trackers.
const DEPOT = { LocationID: 'E2E-DEPOT', FullName: 'E2E Depot', LocationType: 'Friendly', Latitude: 51.65, Longitude: -9.9, RadiusM: 200 };
const SITE = { LocationID: 'E2E-SITE', FullName: 'E2E Site', LocationType: 'Non-Friendly', Latitude: 51.7, Longitude: -9.9, RadiusM: 300 };
const ROAD = { Latitude: 51.675, Longitude: -9.9 };
const TRACKERS = ['E2E-CAGE-1', 'E2E-CAGE-2'];
/** Last week's Tuesday 06:00 UTC, and that week's name. */
const START_MS = weekStartMs(Date.now()) - 6 * 24 * HOUR_MS + 6 * HOUR_MS;
const WEEK = weekIdOf(START_MS);

/** A round trip: depot 0 h and 1 h, road 2 h, site 3 h and 5 h, road 6 h, depot 7 h (journeys of 60 minutes). */
function roundTrip(deviceId: string, offsetHours: number) {
  const stops: [number, { Latitude: number; Longitude: number }][] = [
    [0, DEPOT],
    [1, DEPOT],
    [2, ROAD],
    [3, SITE],
    [5, SITE],
    [6, ROAD],
    [7, DEPOT],
  ];
  return stops.map(([hours, p], i) => ({
    kind: 'position',
    device_id: deviceId,
    seq: 1000 + i,
    time: new Date(START_MS + (hours + offsetHours) * HOUR_MS).toISOString(),
    latitude: p.Latitude,
    longitude: p.Longitude,
    battery_pct: 80,
  }));
}

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 }, timezoneId: 'UTC' });
  page = await context.newPage();
  await signIn(page, DEMO.fleet, '/poi');
  await expect(page.getByTestId('poi-report')).toBeVisible();
  for (const location of [DEPOT, SITE]) {
    const added = await apiCall(page, 'fleetco', trackingRoutes.addLocation, { body: location });
    expect([201, 409]).toContain(added.status());
  }
  for (const deviceId of TRACKERS) {
    const registered = await apiCall(page, 'fleetco', trackingRoutes.registerDevice, {
      body: { device_id: deviceId, name: `Cage ${deviceId.slice(-1)}`, device_type: 'Container' },
    });
    expect([201, 409]).toContain(registered.status());
  }
  // The second cage's fixes arrive newest first: the journeys are the same as for fixes in order.
  const messages = [...roundTrip('E2E-CAGE-1', 0), ...roundTrip('E2E-CAGE-2', 2).reverse()];
  const sent = await page.request.post(pathOf(ingestRoutes.messages), {
    headers: { authorization: `Bearer ${FLEET_INGEST_KEY}` },
    data: { v: 1, messages },
  });
  expect(((await sent.json()) as Answer<typeof ingestApi.messages>).accepted).toBe(messages.length);
});
test.afterAll(async () => {
  await page.context().close();
});

test('the POI report shows each POI’s assets, arrivals and dwell times, narrowed by the header search', async () => {
  await page.reload();
  const site = page.getByTestId('poi-locations').locator('tbody tr', { hasText: SITE.FullName });
  // Both cages arrived once at the site (3 hours each) and are back at the depot now.
  await expect(site.locator('td:nth-child(6)')).toHaveText('2');
  await expect(site.locator('td:nth-child(7)')).toHaveText('3.00');
  const depot = page.getByTestId('poi-locations').locator('tbody tr', { hasText: DEPOT.FullName });
  await expect(depot.locator('td:nth-child(3)')).toHaveText('2');
  await expect(page.getByTestId('poi-types')).toContainText('Friendly');
  await expect(page.getByTestId('poi-cycle-stats')).toBeVisible();
  await expect(page.getByTestId('poi-phases')).toContainText('At a home site');
  await page.getByRole('searchbox', { name: 'Search' }).fill('E2E Site');
  await expect(page.getByTestId('poi-locations').locator('tbody tr')).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByTestId('poi-locations').locator('tbody tr', { hasText: DEPOT.FullName })).toHaveCount(1);
});

test('the fleet report hatches the week under way, and a chosen customer narrows its assets by location type now', async () => {
  await page.goto('/poi');
  // The current week is never whole: its cycle times are marked as the other screens mark today so far.
  await expect(page.getByTestId('chart-poi-cycle-history-partial')).toContainText('Hatched: still under way');
  const types = page.getByTestId('poi-types').locator('tbody tr');
  const assets = async (category: string) =>
    Number(
      (
        await types
          .filter({ has: page.getByRole('cell', { name: category, exact: true }) })
          .locator('td')
          .nth(1)
          .innerText()
      ).replaceAll(',', ''),
    );
  const everyType = async () => {
    let sum = 0;
    for (const category of ['Friendly', 'Non-Friendly', 'Outside points of interest', 'No location data']) sum += await assets(category);
    return sum;
  };
  await expect(types).toHaveCount(4);
  const fleet = await everyType();
  expect(await assets('Friendly')).toBeGreaterThan(0); // at this file's depot at least
  const customer = page.getByRole('combobox', { name: 'Customer' });
  await customer.click();
  await page.getByRole('option').nth(1).click();
  // A customer's assets are those at its sites now, or last seen at one: none at a depot, none without a place.
  await expect.poll(() => assets('Friendly')).toBe(0);
  await expect.poll(() => assets('No location data')).toBe(0);
  expect(await everyType()).toBeLessThan(fleet);
  await customer.click();
  await page.getByRole('option', { name: 'All customers' }).click();
  await expect.poll(everyType).toBe(fleet);
});

test('a POI’s snapshot opens without the shell and prints without its buttons', async () => {
  await page.getByRole('link', { name: `Snapshot of ${SITE.FullName}` }).click();
  await expect(page).toHaveURL(`/poi_snapshot/${SITE.LocationID}`);
  await expect(page.getByTestId('poi-snapshot-title')).toHaveText(`Point of interest: ${SITE.FullName}`);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByTestId('poi-snapshot-weeks')).toContainText('3.00');
  const print = page.getByRole('button', { name: 'Print' });
  await expect(print).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(print).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
});

test('the journeys screen counts a pair’s journeys per week, and its week lists the devices with their times', async () => {
  await page.goto('/journeys');
  const row = page.getByTestId('journey-pairs').locator('tbody tr', { hasText: `${DEPOT.FullName}${SITE.FullName}` });
  await expect(row.locator('td:nth-child(4)')).toHaveText('2');
  await expect(row.locator('td:nth-child(5)')).toHaveText('60 min');
  const watch = row.getByRole('button', { name: `Watch the journey ${DEPOT.FullName} to ${SITE.FullName}` });
  await watch.click();
  await expect(row.getByRole('button', { name: `Stop watching the journey ${DEPOT.FullName} to ${SITE.FullName}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // The watched journeys on their own: the demo's other pairs leave, this one stays, and the URL keeps the choice.
  const pairs = page.getByTestId('journey-pairs').locator('tbody tr');
  const all = await pairs.count();
  await page.getByTestId('journeys-watched-only').click();
  await expect(page).toHaveURL(/watched=1/);
  await expect(pairs).toHaveCount(1);
  await expect(pairs.first()).toContainText(`${DEPOT.FullName}${SITE.FullName}`);
  await page.getByTestId('journeys-watched-only').click();
  await expect(pairs).toHaveCount(all);
  await row.getByRole('link', { name: new RegExp(`^2 journeys from ${DEPOT.FullName}`) }).click();
  await expect(page).toHaveURL(`/journey/${DEPOT.LocationID}/${SITE.LocationID}/${WEEK}`);
  await expect(page.getByTestId('journey-title')).toHaveText(`${DEPOT.FullName} to ${SITE.FullName}`);
  const devices = page.getByTestId('journey-devices').locator('tbody tr');
  await expect(devices).toHaveCount(2);
  await expect(devices.first()).toContainText('E2E-CAGE-2');
  await expect(devices.first()).toContainText('60 min');
  await expect(devices.nth(1)).toContainText(new Date(START_MS + 2 * HOUR_MS).toISOString().slice(11, 16));
  await page.getByRole('searchbox', { name: 'Search' }).fill('cage 1');
  await expect(devices).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear search' }).click();
});

test('the journeys, journey week, POI report and snapshot have no serious accessibility violations, in light and dark', async () => {
  const screens: [string, string][] = [
    ['/journeys', 'journey-pairs'],
    [`/journey/${DEPOT.LocationID}/${SITE.LocationID}/${WEEK}`, 'journey-devices'],
    ['/poi', 'poi-locations'],
    [`/poi_snapshot/${SITE.LocationID}`, 'poi-snapshot-weeks'],
  ];
  for (const theme of ['light', 'dark'] as const) {
    for (const [path, ready] of screens) {
      await page.goto(path);
      await expect(page.getByTestId(ready)).toBeVisible();
      await expect(page.locator('body')).toHaveAttribute('data-theme', theme);
      await expectNoSeriousViolations(page, `${theme}, ${path}`);
    }
    await page.goto('/journeys');
    await page.getByRole('button', { name: /Switch to the (dark|light) theme/ }).click();
  }
});
