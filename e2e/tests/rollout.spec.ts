import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Answer } from '@gridlens/contract/endpoint';
import type { rolloutApi } from '@gridlens/contract/rollout';
import { rolloutRoutes } from '@gridlens/contract/routes/rollout';
import { apiCall } from '../support/api';
import { DEMO, signIn, type DemoAccount } from '../support/sign-in';

/**
 * The rollout dashboard (/rollout, issue 30) on NetZero's demo rollout: its figures in two languages and both themes,
 * the planner groups edited by an administrator, an import refused row by row, and the silent queue's way to a
 * device's asset page.
 */

type Locale = { sections: { rollout: string }; rollout: { totals: Record<string, string>; groups: { title: string } } };
const locale = (code: string) =>
  JSON.parse(readFileSync(new URL(`../../packages/i18n/locales/${code}.json`, import.meta.url), 'utf8')) as Locale;
const TOTALS = ['sites', 'devices', 'installed', 'active', 'aborted', 'silent'] as const;

/** The number a total's card shows, read as English or Irish group digits (1,234 or 1 234). */
async function totalOf(page: Page, id: (typeof TOTALS)[number]): Promise<number> {
  const text = (await page.getByTestId(`total-${id}-value`).textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

async function openDashboard(page: Page, account: DemoAccount = DEMO.power) {
  await signIn(page, account, '/rollout');
  await expect(page.getByTestId('page-title')).toHaveText('Rollout dashboard');
  await expect(page.getByTestId('rollout-page')).toBeVisible();
}

test('the dashboard shows the rollout’s totals, its burn-up and a planner group behind plan, in English and Irish', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openDashboard(page);
  for (const id of TOTALS) await expect(page.getByTestId(`total-${id}`)).toContainText(locale('en').rollout.totals[id] ?? id);
  expect(await totalOf(page, 'sites')).toBeGreaterThan(0);
  expect(await totalOf(page, 'devices')).toBeGreaterThan(0);
  expect(await totalOf(page, 'installed')).toBeGreaterThan(0);
  // The burn-up drew its weeks, and the week under way is marked.
  await expect(page.getByTestId('chart-burn-up')).toHaveAttribute('data-drawn-points', /^[1-9]\d*$/);
  await expect(page.getByTestId('chart-burn-up-partial')).toBeVisible();
  // At least one planner group is behind plan, said in words beside its colour.
  const behind = page.getByTestId('planner-groups').getByTestId('plan-state-behind').first();
  await expect(behind).toBeVisible();
  await expect(behind).toHaveText(/^Behind plan by \d+$/);

  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Gaeilge' }).click();
  const ga = locale('ga');
  await expect(page.getByTestId('page-title')).toHaveText(ga.sections.rollout);
  await expect(page.getByTestId('total-sites')).toContainText(ga.rollout.totals['sites'] ?? '');
  await expect(page.getByRole('heading', { name: ga.rollout.groups.title })).toBeVisible();
  await expect(page.getByTestId('planner-groups').getByTestId('plan-state-behind').first()).toHaveText(/^Taobh thiar den phlean faoi \d+$/);
  expect(await totalOf(page, 'sites')).toBeGreaterThan(0);
  // Back to English for the tests after this one (the language is the user's stored setting).
  await page.getByRole('combobox', { name: 'Teanga' }).click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(page.getByTestId('page-title')).toHaveText('Rollout dashboard');
});

test('the dashboard reads in the dark theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openDashboard(page);
  await expect(page.locator('body')).toHaveAttribute('data-theme', 'dark');
  expect(await totalOf(page, 'sites')).toBeGreaterThan(0);
  await expect(page.getByTestId('chart-burn-up')).toHaveAttribute('data-drawn-points', /^[1-9]\d*$/);
  // The cards are drawn on the dark theme's paper, not the light one's.
  const background = await page.getByTestId('total-sites').evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(background).not.toBe('rgb(255, 255, 255)');
});

test('the installed-but-silent queue lists the oldest first and each device opens its asset page', async ({ page }) => {
  await openDashboard(page);
  const silent = (await (await apiCall(page, 'netzero', rolloutRoutes.silent)).json()) as Answer<typeof rolloutApi.silent>;
  expect(silent.length).toBeGreaterThan(0);
  const since = silent.map((device) => Date.parse(device.silent_since));
  expect(since).toEqual([...since].sort((a, b) => a - b));
  const first = silent[0]!;
  const rows = page.getByTestId('silent-queue').locator('tbody tr');
  await expect(rows.first()).toContainText(first.device_id);
  // A fitted monitor never heard from shows the installer's failed test beside it.
  const unheard = silent.find((device) => device.device_status === 'Installed' && device.last_test !== null);
  expect(unheard?.last_test?.passed).toBe(false);
  await expect(rows.filter({ hasText: unheard!.device_id })).toContainText('Failed');
  await page.getByTestId(`silent-link-${first.device_id}`).click();
  await expect(page).toHaveURL(new RegExp(`/asset/${encodeURIComponent(first.device_id)}$`));
  await expect(page.getByTestId('page-title')).not.toHaveText('Rollout dashboard');
});

test('an operator reads the planner groups but cannot change them', async ({ page }) => {
  await openDashboard(page);
  await expect(page.getByTestId('planner-groups').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('add-group')).toHaveCount(0);
  await expect(page.getByTestId('import-plan-sites')).toHaveCount(0);
  await expect(page.getByTestId('export-plan-sites')).toBeVisible();
});

