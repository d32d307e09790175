// Regenerates the README screenshots: start the portal (npm start), then `npx tsx scripts/readme-screenshots.ts`.
import { chromium } from '@playwright/test';

const baseUrl = process.env['GRIDLENS_URL'] ?? 'http://localhost:3000';
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
await page.goto(`${baseUrl}/profile`);
await page.locator('input[name="email"]').waitFor();
await page.screenshot({ path: 'docs/images/sign-in.png' });
await page.locator('input[name="email"]').fill('power@gridlens.demo');
await page.locator('input[name="password"]').fill('power-demo');
await page.locator('button[type="submit"]').click();
await page.getByTestId('profile-name').waitFor();
await page.waitForTimeout(1200); // let the feedback widget appear
await page.screenshot({ path: 'docs/images/profile.png' });
await page.getByTestId('theme-toggle').click();
await page.screenshot({ path: 'docs/images/profile-dark.png' });
await page.getByTestId('theme-toggle').click();
await browser.close();
