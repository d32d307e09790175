import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/sign-in';

// The script index.html runs before the shell (apps/web/src/early-start.ts): for a user still signed in, the settings
// and the first screen's data are asked for while the shell downloads, and the app takes those answers over instead
// of asking again. The shell is held back here, as a slow network would, to tell the two apart.

const SHELL_DELAY_MS = 1_500;
const API = /\/api\//;
const DEVICE_LIST = /\/api\/[^?]*powerdata\/device\?num_days=1$/;
const SCREEN_CODE = /^\/assets\/(assets-page|profile-page)-[^/]*\.js$/;

/** Holds the shell's script back and records, in order, the API requests and the moment the shell arrived. */
async function slowShell(page: Page): Promise<string[]> {
  const events: string[] = [];
  await page.route(/\/assets\/shell-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SHELL_DELAY_MS));
    events.push('shell');
    await route.continue();
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (API.test(url.pathname) || SCREEN_CODE.test(url.pathname)) events.push(url.pathname + url.search);
  });
  return events;
}

test("a stored sign-in asks for the settings, the assets list and the screen's code before the shell has arrived, once each", async ({
  page,
}) => {
  await signIn(page, DEMO.power, '/assets');
  await expect(page.getByTestId('asset-row').first()).toBeVisible();
  const events = await slowShell(page);
  await page.reload();
  await expect(page.getByTestId('asset-row').first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  const beforeShell = events.slice(0, events.indexOf('shell'));
  expect(beforeShell.filter((url) => DEVICE_LIST.test(url))).toHaveLength(1);
  expect(beforeShell.filter((url) => url.startsWith('/api/config/')).sort()).toEqual([
    '/api/config/sections',
    expect.stringMatching(/^\/api\/config\/settings\?time_zone=/),
    '/api/config/tenant/settings',
  ]);
  // The screen's code too, and its data taken over, not asked for again once the app ran.
  expect(beforeShell.filter((url) => SCREEN_CODE.test(url))).toHaveLength(1);
  expect(events.filter((url) => DEVICE_LIST.test(url))).toHaveLength(1);
  expect(events.filter((url) => url === '/api/config/tenant/settings')).toHaveLength(1);
  expect(events.filter((url) => url === '/api/config/sections')).toHaveLength(1);
});

test('a signed-out visitor sends nothing early and is sent to sign in', async ({ page }) => {
  const events = await slowShell(page);
  await page.goto('/assets');
  await expect(page.locator('input[name="email"]')).toBeVisible();
  expect(events[0]).toBe('shell');
});

test('a screen the early script does not know gets only the settings early, and shows', async ({ page }) => {
  await signIn(page, DEMO.power, '/profile');
  await expect(page.getByTestId('page-title')).toBeVisible();
  const events = await slowShell(page);
  await page.reload();
  await expect(page.getByTestId('page-title')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const beforeShell = events.slice(0, events.indexOf('shell'));
  expect(beforeShell).toHaveLength(3); // no screen code either
  expect(beforeShell.every((url) => url.startsWith('/api/config/'))).toBe(true);
});
