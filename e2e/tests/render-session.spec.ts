import { expect, test } from '@playwright/test';
import { API_PREFIX } from '@gridlens/contract/route';
import { accessToken } from '../support/api';
import { DEMO, signIn } from '../support/sign-in';

// The server's PDF renderer opens a report-style page with a short-lived ticket in the fragment, with nobody there to
// sign in. The API checks the ticket; the page only carries it. A signed-in user's own access token stands in for the
// ticket here, so that the API answers and the page draws its data.
test('a render session draws the report without signing in, in the fragment’s language, and leaves nothing behind', async ({ browser }) => {
  const signedIn = await browser.newContext({ timezoneId: 'UTC' });
  const userPage = await signedIn.newPage();
  await signIn(userPage, DEMO.fleet, '/report');
  await expect(userPage.getByTestId('report-management')).toBeVisible();
  const ticket = await accessToken(userPage);
  await signedIn.close();

  const rendering = await browser.newContext({ timezoneId: 'UTC' });
  const page = await rendering.newPage();
  const sent: { authorization: string | undefined; tenant: string | undefined }[] = [];
  await page.route(
    (url) => url.pathname.startsWith(API_PREFIX),
    async (route) => {
      const headers = route.request().headers();
      sent.push({ authorization: headers['authorization'], tenant: headers['tenant'] });
      await route.continue();
    },
  );
  await page.goto(`/report_kpi#render_ticket=${encodeURIComponent(ticket)}&tenant=fleetco&lang=FR`);

  // Drawn, in French, with no detour through the sign-in page.
  await expect(page.locator('[data-report-ready]')).toBeVisible();
  await expect(page.getByTestId('kpi-report-title')).toHaveText('Rapport KPI');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  // The ticket is gone from the address (and so from the history), and every API request carried it.
  expect(new URL(page.url()).pathname).toBe('/report_kpi');
  expect(page.url()).not.toContain('#');
  expect(page.url()).not.toContain(ticket);
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.filter((headers) => headers.authorization !== `Bearer ${ticket}` || headers.tenant !== 'fleetco')).toEqual([]);
  // Nothing of the session is stored: neither the language nor the theme, nor a user.
  expect(await page.evaluate(() => Object.keys(window.localStorage))).toEqual([]);
  await rendering.close();
});
