import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/sign-in';

// A user still signed in who opens the portal: the screen's data is asked for before the screen's code has arrived
// (app/screen-preload.ts). Asked once, and never for a screen the tenant does not have.

const DEVICE_LIST = /\/api\/[^?]*powerdata\/device\?num_days=1$/;

test('a stored sign-in opening /assets asks for the assets list once, and the screen shows it', async ({ page }) => {
  await signIn(page, DEMO.power, '/assets');
  await expect(page.getByTestId('asset-row').first()).toBeVisible();
  const asked: string[] = [];
  page.on('request', (request) => {
    if (DEVICE_LIST.test(request.url())) asked.push(request.url());
  });
  await page.reload();
  await expect(page.getByTestId('asset-row').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).toHaveLength(1);
});

test('on a slow network a reload of /devices asks for the screen’s code while the shell is still arriving, not after it has run', async ({
  page,
  context,
}) => {
  await signIn(page, DEMO.fleet, '/devices');
  await expect(page.getByTestId('devices-table')).toBeVisible();
  // Slow enough that the shell takes well over a second to arrive: the order, not the speed, is what is checked.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 100,
    downloadThroughput: 100_000,
    uploadThroughput: 100_000,
  });
  const asked = new Map<string, number>();
  const arrived = new Map<string, number>();
  const file = (url: string) => /\/assets\/([a-z-]+)-[\w-]+\.js$/.exec(url)?.[1];
  page.on('request', (request) => {
    const name = file(request.url());
    if (name && !asked.has(name)) asked.set(name, Date.now());
  });
  page.on('requestfinished', (request) => {
    const name = file(request.url());
    if (name && !arrived.has(name)) arrived.set(name, Date.now());
  });
  await page.reload();
  await expect(page.getByTestId('devices-table')).toBeVisible({ timeout: 60_000 });
  const screenAsked = asked.get('devices-page');
  const shellArrived = arrived.get('shell');
  expect(screenAsked).toBeDefined();
  expect(shellArrived).toBeDefined();
  expect(screenAsked!).toBeLessThan(shellArrived!);
});

test('a tracking tenant opening /assets from a stored sign-in gets the limited-access notice, not the error page', async ({ page }) => {
  await signIn(page, DEMO.fleet, '/');
  await expect(page.getByTestId('page-title')).toBeVisible();
  await page.goto('/assets');
  await expect(page.getByTestId('limited-access')).toContainText('Limited access');
  await page.waitForLoadState('networkidle');
  expect(new URL(page.url()).pathname).toBe('/assets');
  await expect(page.getByRole('alert').filter({ hasText: /^Error$/ })).toHaveCount(0);
});

test('the assets screen paints its warnings and donuts before the table rows, and keeps the table room meanwhile', async ({ page }) => {
  await signIn(page, DEMO.power, '/profile');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  // Every state of the page as the DOM settles after each task: whether the donuts and the rows are there, and how
  // far down the table's box (or its placeholder) starts.
  await page.addInitScript(() => {
    const states: { donuts: boolean; rows: boolean; tableTop: number | null }[] = [];
    (window as unknown as { __states: typeof states }).__states = states;
    new MutationObserver(() => {
      const donuts = document.querySelector('[data-testid="summary-communication"]') !== null;
      const rows = document.querySelector('[data-testid="asset-row"]') !== null;
      const box = document.querySelector('[data-testid="assets-table-pending"], [data-testid="assets-table-scroll"]');
      states.push({ donuts, rows, tableTop: box ? Math.round(box.getBoundingClientRect().top + window.scrollY) : null });
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/assets');
  await expect(page.getByTestId('asset-row').first()).toBeVisible();
  const states = await page.evaluate(
    () => (window as unknown as { __states: { donuts: boolean; rows: boolean; tableTop: number | null }[] }).__states,
  );
  const beforeRows = states.filter((s) => s.donuts && !s.rows);
  expect(beforeRows.length).toBeGreaterThan(0);
  // The rows arrive where the placeholder was: nothing above the table moved.
  const firstWithRows = states.find((s) => s.rows);
  expect(firstWithRows?.tableTop).toBe(beforeRows.at(-1)?.tableTop);
});
