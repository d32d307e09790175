import { expect, test, type Page } from '@playwright/test';
import type { Answer } from '@gridlens/contract/endpoint';
import type { ingestApi } from '@gridlens/contract/ingest';
import { pathOf } from '@gridlens/contract/route';
import { ingestRoutes } from '@gridlens/contract/routes/ingest';
import { trackingRoutes } from '@gridlens/contract/routes/tracking';
import { trackingDevicesRoutes } from '@gridlens/contract/routes/tracking-devices';
import { apiCall } from '../support/api';
import { expectNoSeriousViolations } from '../support/axe';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;

/** FleetCo's fixed demo ingest key (apps/server/src/demo/demo-tracking.ts). */
const FLEET_INGEST_KEY = 'glk_de000013_demo-ingest-key-not-for-production-use-0003';
/** Trackers of this test only, so the demo's live positions never move them. */
const CAGE = 'E2E-CAGE';
const SILENT = 'E2E-SILENT';

const send = async (messages: object[]) => {
  const sent = await page.request.post(pathOf(ingestRoutes.messages), {
    headers: { authorization: `Bearer ${FLEET_INGEST_KEY}` },
    data: { v: 1, messages },
  });
  const answer = (await sent.json()) as Answer<typeof ingestApi.messages>;
  expect(answer.rejected, JSON.stringify(answer.results)).toBe(0);
};
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** The track tests' own depot, on the Mizen peninsula, far from the demo's POIs and trackers. */
const TRACK_YARD = {
  LocationID: 'E2E-TRACK-YARD',
  FullName: 'E2E track yard',
  LocationType: 'Friendly',
  Latitude: 51.5,
  Longitude: -9.7,
  RadiusM: 300,
};
/** The track yard and a vehicle of the test's own; each answers 409 once it is there, so every test stands alone. */
const addTrackYardAndVehicle = async (device_id: string, name: string) => {
  expect([201, 409]).toContain((await apiCall(page, 'fleetco', trackingRoutes.addLocation, { body: TRACK_YARD })).status());
  const registered = await apiCall(page, 'fleetco', trackingRoutes.registerDevice, { body: { device_id, name, device_type: 'Vehicle' } });
  expect([201, 409]).toContain(registered.status());
};

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 }, timezoneId: 'UTC' });
  page = await context.newPage();
  // A fleet operator signs in at the root and lands on the tenant's first section, Devices.
  await signIn(page, DEMO.fleet, '/');
  await expect(page).toHaveURL(/\/devices$/);
  for (const [device_id, name] of [
    [CAGE, 'E2E cage'],
    [SILENT, 'E2E never reported'],
  ] as const) {
    const registered = await apiCall(page, 'fleetco', trackingRoutes.registerDevice, {
      body: { device_id, name, device_type: 'Container' },
    });
    expect([201, 409]).toContain(registered.status());
  }
  const seq = Math.floor(Date.now() / 1000);
  await send([
    { kind: 'position', device_id: CAGE, seq, time: minutesAgo(90), latitude: 53.3, longitude: -6.4, message_type: 'gps', battery_pct: 77 },
    {
      kind: 'position',
      device_id: CAGE,
      seq: seq + 1,
      time: minutesAgo(30),
      latitude: 53.34,
      longitude: -6.3,
      message_type: 'OneWifi',
      accuracy_m: 40,
    },
    { kind: 'tracker', device_id: CAGE, seq, time: minutesAgo(5), message_type: 'NoPositionData', battery_pct: 76 },
  ]);
  await page.reload();
});
test.afterAll(async () => {
  await page.context().close();
});

