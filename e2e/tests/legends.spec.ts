import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/sign-in';

// One signed-in page for the whole file: the sign-in rate limit counts every login of the demo user.
test.describe.configure({ mode: 'serial' });
let page: Page;

const LANGUAGES = ['FR', 'GA', 'ES', 'PL', 'EN'] as const;
type Catalogue = { assets: { values: { communication_state: { no_communication_24h: string } } } };
const catalogue = (code: string) =>
  JSON.parse(readFileSync(new URL(`../../packages/i18n/locales/${code.toLowerCase()}.json`, import.meta.url), 'utf8')) as Catalogue;
/** The widths of a wide screen and of a phone: the donut's legend is narrowest on the second. */
const WIDTHS = [1600, 390];

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ viewport: { width: 1600, height: 900 } })).newPage();
  await signIn(page, DEMO.power, '/assets');
  await expect(page.getByTestId('assets-page')).toBeVisible();
});
test.afterAll(async () => {
  await page.context().close();
});

/**
 * Resizes the window and waits for the navigation to follow (it acts on a resize after 500 ms of quiet); on a
 * phone it is a drawer, closed until the menu toggle opens it.
 */
async function useWidth(width: number) {
  await page.setViewportSize({ width, height: 900 });
  if (width < 600) await expect(page.getByRole('navigation')).toBeHidden();
  else await expect(page.getByTestId('side-navigation')).toHaveAttribute('data-expanded', String(width >= 1600));
}

async function useLanguage(code: string, path: string) {
  await page.evaluate((language) => window.localStorage.setItem('gridlens.language', language), code);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', code.toLowerCase());
}

/**
 * Labels that do not show in full: cut off inside their own box (an ellipsis, or hidden overflow) or running
 * out of the panel that holds them.
 */
const cutOff = (labels: Locator, panel: string) =>
  labels.evaluateAll(
    (elements, panelSelector) =>
      elements
        .filter((label) => {
          const box = label.getBoundingClientRect();
          const holder = label.closest(panelSelector)?.getBoundingClientRect();
          return label.scrollWidth > label.clientWidth || !holder || box.left < holder.left || box.right > holder.right;
        })
        .map((label) => label.textContent),
    panel,
  );

test('the assets donuts’ legends show every label in full, in every language, on a wide screen and a phone', async () => {
  for (const code of LANGUAGES) {
    await useLanguage(code, '/assets');
    await expect(page.getByTestId('summary-communication')).toContainText(
      catalogue(code).assets.values.communication_state.no_communication_24h,
    );
    for (const width of WIDTHS) {
      await useWidth(width);
      const labels = page.getByTestId('donut-label');
      expect(await labels.count()).toBeGreaterThan(15);
      expect(await cutOff(labels, '[role="group"]'), `${code} at ${width} px`).toEqual([]);
    }
    await useWidth(1600);
  }
});

test('the analytics flags chart’s legend shows every label in full, in every language, on a wide screen and a phone', async () => {
  for (const code of LANGUAGES) {
    await useLanguage(code, '/powercoil_analytics');
    for (const width of WIDTHS) {
      await useWidth(width);
      const labels = page.getByTestId('chart-issues').locator('.u-legend .u-label');
      await expect(labels.first()).toBeVisible();
      expect(await cutOff(labels, 'section'), `${code} at ${width} px`).toEqual([]);
    }
    await useWidth(1600);
  }
  await useLanguage('EN', '/assets');
});
