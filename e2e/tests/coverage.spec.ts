import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { coverageApi } from '@gridlens/contract/coverage';
import type { Answer } from '@gridlens/contract/endpoint';
import { urlOf } from '@gridlens/contract/route';
import { coverageRoutes } from '@gridlens/contract/routes/coverage';
import { expectNoSeriousViolations } from '../support/axe';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;

const LEVELS = ['not_heard', 'bad', 'average', 'good'] as const;
const countOf = async (level: (typeof LEVELS)[number]) =>
  Number(/(\d[\d,]*)$/.exec((await page.getByTestId(`level-count-${level}`).textContent()) ?? '')?.[1]?.replaceAll(',', ''));
const shownTotal = async () =>
  Number(/(\d[\d,]*)$/.exec((await page.locator('#coverage-table-title').textContent()) ?? '')?.[1]?.replaceAll(',', ''));

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 }, timezoneId: 'UTC' });
  page = await context.newPage();
  await signIn(page, DEMO.power, '/assets');
  await expect(page.getByTestId('coverage-link')).toBeVisible();
});
test.afterAll(async () => {
  await page.context().close();
});

test('the assets screen opens the device coverage check, which shows every device without header and navigation', async () => {
  await page.getByTestId('coverage-link').click();
  await expect(page).toHaveURL(/\/coverage_checker$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Device coverage' })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByTestId('coverage-table')).toBeVisible();
  const counts = await Promise.all(LEVELS.map(countOf));
  // The demo has devices that miss messages on a weak link, and most on a strong one.
  expect(counts[1]).toBeGreaterThan(0);
  expect(counts[3]).toBeGreaterThan(counts[1] ?? 0);
  expect(counts.reduce((sum, n) => sum + n, 0)).toBe(await shownTotal());
  // Worst first: the first row is never better than the last of the first page.
  const levels = await page.getByTestId('coverage-table').locator('tbody tr td:nth-child(3)').allTextContents();
  const rank = (text: string) => ['Not heard', 'Bad', 'Average', 'Good'].indexOf(text.trim());
  expect(levels.map(rank)).toEqual([...levels.map(rank)].sort((a, b) => a - b));
});

test('a level count filters the table and goes into the URL; the CSV holds the rows shown', async () => {
  const bad = await countOf('bad');
  await page.getByTestId('level-count-bad').click();
  await expect(page).toHaveURL(/[?&]level=bad/);
  await expect(page.locator('#coverage-table-title')).toContainText(String(bad));
  const levels = await page.getByTestId('coverage-table').locator('tbody tr td:nth-child(3)').allTextContents();
  expect(new Set(levels.map((text) => text.trim()))).toEqual(new Set(['Bad']));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('coverage-csv').click()]);
  const lines = readFileSync((await download.path()) ?? '', 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toContain('Mean LQI');
  expect(lines).toHaveLength(bad + 1);
  expect(lines.slice(1).every((line) => line.split(',')[2] === 'Bad')).toBe(true);
  await page.getByTestId('level-count-bad').click();
  await expect(page).not.toHaveURL(/level=/);
});

test('the week window asks the server for seven days, goes into the URL and still lists every device', async () => {
  const total = (await Promise.all(LEVELS.map(countOf))).reduce((sum, n) => sum + n, 0);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(urlOf(coverageRoutes.coverage, {}, { days: 7 })) && r.status() === 200),
    page.getByTestId('window-7').click(),
  ]);
  const body = (await response.json()) as Answer<typeof coverageApi.coverage>;
  expect(body.days).toBe(7);
  await expect(page).toHaveURL(/[?&]days=7/);
  await expect(page.getByTestId('window-7')).toHaveAttribute('aria-pressed', 'true');
  expect(body.devices).toHaveLength(total);
  await expect(page.locator('#coverage-table-title')).toHaveText(new RegExp(`${total.toLocaleString('en')}$`));
});