test('a fleet operator lands on Devices with the fleet in the table and clusters on the map', async () => {
  await expect(page.getByTestId('devices-table').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('devices-count')).toContainText(/\d+ of \d+ devices/);
  await expect(page.getByTestId('devices-map').locator('.marker-cluster').first()).toBeVisible();
  // The summary counts every listed device once by where it is.
  const shown = Number(/^([\d,]+) of/.exec((await page.getByTestId('devices-count').textContent()) ?? '')?.[1]?.replaceAll(',', ''));
  const figure = async (id: string) => Number((await page.getByTestId(`summary-${id}`).locator('dd').textContent())?.replaceAll(',', ''));
  const byPosition = ['Friendly', 'Non-Friendly', 'Outside POIs', 'No location data'];
  const placed = async () => {
    let sum = 0;
    for (const category of byPosition) sum += await figure(`position-${category}`);
    return sum;
  };
  await expect.poll(placed).toBe(shown);
  // The header search narrows the table, the map and the summary to the cage.
  await page.getByRole('searchbox').fill(CAGE);
  await expect(page.getByTestId('devices-count')).toHaveText(/^1 of \d+ devices$/);
  await expect(page.getByTestId('summary-position-Outside POIs').locator('dd')).toHaveText('1');
  await expect(page.getByTestId('summary-silent').locator('dd')).toHaveText('0');
  const row = page.getByTestId(`device-row-${CAGE}`);
  await expect(row).toContainText('Position not found');
  await expect(row).toContainText('Outside locations');
  await expect(row).toContainText('76');
});

test("a device's page shows its track coloured by message type, and a device that never reported has no location", async () => {
  await page.getByRole('link', { name: 'E2E cage' }).click();
  await expect(page).toHaveURL(new RegExp(`/device/${CAGE}$`));
  await expect(page.getByTestId('device-name')).toHaveText('E2E cage');
  const track = page.getByTestId('device-track');
  await expect(track).toBeVisible();
  // The legend names the colour of each way a fix is found.
  await expect(page.getByTestId('map-legend').locator('li')).toHaveText(['Two Wi-Fi networks', 'One Wi-Fi network', 'GPS fix']);
  const messages = page.getByTestId('device-messages').locator('tbody tr');
  await expect(messages).toHaveCount(3);
  await expect(messages.first()).toContainText('Position not found'); // newest first, the message without a position
  await expect(messages.nth(1)).toContainText('One Wi-Fi network');
  await expect(page.getByTestId('device-messages-title')).toHaveText('Messages (3)'); // counted, not "{{total}}"
  await page.goto(`/device/${SILENT}`);
  await expect(page.getByTestId('no-location')).toHaveText('No location found for this device');
  await page.goto(`/device/${CAGE}`);
});