/** A CSV line's fields (quoted fields may hold commas and doubled quotes). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}
const csvLine = (fields: readonly string[]) =>
  fields.map((field) => (/[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field)).join(',');

test('an administrator’s import with one refused row reports that row and stores nothing', async ({ page }) => {
  await openDashboard(page, DEMO.admin);
  const exported = await apiCall(page, 'netzero', rolloutRoutes.exportPlan, { params: { kind: 'sites', format: 'csv' } });
  expect(exported.status()).toBe(200);
  const lines = (await exported.text())
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter(Boolean);
  // The export's header names the import's columns; each new site fills them by name, the others left empty.
  const header = csvFields(lines[0] ?? '');
  expect(header).toEqual(expect.arrayContaining(['site_id', 'name', 'latitude', 'longitude']));
  const site = (values: Record<string, string>) => csvLine(header.map((column) => values[column] ?? ''));
  // Row 2 is a good new site, row 3 one with a latitude off the globe.
  const file = [
    csvLine(header),
    site({ site_id: 'E2E-IMPORT-GOOD', name: 'E2E good site', latitude: '53.35', longitude: '-6.26' }),
    site({ site_id: 'E2E-IMPORT-BAD', name: 'E2E bad site', latitude: '123.4', longitude: '-6.26' }),
  ].join('\r\n');
  const sitesBefore = ((await (await apiCall(page, 'netzero', rolloutRoutes.sites)).json()) as Answer<typeof rolloutApi.sites>).length;

  await page.getByTestId('import-plan-sites').click();
  await page.getByTestId('import-file').setInputFiles({ name: 'sites.csv', mimeType: 'text/csv', buffer: Buffer.from(file, 'utf8') });
  await expect(page.getByTestId('import-file-name')).toHaveText('sites.csv');
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-refused')).toContainText('Nothing was stored');
  const refused = page.getByTestId('import-refused-rows').locator('tbody tr');
  await expect(refused).toHaveCount(1);
  await expect(refused.first()).toContainText('3');
  await expect(refused.first()).toContainText('latitude');
  // The reason in the screen's words, with the range it names.
  await expect(refused.first()).toContainText('Value should be between -90 and 90');
  await expect(page.getByTestId('import-stored')).toHaveCount(0);

  const sitesAfter = (await (await apiCall(page, 'netzero', rolloutRoutes.sites)).json()) as Answer<typeof rolloutApi.sites>;
  expect(sitesAfter).toHaveLength(sitesBefore);
  expect(sitesAfter.some((site) => site.site_id === 'E2E-IMPORT-GOOD')).toBe(false);
});

test('an administrator adds a planner group and edits it: a bad target is refused on its field, a good one is saved', async ({ page }) => {
  await openDashboard(page, DEMO.admin);
  await page.getByTestId('add-group').click();
  const added = page.getByRole('dialog', { name: 'New planner group' });
  await added.getByTestId('group-name').fill('E2E crew');
  await added.getByTestId('group-weekly_target').fill('4');
  await added.getByTestId('save-group').click();
  await expect(added).toBeHidden();
  const groups = (await (await apiCall(page, 'netzero', rolloutRoutes.groups)).json()) as Answer<typeof rolloutApi.groups>;
  const group = groups.find((row) => row.name === 'E2E crew');
  expect(group).toMatchObject({ weekly_target: 4, region: null });

  await page.getByTestId('edit-group-E2E crew').click();
  const dialog = page.getByRole('dialog', { name: 'Edit the planner group' });
  await expect(dialog.getByTestId('group-name')).toHaveValue('E2E crew');
  await dialog.getByTestId('group-weekly_target').fill('-1');
  await dialog.getByTestId('save-group').click();
  await expect(dialog.getByText('Value should be at least 0')).toBeVisible();
  await dialog.getByTestId('group-weekly_target').fill('7');
  await dialog.getByTestId('group-region').fill('E2E region');
  await dialog.getByTestId('save-group').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Planner group saved')).toBeVisible();
  await expect(page.getByTestId(`planner-groups-row-${group?.group_id}`)).toContainText('E2E region');

  const saved = (await (await apiCall(page, 'netzero', rolloutRoutes.groups)).json()) as Answer<typeof rolloutApi.groups>;
  expect(saved.find((row) => row.group_id === group?.group_id)).toMatchObject({ region: 'E2E region', weekly_target: 7 });
});

test('the installer marks a monitor as fitted on the device test, and sees it recorded', async ({ browser }) => {
  const context = await browser.newContext();
  const installer = await context.newPage();
  await installer.goto('/checkcoverage?device=NZ-0001');
  await installer.getByTestId('device-test-sign-in').click();
  await installer.locator('input[name="email"]').fill(DEMO.installer.email);
  await installer.locator('input[name="password"]').fill(DEMO.installer.password);
  await installer.locator('button[type="submit"]').click();
  await expect(installer).toHaveURL(/\/checkcoverage\?device=NZ-0001$/);
  await expect(installer.getByTestId('device-test-result')).toBeVisible();
  await expect(installer.getByTestId('device-test-recorded')).toHaveCount(0);
  await installer.getByTestId('device-test-mark-fitted').click();
  await expect(installer.getByTestId('device-test-recorded')).toContainText(/^Recorded as fitted at \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\./);
  await context.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  test('the dashboard fits the screen’s width, and its names, headings and contrast pass the audit', async ({ page }) => {
    await signIn(page, DEMO.power, '/rollout');
    await expect(page.getByTestId('rollout-page')).toBeVisible();
    await expect(page.getByTestId('planner-groups').locator('tbody tr').first()).toBeVisible();
    await expect(page.getByTestId('silent-queue').locator('tbody tr').first()).toBeVisible();
    // Wide tables scroll inside their own box; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
    const results = await new AxeBuilder({ page })
      .options({
        runOnly: { type: 'rule', values: ['label-content-name-mismatch', 'color-contrast', 'heading-order', 'button-name', 'link-name'] },
      })
      .analyze();
    expect(results.violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`))).toEqual([]);
  });
});
