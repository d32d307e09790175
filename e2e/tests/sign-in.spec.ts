import { expect, test } from '@playwright/test';
import { pathOf } from '@gridlens/contract/route';
import { configRoutes } from '@gridlens/contract/routes/config';
import { DEMO, signIn } from '../support/sign-in';

test('the power-data operator lands on the default section of the tenant with its title', async ({ page }) => {
  await signIn(page, DEMO.power);
  await expect(page).toHaveURL(/\/assets$/);
  await expect(page.getByTestId('page-title')).toHaveText('Assets');
  await expect(page).toHaveTitle('Assets · Gridlens');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link')).toHaveText([
    'Assets',
    'Analytics',
    'Power report',
    /^(\d+\+?)?Power alerts$/,
    'EV modelling',
    'Rollout dashboard',
  ]);
});

test('the fleet operator lands on a tracking section', async ({ page }) => {
  await signIn(page, DEMO.fleet);
  await expect(page).toHaveURL(/\/devices$/);
  await expect(page.getByTestId('page-title')).toHaveText('Devices');
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Fleet report' })).toBeVisible();
});

test('an installer-only user lands on /accessdenied with the limited-access dialog', async ({ page }) => {
  await signIn(page, DEMO.installer);
  await expect(page).toHaveURL(/\/accessdenied$/);
  await expect(page.getByRole('dialog', { name: 'Limited access' })).toContainText('contact your provider');
});

test('sign-in returns to the deep link the user first asked for', async ({ page }) => {
  await signIn(page, DEMO.power, '/profile?tab=sections');
  await expect(page).toHaveURL(/\/profile\?tab=sections$/);
  await expect(page.getByTestId('profile-name')).toHaveText(DEMO.power.name);
});

test('a 403 from the API replaces the page with /error and the full path to return to', async ({ page }) => {
  // The stranger's tenant is not set up in the portal, so the API answers 403 to its first call.
  await signIn(page, DEMO.stranger, '/assets?filter=x');
  await expect(page).toHaveURL(/\/error\?redirect=%2Fassets%3Ffilter%3Dx&reason=unknown_tenant$/);
  await expect(page.getByRole('dialog', { name: 'Limited access' })).toBeVisible();
});

test('an API that refuses the token for a set-up fault has the user told in words, and whom to ask', async ({ page }) => {
  // As when the identity provider issues tokens for another audience: every API call is refused with the reason.
  const description = "The access token's audience is account, not urn:gridlens:api (OIDC_AUDIENCE)";
  // The shell's first calls (the user's settings and the tenant's), refused as the API would.
  const shellCalls = new Set([configRoutes.tenantSettings, configRoutes.userSettings, configRoutes.sections].map((r) => pathOf(r)));
  await page.route(
    (url) => shellCalls.has(url.pathname),
    (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        headers: {
          'www-authenticate': `Bearer realm="gridlens", error="invalid_token", error_description="${description}", reason="audience"`,
        },
        body: JSON.stringify({ error: 'unauthorized', message: description }),
      }),
  );
  await signIn(page, DEMO.power);
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'Sign-in is set up wrongly for this portal' })).toBeVisible();
  await expect(alert).toContainText("ask your administrator to check the portal's sign-in settings");
  await expect(alert).toContainText(`For your administrator: ${description}`);
  await expect(page.getByText('Check your connection')).toHaveCount(0);
  await expect(alert.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('a wrong password keeps the user on the login page with a message', async ({ page }) => {
  await page.goto('/');
  await page.locator('input[name="email"]').fill(DEMO.power.email);
  await page.locator('input[name="password"]').fill('wrong');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByRole('alert')).toHaveText('The email or password is not correct.');
});

test('a sign-in error from the provider shows in a dismissible red alert', async ({ page }) => {
  await signIn(page, DEMO.power);
  await expect(page).toHaveURL(/\/assets$/);
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/?error=access_denied&error_description=denied&state=unknown-state');
  const alert = page.getByRole('alert').filter({ hasText: 'Sign-in failed' });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toHaveCount(0);
});

test('the sign-in page speaks the language the portal asks for, from the catalogue the web app reads', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('input[name="email"]')).toBeVisible();
  await page.evaluate(() => window.localStorage.setItem('gridlens.language', 'FR'));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion à Gridlens');
  // Another account than the other tests' own, so that this failed attempt leaves their sign-in budget alone.
  await page.locator('input[name="email"]').fill(DEMO.gridwest.email);
  await page.locator('input[name="password"]').fill('wrong');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByRole('alert')).toHaveText('L’e-mail ou le mot de passe est incorrect.');
});