test("a device's messages that fail to load say so, with a way to try again", async () => {
  const messagesOfCage = (url: URL) => url.pathname === pathOf(trackingDevicesRoutes.messages, { device_id: CAGE });
  await page.route(messagesOfCage, (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.goto(`/device/${CAGE}`);
  await expect(page.getByTestId('load-failed')).toBeVisible({ timeout: 15_000 }); // after the client's two retries
  await page.unroute(messagesOfCage);
  await page.getByTestId('load-failed').getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('load-failed')).toHaveCount(0);
  await expect(page.getByTestId('device-messages').locator('tbody tr')).toHaveCount(3);
});

test("a device's track is a line through its fixes, over the POIs it visited", async () => {
  const TRAVELLER = 'E2E-TRAVELLER';
  await addTrackYardAndVehicle(TRAVELLER, 'E2E traveller');
  const seq = Math.floor(Date.now() / 1000);
  const at = (i: number, latitude: number, minutes: number) => ({
    kind: 'position',
    device_id: TRAVELLER,
    seq: seq + i,
    time: minutesAgo(minutes),
    latitude,
    longitude: -9.7,
    message_type: 'gps',
  });
  // In the yard twice, then 5 km up the road.
  await send([at(0, 51.5, 120), at(1, 51.5005, 90), at(2, 51.545, 30)]);
  await page.goto(`/device/${TRAVELLER}`);
  const track = page.getByTestId('device-track');
  await expect(track.locator('[data-shapes]')).toHaveAttribute('data-shapes', 'circle:1 line:1 pin:1');
  // The yard's type joins the legend, in the one colour of its type.
  await expect(page.getByTestId('map-legend').locator('li')).toHaveText(['Two Wi-Fi networks', 'One Wi-Fi network', 'GPS fix', /Friendly/]);
});

test("on a long trip's track, framed far out, the POI it visited is a clear pin in its type's colour, named", async () => {
  const HAULER = 'E2E-LONG-HAUL';
  await addTrackYardAndVehicle(HAULER, 'E2E long haul');
  const seq = Math.floor(Date.now() / 1000);
  const at = (i: number, latitude: number, longitude: number, minutes: number) => ({
    kind: 'position',
    device_id: HAULER,
    seq: seq + i,
    time: minutesAgo(minutes),
    latitude,
    longitude,
    message_type: 'gps',
  });
  // From the yard (300 m across) on the Mizen peninsula to 230 km east, out at sea, far from any POI.
  await send([at(0, 51.5, -9.7, 240), at(1, 51.35, -8.1, 150), at(2, 51.2, -6.5, 60)]);
  await page.goto(`/device/${HAULER}`);
  const track = page.getByTestId('device-track');
  const map = track.locator('[data-shapes]');
  await expect(map).toHaveAttribute('data-shapes', 'circle:1 line:1 pin:1');
  // Framed on the whole trip: at this zoom the yard's 300 m circle is about a pixel across.
  expect(Number(await map.getAttribute('data-zoom'))).toBeLessThanOrEqual(9);
  const pin = track.getByRole('img', { name: 'Visited location (Friendly): E2E track yard' });
  await expect(pin).toBeVisible();
  const box = (await pin.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(20);
  expect(box.height).toBeGreaterThanOrEqual(24);
  const mapBox = (await map.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(mapBox.x);
  expect(box.x + box.width).toBeLessThanOrEqual(mapBox.x + mapBox.width);
  // In the colour the legend gives depots (Friendly), which no way of finding a fix shares.
  const swatch = async (label: RegExp | string) =>
    page
      .getByTestId('map-legend')
      .locator('li')
      .filter({ hasText: label })
      .locator('span')
      .evaluate((e) => getComputedStyle(e).backgroundColor);
  const friendly = await swatch(/^Friendly$/);
  expect(await pin.locator('path').evaluate((e) => getComputedStyle(e).fill)).toBe(friendly);
  for (const fix of ['Two Wi-Fi networks', 'One Wi-Fi network', 'GPS fix']) expect(await swatch(fix)).not.toBe(friendly);
  await expectNoSeriousViolations(page, 'light');
});

test('at 1,680 px the devices table shows all its columns; narrower, the less needed give way instead of scrolling', async () => {
  await page.goto('/devices');
  await page.getByRole('searchbox').fill('');
  const table = page.getByRole('region', { name: 'Devices of the fleet' });
  const titles = page.getByTestId('devices-table').locator('thead th');
  const overflow = () => table.evaluate((e) => e.scrollWidth - e.clientWidth);
  const shownTitles = async () => {
    const box = (await table.boundingBox())!;
    const shown: string[] = [];
    for (const title of await titles.all()) {
      const at = await title.boundingBox();
      if (at && at.width > 0 && at.x + at.width <= box.x + box.width + 1) shown.push((await title.innerText()).trim());
    }
    return shown;
  };
  await page.setViewportSize({ width: 1680, height: 1050 });
  await expect(titles).toHaveCount(8);
  await expect
    .poll(shownTitles)
    .toEqual(['Device name', 'Last message', 'Message type', 'Location', 'Location type', 'Movement', 'Battery %', 'Tags']);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1024, height: 900 });
  await expect.poll(shownTitles).toEqual(['Device name', 'Last message', 'Location type']);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1600, height: 900 });
});

