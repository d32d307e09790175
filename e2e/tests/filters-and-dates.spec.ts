import { expect, test, type Page } from '@playwright/test';
import { shownCount as shownCountOf } from '../support/assets-screen';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;

test.beforeAll(async ({ browser }) => {
  // The browser's own locale writes dates month first; the user's zone (Dublin) writes them day first (spec §9).
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 }, timezoneId: 'Europe/Dublin', locale: 'en-US' });
  page = await context.newPage();
  await signIn(page, DEMO.power, '/assets');
  await expect(page.getByTestId('assets-page')).toBeVisible();
});
test.afterAll(async () => {
  await page.context().close();
});

const shownCount = () => shownCountOf(page);

test('a number column’s filter refuses letters and says what it accepts', async () => {
  const filter = page.getByTestId('filter-capacity_percent');
  await filter.click();
  await page.keyboard.type('abc');
  await expect(filter).toHaveValue('');
  await expect(page.getByRole('alert').filter({ hasText: 'Numbers only' })).toContainText('>85');
  const { shown, total } = await shownCount();
  expect(shown).toBe(total);
  // An unfinished comparison filters nothing and says so, rather than showing no rows.
  await filter.fill('>');
  await expect(filter).toHaveAttribute('aria-invalid', 'true');
  expect((await shownCount()).shown).toBe(total);
  await filter.fill('>85');
  await expect(filter).toHaveAttribute('aria-invalid', 'false');
  await expect.poll(async () => (await shownCount()).shown).toBeLessThan(total);
  await filter.fill('');
});

test('the power report’s day picker writes the day as the report’s title does, and takes a typed day', async () => {
  const dayOf = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const shown = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
  await page.goto('/powercoil_report');
  await expect(page.getByTestId('report-title')).toHaveText(`Power report for ${shown(dayOf(0))}`);
  const picker = page.getByRole('group', { name: 'Day' });
  await expect(picker).toHaveText(new RegExp(shown(dayOf(0)).replaceAll('/', '\\s*/\\s*')));
  await picker.getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type(shown(dayOf(1)).replaceAll('/', ''));
  await expect(page).toHaveURL(new RegExp(`[?&]day=${dayOf(1)}`));
  await expect(page.getByTestId('report-title')).toHaveText(`Power report for ${shown(dayOf(1))}`);
});

test('the edit dialog’s installation date picker is written day first as well, and takes a typed day', async () => {
  await page.goto('/assets');
  const id = (await page.getByTestId('asset-row').first().getAttribute('data-device-id')) ?? '';
  await page.getByRole('button', { name: `Edit the details of ${id}` }).click();
  const picker = page.getByTestId('edit-installation_date');
  const sections = picker.getByRole('spinbutton');
  await expect(sections).toHaveCount(3);
  expect(await sections.evaluateAll((all) => all.map((s) => s.getAttribute('aria-label')))).toEqual(['Day', 'Month', 'Year']);
  await sections.first().click();
  await page.keyboard.type('25122025');
  await expect(picker).toContainText(/25\s*\/\s*12\s*\/\s*2025/);
  await page.getByRole('button', { name: 'Cancel' }).click();
});
