import { expect, test, type Page } from '@playwright/test';
import { trackingRoutes } from '@gridlens/contract/routes/tracking';
import { apiCall } from '../support/api';
import { DEMO, signIn } from '../support/sign-in';

/** What the browser console said about the router's first render (react-router warns when it has nothing to show). */
function hydrateWarnings(page: Page): string[] {
  const said: string[] = [];
  page.on('console', (message) => {
    if (/HydrateFallback/i.test(message.text())) said.push(`${message.type()}: ${message.text()}`);
  });
  return said;
}

test('no page load warns that the router has no HydrateFallback: public page, sign-in, screen and reload', async ({ page }) => {
  const said = hydrateWarnings(page);
  await page.goto('/checkcoverage');
  await expect(page.getByRole('heading', { level: 1, name: 'Device test' })).toBeVisible();
  await signIn(page, DEMO.power, '/assets');
  await expect(page.getByTestId('asset-row').first()).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('asset-row').first()).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByTestId('profile-name')).toHaveText(DEMO.power.name);
  expect(said).toEqual([]);
});

test.describe('ids holding a dot', () => {
  // One sign-in for the group: the sign-in rate limit counts every login of the demo user.
  test.describe.configure({ mode: 'serial' });
  // As adopting a possible POI names it, and a tracker id with a dot in it.
  const LOCATION = 'POI_54.1055_-6.7285';
  const DEVICE = 'E2E-TRACKER.7';
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await (await browser.newContext()).newPage();
    await signIn(page, DEMO.fleet, '/locations');
    await expect(page.getByTestId('locations-page')).toBeVisible();
    const added = await apiCall(page, 'fleetco', trackingRoutes.addLocation, {
      body: {
        LocationID: LOCATION,
        FullName: 'E2E dotted-id yard',
        LocationType: 'Friendly',
        Latitude: 54.1055,
        Longitude: -6.7285,
      },
    });
    expect([201, 409]).toContain(added.status());
    const registered = await apiCall(page, 'fleetco', trackingRoutes.registerDevice, {
      body: { device_id: DEVICE, name: 'E2E dotted tracker', device_type: 'Container' },
    });
    expect([201, 409]).toContain(registered.status());
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('a location opens, reloads and opens from a shared link', async () => {
    await page.goto(`/location/${LOCATION}`);
    await expect(page.getByTestId('location-title')).toHaveText('E2E dotted-id yard');
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`/location/${LOCATION.replaceAll('.', '\\.')}$`));
    await expect(page.getByTestId('location-title')).toHaveText('E2E dotted-id yard');
    // A link shared to someone else: a new tab opens it from the address alone.
    const shared = await page.context().newPage();
    await shared.goto(`/location/${LOCATION}`);
    await expect(shared.getByTestId('location-title')).toHaveText('E2E dotted-id yard');
    await shared.close();
  });

  test('a device opens and reloads', async () => {
    await page.goto(`/device/${DEVICE}`);
    await expect(page.getByTestId('device-name')).toContainText('E2E dotted tracker');
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`/device/${DEVICE.replaceAll('.', '\\.')}$`));
    await expect(page.getByTestId('device-name')).toContainText('E2E dotted tracker');
  });
});