test('a summary figure filters the table and the map, shows as chosen, and a second click lets every device back', async () => {
  await page.goto('/devices');
  await page.getByRole('searchbox').fill('');
  await expect(page.getByTestId('devices-count')).toContainText(/\d+ of \d+ devices/);
  const counts = async () =>
    (/^([\d,]+) of ([\d,]+)/.exec((await page.getByTestId('devices-count').textContent()) ?? '') ?? [])
      .slice(1)
      .map((n) => Number(n.replaceAll(',', '')));
  const [shown, total] = await counts();
  expect(shown).toBe(total);
  const chip = page.getByTestId('summary-position-Outside POIs');
  const figureOf = async () => Number((await chip.locator('dd').textContent())?.replaceAll(',', ''));
  await expect.poll(figureOf).toBeGreaterThan(0); // the cage of this file at least
  const outside = await figureOf();
  const toggle = chip.getByRole('button', { name: 'Outside locations' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('devices-count')).toHaveText(
    new RegExp(`^${outside.toLocaleString('en')} of ${total!.toLocaleString('en')} devices$`),
  );
  // Every row left is outside every POI (the first and the last stand for them all: the table is sorted by time).
  const listedRows = page.getByTestId('devices-table').locator('tbody tr');
  await expect(listedRows.first()).toContainText('Outside locations');
  await expect(listedRows.last()).toContainText('Outside locations');
  // The figures keep counting every listed device, to be chosen instead.
  const placed = async () => {
    let sum = 0;
    for (const category of ['Friendly', 'Non-Friendly', 'Outside POIs', 'No location data'])
      sum += Number((await page.getByTestId(`summary-position-${category}`).locator('dd').textContent())?.replaceAll(',', ''));
    return sum;
  };
  expect(await placed()).toBe(total);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => (await counts())[0]).toBe(total);
  // The tests after this one work on the cage's page.
  await page.goto(`/device/${CAGE}`);
});

test('settings sent to the device stay pending until it acknowledges them through the ingest API', async () => {
  await page.getByTestId('setting-reporting_interval_moving_min').fill('0');
  await expect(page.getByText('Value should be greater than 0')).toBeVisible();
  await expect(page.getByTestId('settings-save')).toBeDisabled();
  await page.getByTestId('setting-reporting_interval_moving_min').fill('15');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-pending')).toBeVisible();
  // The tracker fetches its downlink with the ingest key and acknowledges it.
  const fetched = await page.request.get(pathOf(trackingDevicesRoutes.downlinks, { device_id: CAGE }), {
    headers: { authorization: `Bearer ${FLEET_INGEST_KEY}` },
  });
  const { items } = (await fetched.json()) as { items: { downlink_id: string; settings: { reporting_interval_moving_min: number } }[] };
  expect(items.at(-1)?.settings.reporting_interval_moving_min).toBe(15);
  await send([
    {
      kind: 'tracker',
      device_id: CAGE,
      seq: Math.floor(Date.now() / 1000) + 5,
      time: minutesAgo(0),
      message_type: 'DownlinkAcknowledgement',
      downlink_id: items.at(-1)?.downlink_id,
    },
  ]);
  await page.reload();
  await expect(page.getByTestId('settings-applied')).toContainText('Acknowledged by the device');
  await expect(page.getByTestId('settings-pending')).toHaveCount(0);
  await expect(page.getByTestId('setting-reporting_interval_moving_min')).toHaveValue('15');
});

test('name and tags are edited with the specification message', async () => {
  await page.getByTestId('device-edit').click();
  await page.getByTestId('edit-name').fill('E2E cage north');
  await page.getByTestId('edit-tags').fill('returnable');
  await page.getByTestId('edit-tags').press('Enter');
  await page.getByTestId('edit-save').click();
  await expect(page.getByText('Device Details Successfully Saved!')).toBeVisible();
  await expect(page.getByTestId('device-name')).toHaveText('E2E cage north');
  await expect(page.getByTestId('device-tag')).toHaveText('returnable');
});

test('the devices screens have no serious or critical accessibility violations, in light and dark', async () => {
  for (const theme of ['light', 'dark'] as const) {
    await expect(page.locator('body')).toHaveAttribute('data-theme', theme);
    await expect(page.getByTestId('device-track')).toBeVisible();
    await expectNoSeriousViolations(page, `${theme}, device`);
    await page.getByRole('link', { name: 'Devices' }).first().click();
    await expect(page.getByTestId('devices-table').locator('tbody tr').first()).toBeVisible();
    await expectNoSeriousViolations(page, `${theme}, devices`);
    await page.getByRole('button', { name: /Switch to the (dark|light) theme/ }).click();
    await page.goto(`/device/${CAGE}`);
  }
});
