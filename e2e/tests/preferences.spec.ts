import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/sign-in';

const LANGUAGES = ['EN', 'GA', 'FR', 'ES', 'PL'] as const;
type Locale = { sections: { assets: string }; languages: Record<string, string> };
const locale = (code: string) =>
  JSON.parse(readFileSync(new URL(`../../packages/i18n/locales/${code.toLowerCase()}.json`, import.meta.url), 'utf8')) as Locale;

test('the language choice persists across reloads in all five languages', async ({ page }) => {
  await signIn(page, DEMO.power);
  await expect(page.getByTestId('page-title')).toHaveText('Assets');
  for (const code of [...LANGUAGES.slice(1), 'EN'] as const) {
    await page.getByRole('combobox', { name: /Language|Teanga|Langue|Idioma|Język/ }).click();
    await page.getByRole('option', { name: locale(code).languages[code] }).click();
    await page.waitForLoadState('load');
    await expect(page.getByTestId('page-title')).toHaveText(locale(code).sections.assets);
    await expect(page.locator('html')).toHaveAttribute('lang', code.toLowerCase());
    await page.reload();
    await expect(page.getByTestId('page-title')).toHaveText(locale(code).sections.assets);
  }
});

test('a stored language outside the five resets to English', async ({ page }) => {
  await signIn(page, DEMO.power);
  await expect(page.getByTestId('page-title')).toHaveText('Assets');
  await page.evaluate(() => window.localStorage.setItem('gridlens.language', 'DE'));
  await page.reload();
  await expect(page.getByTestId('page-title')).toHaveText('Assets');
  expect(await page.evaluate(() => window.localStorage.getItem('gridlens.language'))).toBe('EN');
});

test('the theme toggle sets the body attribute and persists', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, DEMO.power);
  await expect(page.locator('body')).toHaveAttribute('data-theme', 'light');
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('body')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-theme', 'dark');
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('body')).toHaveAttribute('data-theme', 'light');
});

test('without a stored theme the system preference decides', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, DEMO.power);
  await expect(page.locator('body')).toHaveAttribute('data-theme', 'dark');
});

test('the navigation collapses under 1600 px and expands at 1600 px', async ({ page }) => {
  await signIn(page, DEMO.power);
  const nav = page.getByTestId('side-navigation');
  await expect(nav).toHaveAttribute('data-expanded', 'true');
  await page.setViewportSize({ width: 1599, height: 900 });
  await expect(nav).toHaveAttribute('data-expanded', 'false');
  await expect(page.getByRole('link', { name: 'Assets' })).toBeVisible(); // icon entry keeps its accessible name
  await page.setViewportSize({ width: 1600, height: 900 });
  await expect(nav).toHaveAttribute('data-expanded', 'true');
});
