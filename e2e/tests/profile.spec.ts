import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/sign-in';

test('profile changes to sections and default tab survive a reload and drive the landing page', async ({ page }) => {
  await signIn(page, DEMO.gridwest, '/profile');
  await expect(page.getByTestId('profile-name')).toHaveText(DEMO.gridwest.name);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  // GridWest's own name for its power report (its tenant tab label) reads the same here as in the navigation.
  await expect(nav.getByRole('link')).toHaveText(['Assets', 'Daily grid report', /^(\d+\+?)?Power alerts$/]);

  await page.getByRole('checkbox', { name: 'Daily grid report' }).uncheck();
  await page.getByRole('button', { name: 'Move Power alerts up' }).click();
  await page.getByRole('button', { name: 'Move Power alerts up' }).click();
  await page.getByTestId('profile-default-tab').locator('..').click();
  await page.getByRole('option', { name: 'Power alerts' }).click();
  await page.getByTestId('profile-save').click();
  await expect(page.getByText('Preferences saved')).toBeVisible();
  await expect(nav.getByRole('link')).toHaveText([/^(\d+\+?)?Power alerts$/, 'Assets']);

  await page.reload();
  await expect(nav.getByRole('link')).toHaveText([/^(\d+\+?)?Power alerts$/, 'Assets']);
  await expect(page.getByRole('checkbox', { name: 'Daily grid report' })).not.toBeChecked();

  await page.goto('/');
  await expect(page).toHaveURL(/\/powercoil_alerts$/);
  await expect(page.getByTestId('page-title')).toHaveText('Power alerts');
});

test('sections can be reordered with the keyboard on the drag handle', async ({ page }) => {
  await signIn(page, DEMO.power, '/profile');
  const rows = page.getByTestId('section-order').locator('li[data-section]');
  await expect(rows.first()).toHaveAttribute('data-section', 'assets');
  // dnd-kit announces each step in a live region; waiting for it keeps the key presses in step with the drag.
  const announcement = page.locator('[id^="DndLiveRegion"]');
  await page.getByRole('button', { name: 'Reorder Assets' }).focus();
  await page.keyboard.press('Space');
  await expect(announcement).toHaveText(/Picked up Assets\.|Assets moved to position 1 of 6\./);
  // Under load, the first arrow can arrive before dnd-kit has measured the list: it then "moves" Assets onto
  // itself (position 1). Press again only in that case, so a slow but real move is never pressed twice.
  await expect(async () => {
    const text = await announcement.textContent();
    if (text === 'Assets moved to position 2 of 6.') return;
    if (text === 'Picked up Assets.' || text === 'Assets moved to position 1 of 6.') await page.keyboard.press('ArrowDown');
    await expect(announcement).toHaveText('Assets moved to position 2 of 6.', { timeout: 3_000 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press('Space');
  await expect(announcement).toHaveText('Assets dropped at position 2 of 6.');
  await expect(rows.nth(0)).toHaveAttribute('data-section', 'powercoil_analytics');
  await expect(rows.nth(1)).toHaveAttribute('data-section', 'assets');
});

test('the feedback widget appears after start and sends a message', async ({ page }) => {
  await signIn(page, DEMO.power);
  await page.getByTestId('feedback-button').click();
  await page.getByRole('textbox', { name: 'Your message' }).fill('The new navigation is clear.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
});

test('a section the tenant does not have shows the limited-access notice', async ({ page }) => {
  await signIn(page, DEMO.power, '/devices');
  await expect(page.getByTestId('limited-access')).toContainText('Limited access');
});
