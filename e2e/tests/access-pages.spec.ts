import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/sign-in';

test('a public page names itself in the browser tab', async ({ page }) => {
  await page.goto('/checkcoverage');
  await expect(page).toHaveTitle('Device test · Gridlens');
});

test.describe('a tracking tenant opening power-data pages', () => {
  // One sign-in for the group: the sign-in rate limit counts every login of the demo user.
  test.describe.configure({ mode: 'serial' });

  test('gets the limited-access page on every section it lacks, snapshot routes included, titled as shown', async ({ page }) => {
    await signIn(page, DEMO.fleet, '/powercoil_report');
    await expect(page.getByTestId('limited-access')).toContainText('Limited access');
    await expect(page).toHaveTitle('Limited access · Gridlens');
    for (const path of ['/powercoil_report_snapshot', '/coverage_checker', '/asset_snapshot/NZ-0001']) {
      await page.goto(path);
      await expect(page.getByTestId('limited-access'), path).toContainText('Limited access');
      await expect(page, path).toHaveTitle('Limited access · Gridlens');
      await expect(page.getByTestId('power-report'), path).toHaveCount(0);
      await expect(page.getByTestId('coverage-page'), path).toHaveCount(0);
      await expect(page.getByTestId('asset-header'), path).toHaveCount(0);
    }
    // A section it has still opens, titled by the tenant's label for it.
    await page.goto('/devices');
    await expect(page.getByTestId('page-title')).toHaveText('Devices');
    await expect(page).toHaveTitle('Devices · Gridlens');
  });
});

test('a power-data snapshot page names itself in the browser tab', async ({ page }) => {
  await signIn(page, DEMO.power, '/powercoil_report_snapshot');
  await expect(page.getByTestId('power-report')).toBeVisible();
  await expect(page).toHaveTitle('Power report snapshot · Gridlens');
});

test('a user whose tenant is unknown is sent to /error once, with the first path to return to', async ({ page }) => {
  await signIn(page, DEMO.stranger, '/profile');
  await expect(page).toHaveURL(/\/error\?redirect=/);
  // The API's reason travels with the address, and the dialog says it in words.
  await expect(page.getByRole('dialog', { name: 'Limited access' })).toContainText('Your organisation is not set up in this portal yet');
  await expect(page).toHaveTitle('Error · Gridlens');
  // Every other request of the page answers 403 too; none of them may wrap the address again.
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/error\?redirect=%2Fprofile&reason=unknown_tenant$/);
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/error\?redirect=%2Fprofile&reason=unknown_tenant$/);
});

test('the installer’s limited-access dialog points to the device test, which opens', async ({ page }) => {
  await signIn(page, DEMO.installer);
  await expect(page).toHaveURL(/\/accessdenied$/);
  await expect(page).toHaveTitle('Access denied · Gridlens');
  const dialog = page.getByRole('dialog', { name: 'Limited access' });
  await dialog.getByRole('link', { name: 'Test a device' }).click();
  await expect(page).toHaveURL(/\/checkcoverage$/);
  await expect(page).toHaveTitle('Device test · Gridlens');
});

test('the tenant’s own tab label names its section in the navigation, the header and the browser tab', async ({ page }) => {
  // GridWest calls its power report "Daily grid report"; its other tabs keep the portal's (translated) names.
  await signIn(page, DEMO.gridwest, '/powercoil_report');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link')).toHaveText(['Assets', 'Daily grid report', 'Power alerts']);
  await expect(page.getByTestId('page-title')).toHaveText('Daily grid report');
  await expect(page).toHaveTitle('Daily grid report · Gridlens');
});
