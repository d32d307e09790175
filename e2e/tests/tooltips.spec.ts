import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/sign-in';

// The header's and the navigation's tooltips load their code on first use (lib/ui/deferred-tooltip.tsx), not with
// the shell: they still show on the first hover, and keyboard focus stays where it was.

test('the theme toggle shows its tooltip on the first hover', async ({ page }) => {
  await signIn(page, DEMO.power, '/assets');
  await expect(page.getByTestId('asset-row').first()).toBeVisible();
  await page.getByTestId('theme-toggle').hover();
  await expect(page.getByRole('tooltip')).toHaveText(/Switch to the (dark|light) theme/);
  await page.mouse.move(800, 600);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
});

test('a collapsed navigation entry reached by keyboard keeps the focus and shows its name', async ({ page }) => {
  await signIn(page, DEMO.power, '/assets');
  await expect(page.getByTestId('asset-row').first()).toBeVisible();
  const navigation = page.getByTestId('side-navigation');
  if ((await navigation.getAttribute('data-expanded')) === 'true')
    await page.getByRole('button', { name: 'Show or hide the navigation' }).click();
  await expect(navigation).toHaveAttribute('data-expanded', 'false');
  const entry = navigation.getByRole('link').first();
  const name = (await entry.getAttribute('aria-label')) ?? '';
  expect(name).not.toBe('');
  await entry.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tooltip')).toHaveText(name);
  await expect(entry).toBeFocused();
});