test('checking a site names bad input, then gives a verdict from the devices around it', async () => {
  await page.getByTestId('site-check').click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await page.getByTestId('site-latitude').fill('95');
  await page.getByTestId('site-longitude').fill('-7.94');
  await page.getByTestId('site-check').click();
  await expect(page.getByText('Latitude must be between -90 and 90')).toBeVisible();
  await expect(page.getByTestId('site-result')).toHaveCount(0);
  // The centre of Ireland with a 25 km radius: the demo fleet always has devices there.
  await page.getByTestId('site-latitude').fill('53.4239');
  await page.getByTestId('site-radius').fill('25');
  await page.getByTestId('site-check').click();
  const result = page.getByTestId('site-result');
  await expect(result).toBeVisible();
  await expect(result.locator('[data-verdict]')).toHaveAttribute('data-verdict', /^(good|average|bad)$/);
  await expect(result.locator('li').first()).toContainText('km away');
});

test('a click on the map checks the site there', async () => {
  const map = page.getByTestId('coverage-map');
  await map.scrollIntoViewIfNeeded();
  const before = await page.getByTestId('site-latitude').inputValue();
  const box = await map.boundingBox();
  await page.mouse.click((box?.x ?? 0) + (box?.width ?? 0) * 0.3, (box?.y ?? 0) + (box?.height ?? 0) * 0.7);
  await expect(page.getByTestId('site-latitude')).not.toHaveValue(before);
  await expect(page.getByTestId('site-result')).toBeVisible();
});

test('the coverage check has no serious or critical accessibility violations, in light and dark', async () => {
  await expectNoSeriousViolations(page, 'light');
  await page.evaluate("localStorage.setItem('gridlens.theme', 'dark')");
  await page.reload();
  await expect(page.getByTestId('coverage-table')).toBeVisible();
  await expect(page.locator('body')).toHaveAttribute('data-theme', 'dark');
  await expectNoSeriousViolations(page, 'dark');
});

test.describe('the device test (/checkcoverage)', () => {
  let installer: Page;
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 412, height: 915 }, timezoneId: 'UTC' }); // a phone on site
    installer = await context.newPage();
  });
  test.afterAll(async () => {
    await installer.context().close();
  });

  test('asks a signed-out visitor to sign in instead of redirecting, then lets an Installer-only user test a device', async () => {
    await installer.goto('/checkcoverage?device=NZ-0001');
    await expect(installer.getByRole('heading', { level: 1, name: 'Device test' })).toBeVisible();
    await expect(installer).toHaveURL(/\/checkcoverage/);
    await installer.getByTestId('device-test-sign-in').click();
    await expect(installer.locator('input[name="email"]')).toBeVisible();
    await installer.locator('input[name="email"]').fill(DEMO.installer.email);
    await installer.locator('input[name="password"]').fill(DEMO.installer.password);
    await installer.locator('button[type="submit"]').click();
    // Back on the device test, not on /accessdenied, and the device from the link is tested.
    await expect(installer).toHaveURL(/\/checkcoverage\?device=NZ-0001$/);
    const result = installer.getByTestId('device-test-result');
    await expect(result).toBeVisible();
    await expect(result).toContainText('NZ-0001');
    await expect(installer.getByTestId('check-heard')).toHaveAttribute('data-outcome', /^(pass|warn)$/);
    await expect(installer.getByTestId('check-phase1')).toHaveAttribute('data-outcome', 'pass');
    await expect(installer.getByTestId('device-test-messages').locator('tbody tr').first()).toBeVisible();
  });

  test('says so for an id the organisation does not have, and names an empty id', async () => {
    await installer.getByTestId('device-test-id').fill('');
    await installer.getByTestId('device-test-run').click();
    await expect(installer.getByText('This field is required')).toBeVisible();
    await installer.getByTestId('device-test-id').fill('GW-0001');
    await installer.getByTestId('device-test-run').click();
    await expect(installer).toHaveURL(/device=GW-0001/);
    await expect(installer.getByTestId('device-test-not-found')).toContainText('GW-0001');
    await expect(installer.getByTestId('device-test-result')).toHaveCount(0);
  });

  test('has no serious or critical accessibility violations', async () => {
    await installer.getByTestId('device-test-id').fill('NZ-0002');
    await installer.getByTestId('device-test-run').click();
    await expect(installer.getByTestId('device-test-result')).toBeVisible();
    await expectNoSeriousViolations(installer, 'device test');
  });
});
