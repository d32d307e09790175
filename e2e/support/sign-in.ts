import { expect, type Page } from '@playwright/test';

export const DEMO = {
  power: { email: 'power@gridlens.demo', password: 'power-demo', name: 'Aoife Byrne' },
  /** NetZero's administrator (role Admin). */
  admin: { email: 'admin@gridlens.demo', password: 'admin-demo', name: 'Niamh Kelly' },
  fleet: { email: 'fleet@gridlens.demo', password: 'fleet-demo', name: 'Marek Nowak' },
  gridwest: { email: 'gridwest@gridlens.demo', password: 'gridwest-demo', name: 'Claire Dubois' },
  installer: { email: 'installer@gridlens.demo', password: 'installer-demo', name: 'Seán Murphy' },
  stranger: { email: 'stranger@gridlens.demo', password: 'stranger-demo', name: 'Lucía García' },
} as const;
export type DemoAccount = (typeof DEMO)[keyof typeof DEMO];

/** Opens `path`, which sends a signed-out visitor to the embedded provider's login page, and signs in there. */
export async function signIn(page: Page, account: DemoAccount, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('input[name="email"]')).toBeVisible();
  await page.locator('input[name="email"]').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.locator('button[type="submit"]').click();
}
