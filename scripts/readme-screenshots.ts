// Regenerates the screenshots of the README and docs: start the portal (npm start, without MAP_TILE_URL so that
// the map draws its own basemap), then `npx tsx scripts/readme-screenshots.ts`.
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

// The assets map with no tile server: the clusters over the Natural Earth basemap (docs/architecture.md).
await page.goto(`${baseUrl}/assets`);
const mapSection = page.locator('section[aria-labelledby="assets-map-title"]');
await mapSection.scrollIntoViewIfNeeded();
await mapSection.locator('.map-cluster').first().waitFor();
await mapSection.locator('.leaflet-basemap-pane canvas').waitFor();
await page.waitForTimeout(1500); // the clusters arrive in slices, and the zoom to the fleet animates
await page.getByTestId('feedback-button').evaluate((button) => (button.style.visibility = 'hidden')); // it floats over the map
await mapSection.screenshot({ path: 'docs/images/assets-map.png' });
await browser.close();
