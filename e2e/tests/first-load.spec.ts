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

test('a tracking tenant opening /assets from a stored sign-in gets the limited-access notice, not the error page', async ({ page }) => {
  await signIn(page, DEMO.fleet, '/');
  await expect(page.getByTestId('page-title')).toBeVisible();
  await page.goto('/assets');
  await expect(page.getByTestId('limited-access')).toContainText('Limited access');
  await page.waitForLoadState('networkidle');
  expect(new URL(page.url()).pathname).toBe('/assets');
  await expect(page.getByRole('alert').filter({ hasText: /^Error$/ })).toHaveCount(0);
});
