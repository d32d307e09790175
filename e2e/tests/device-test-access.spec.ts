import { expect, test, type Page } from '@playwright/test';
import { configRoutes } from '@gridlens/contract/routes/config';
import { DEMO, type DemoAccount } from '../support/sign-in';

// /checkcoverage has no sign-in guard (spec §2): every visitor may open it, reload it and follow a bookmark to it, and
// stays on it, doing there what they may (docs/decisions.md, "The installer's page (issue 27)").

const HEADING = { level: 1, name: 'Device test' } as const;

/** Signs in through the page's own button (no redirect to the provider here) and comes back to it. */
async function signInHere(page: Page, account: DemoAccount): Promise<void> {
  await page.getByTestId('device-test-sign-in').click();
  await expect(page.locator('input[name="email"]')).toBeVisible();
  await page.locator('input[name="email"]').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.locator('button[type="submit"]').click();
}

/** Still on the device test at `url`, drawn (not blank), once every request the page started has been answered. */
async function expectStillHere(page: Page, url: RegExp): Promise<void> {
  await expect(page.getByRole('heading', HEADING)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading', HEADING)).toBeVisible();
  await expect(page.getByTestId('limited-access')).toHaveCount(0);
}

/** The shell's settings, from the contract. */
const CONFIG_PATHS = new Set<string>(Object.values(configRoutes).map((route) => route.path));

/** Records every request the page makes for the shell's settings, which a page without the guard never needs. */
function configRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (CONFIG_PATHS.has(new URL(request.url()).pathname)) asked.push(request.url());
  });
  return asked;
}

test('a signed-out visitor opens it directly, reloads it and follows a bookmark with a device, and is asked to sign in there', async ({
  page,
}) => {
  await page.goto('/checkcoverage');
  await expectStillHere(page, /\/checkcoverage$/);
  await expect(page.getByTestId('device-test-sign-in')).toBeVisible();
  await page.reload();
  await expectStillHere(page, /\/checkcoverage$/);
  await page.goto('/checkcoverage?device=NZ-0001');
  await expectStillHere(page, /\/checkcoverage\?device=NZ-0001$/);
  await expect(page.getByTestId('device-test-sign-in')).toBeVisible();
});

test('an Installer-only user stays on it through reloads and bookmarks, tests devices, and is never asked for portal settings', async ({
  page,
}) => {
  await page.goto('/checkcoverage?device=NZ-0001');
  await signInHere(page, DEMO.installer);
  await expect(page.getByTestId('device-test-result')).toContainText('NZ-0001');
  const asked = configRequests(page);

  await page.reload();
  await expectStillHere(page, /\/checkcoverage\?device=NZ-0001$/);
  await expect(page.getByTestId('device-test-result')).toContainText('NZ-0001');

  // A bookmark or a QR code on another device's label: a fresh page load with another id.
  await page.goto('/checkcoverage?device=NZ-0002');
  await expectStillHere(page, /\/checkcoverage\?device=NZ-0002$/);
  await expect(page.getByTestId('device-test-result')).toContainText('NZ-0002');

  // Opened bare, it offers the form; the device asked for then is tested, and tested again on demand.
  await page.goto('/checkcoverage');
  await expectStillHere(page, /\/checkcoverage$/);
  await page.getByTestId('device-test-id').fill('NZ-0003');
  await page.getByTestId('device-test-run').click();
  await expect(page.getByTestId('device-test-result')).toContainText('NZ-0003');
  await Promise.all([
    page.waitForResponse((response) => response.url().includes('/device-test/NZ-0003') && response.status() === 200),
    page.getByTestId('device-test-refresh').click(),
  ]);
  await expectStillHere(page, /\/checkcoverage\?device=NZ-0003$/);
  expect(asked).toEqual([]);
});

test('a user of another role tests a device there too, through a reload', async ({ page }) => {
  await page.goto('/checkcoverage?device=NZ-0001');
  await signInHere(page, DEMO.power);
  await expect(page.getByTestId('device-test-result')).toContainText('NZ-0001');
  await page.reload();
  await expectStillHere(page, /\/checkcoverage\?device=NZ-0001$/);
  await expect(page.getByTestId('device-test-result')).toContainText('NZ-0001');
});

test('a user whose tenant is unknown is told so on the page, not sent to /error, before and after a reload', async ({ page }) => {
  await page.goto('/checkcoverage?device=NZ-0001');
  await signInHere(page, DEMO.stranger);
  const refused = page.getByTestId('device-test-refused');
  await expect(refused).toHaveText(
    'Your organisation is not set up in this portal, so it has no devices to test. Please contact your provider.',
  );
  await expectStillHere(page, /\/checkcoverage\?device=NZ-0001$/);
  await page.reload();
  await expectStillHere(page, /\/checkcoverage\?device=NZ-0001$/);
  await expect(refused).toBeVisible();
  await expect(page.getByTestId('device-test-result')).toHaveCount(0);
});
