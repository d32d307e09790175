import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/sign-in';

// A phone (Lighthouse's mobile screen): what the accessibility audit found there, and the policy the page runs under.
test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

/** The rules behind the findings: names that hide the visible text, contrast, heading order and list structure. */
const RULES = ['label-content-name-mismatch', 'color-contrast', 'heading-order', 'list', 'listitem', 'button-name', 'link-name'];

async function findings(page: Page, where: string): Promise<string[]> {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const results = await new AxeBuilder({ page })
    .options({ runOnly: { type: 'rule', values: RULES }, rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} ${n.target.join(' ')}`));
}

test('the assets screen on a phone: every name holds its visible text, headings in order, lists hold items, text contrasts', async ({
  page,
}) => {
  await signIn(page, DEMO.power, '/assets');
  await expect(page.getByTestId('asset-row').first()).toBeVisible();
  await page.getByRole('button', { name: /show or hide the navigation/i }).click();
  await expect(page.getByRole('navigation').getByRole('link').first()).toBeVisible();
  expect(await findings(page, '/assets')).toEqual([]);
});

test('the landing and profile screens on a phone pass the same rules', async ({ page }) => {
  await signIn(page, DEMO.power, '/');
  await expect(page.getByTestId('page-title')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await findings(page, '/')).toEqual([]);
  await page.goto('/profile');
  await page.waitForLoadState('networkidle');
  expect(await findings(page, '/profile')).toEqual([]);
});

test('the header search box is wide enough to type in on a phone', async ({ page }) => {
  await signIn(page, DEMO.power, '/assets');
  await page.getByRole('button', { name: /open the search/i }).click();
  const search = page.getByRole('searchbox', { name: /search/i });
  await expect(search).toBeVisible();
  const box = await search.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(120);
});

test('no script is refused by the Content-Security-Policy while the app loads (no eval probe)', async ({ page }) => {
  await page.addInitScript(() => {
    const refused: string[] = [];
    (window as unknown as { __refused: string[] }).__refused = refused;
    document.addEventListener('securitypolicyviolation', (event) => refused.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  await signIn(page, DEMO.power, '/assets');
  await expect(page.getByTestId('asset-row').first()).toBeVisible();
  // The feedback widget, whose form checks its text with the contract's schema, arrives a second after start.
  await expect(page.getByTestId('feedback-button')).toBeVisible();
  await page.getByTestId('asset-row').first().getByRole('link').first().click();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { __refused: string[] }).__refused)).toEqual([]);
});

// Issue 27: field crews and installers on a phone (390 × 844). Every main screen fits the width, the header keeps
// to one row, the navigation is a drawer, and the key actions sit on screen.
test.describe('at 390 px', () => {
  const WIDTH = 390;
  test.use({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });

  /** How wide the page and its main content are, and (for the message) the elements that stick out unclipped. */
  async function widths(page: Page) {
    return page.evaluate((width) => {
      const main = document.querySelector('main');
      const clipped = (element: Element): boolean => {
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const overflow = getComputedStyle(parent).overflowX;
          if (overflow !== 'visible') return true;
        }
        return false;
      };
      const outside = [...document.body.querySelectorAll('*')]
        .filter((element) => element.getBoundingClientRect().right > width + 1 && !clipped(element))
        .slice(-5)
        .map(
          (element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}[${element.getAttribute('data-testid') ?? ''}]`,
        );
      return {
        page: document.documentElement.scrollWidth,
        inner: window.innerWidth,
        main: main ? main.scrollWidth - main.clientWidth : 0,
        outside,
      };
    }, WIDTH);
  }

  /** Opens `path` (the app is already signed in), waits for `ready` and for the network to settle, then measures. */
  async function fits(page: Page, path: string, ready?: (page: Page) => ReturnType<Page['locator']>) {
    await page.goto(path);
    await expect(page.getByTestId('page-title').or(page.getByTestId('device-test-page'))).toBeVisible();
    if (ready) await expect(ready(page).first()).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    const measured = await widths(page);
    expect.soft(measured.inner, `${path}: the window stays ${WIDTH} px wide`).toBe(WIDTH);
    expect.soft(measured.page, `${path}: no sideways scrolling; sticking out: ${measured.outside.join(', ')}`).toBeLessThanOrEqual(WIDTH);
    expect.soft(measured.main, `${path}: the main content holds its width; sticking out: ${measured.outside.join(', ')}`).toBe(0);
  }

  /** Entirely on screen, left to right. */
  async function onScreen(locator: ReturnType<Page['locator']>) {
    await locator.scrollIntoViewIfNeeded();
    await expect(locator).toBeVisible();
    const box = await locator.boundingBox();
    expect(box).not.toBeNull();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(WIDTH);
  }

  test('the header keeps to one row, the navigation is a drawer, and search and settings open from icons', async ({ page }) => {
    await signIn(page, DEMO.power, '/assets');
    await expect(page.getByTestId('asset-row').first()).toBeVisible();
    const header = page.locator('header');
    expect((await header.boundingBox())?.height ?? 0).toBeLessThanOrEqual(64);
    // No rail of icons beside the page: the content starts at the left edge.
    await expect(page.getByRole('navigation')).toBeHidden();
    expect((await page.locator('main').boundingBox())?.x).toBe(0);

    const toggle = page.getByRole('button', { name: /show or hide the navigation/i });
    await onScreen(toggle);
    await toggle.click();
    const navigation = page.getByRole('navigation');
    await expect(navigation.getByRole('link', { name: 'Analytics' })).toBeVisible();
    await navigation.getByRole('link', { name: 'Analytics' }).click();
    await expect(page).toHaveURL(/\/powercoil_analytics$/);
    await expect(page.getByRole('navigation')).toBeHidden();
    // The screen loaded (its code and its first figures), as a user sees it before reaching for the search.
    await expect(page.getByRole('region', { name: 'Fleet total power', exact: true })).toBeVisible();

    // The search: an icon that opens the box over the header's row, wide enough to type in.
    await page.getByRole('button', { name: /open the search/i }).click();
    const search = page.getByRole('searchbox', { name: /search/i });
    await expect(search).toBeFocused();
    expect((await search.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(200);
    expect((await header.boundingBox())?.height ?? 0).toBeLessThanOrEqual(64);
    await page.getByRole('button', { name: /close the search/i }).click();
    await expect(page.getByTestId('page-title')).toBeVisible();

    // Language and theme from the header's menu.
    await page.getByRole('button', { name: /more options/i }).click();
    await expect(page.getByTestId('language-select')).toBeAttached();
    expect(await findings(page, 'the header menu')).toEqual([]);
    const before = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.getByTestId('theme-toggle').click();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(before);
  });

  test('every screen of a power-data operator fits the width, with Print and sign-out on screen', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, DEMO.power, '/assets');
    await expect(page.getByTestId('asset-row').first()).toBeVisible();
    await fits(page, '/assets', (p) => p.getByTestId('asset-row'));
    // A transformer's tabs, and a power-quality monitor's (every tenth demo transformer).
    for (const tab of ['charts', 'messages', 'ev', 'hp']) {
      await fits(page, `/asset/NZ-0002?tab=${tab}`, (p) => p.getByTestId(`tab-${tab}`));
    }
    for (const tab of ['trends', 'events', 'faults', 'health', 'metering', 'images']) {
      await fits(page, `/asset/NZ-0001?tab=${tab}`, (p) => p.getByTestId(`tab-${tab}`));
    }
    await fits(page, '/powercoil_analytics', (p) => p.getByTestId('analytics-page'));
    await fits(page, '/powercoil_admd');
    await fits(page, '/powercoil_report', (p) => p.getByTestId('report-devices'));
    await onScreen(page.getByRole('button', { name: 'Print' }));
    await fits(page, '/powercoil_alerts', (p) => p.getByTestId('alerts-tab-active'));
    await fits(page, '/powercoil_ev');
    await fits(page, '/', (p) => p.getByTestId('page-title'));
    await fits(page, '/profile', (p) => p.getByRole('button', { name: 'Sign out' }));
    await onScreen(page.getByRole('button', { name: 'Sign out' }));
    await onScreen(page.getByRole('button', { name: /show or hide the navigation/i }));
    await fits(page, '/checkcoverage', (p) => p.getByTestId('device-test-page'));
  });

  test('every screen of a fleet operator fits the width, with the menu toggle and sign-out on screen', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, DEMO.fleet, '/devices');
    await expect(page.getByTestId('devices-table').locator('tbody tr').first()).toBeVisible();
    await fits(page, '/devices', (p) => p.getByTestId('devices-table').locator('tbody tr'));
    await onScreen(page.getByRole('button', { name: /show or hide the navigation/i }));
    await page.getByTestId('devices-table').locator('tbody tr').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/device\//);
    await fits(page, new URL(page.url()).pathname, (p) => p.getByTestId('device-name'));
    await fits(page, '/locations', (p) => p.getByTestId('location-row'));
    await page.getByTestId('location-row').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/location\//);
    await fits(page, new URL(page.url()).pathname, (p) => p.getByTestId('location-title'));
    await fits(page, '/journeys', (p) => p.getByTestId('journey-pairs').locator('tbody tr'));
    await page.getByTestId('journey-pairs').locator('tbody tr').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/journey\//);
    await fits(page, new URL(page.url()).pathname, (p) => p.getByTestId('journey-devices'));
    await fits(page, '/poi', (p) => p.getByTestId('poi-report'));
    await fits(page, '/alerts', (p) => p.getByTestId('alerts-tab-active'));
    await fits(page, '/profile', (p) => p.getByRole('button', { name: 'Sign out' }));
    await onScreen(page.getByRole('button', { name: 'Sign out' }));
    await onScreen(page.getByRole('button', { name: /show or hide the navigation/i }));
  });

  test('the devices screen does not shift as it loads (cumulative layout shift at most 0.1)', async ({ page }) => {
    await signIn(page, DEMO.fleet, '/profile');
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await page.addInitScript(() => {
      const shifts: { value: number; sources: string[] }[] = [];
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          if (entry.hadRecentInput) continue;
          const sources = entry.sources.map(({ node }) =>
            node instanceof Element
              ? `${node.tagName.toLowerCase()}[${node.getAttribute('data-testid') ?? node.className}]`
              : String(node?.nodeName),
          );
          shifts.push({ value: entry.value, sources });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/devices');
    await expect(page.getByTestId('devices-table').locator('tbody tr').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(total, `shifts: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.1);
  });
});

test.describe('the devices map at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('is not part of the first load: its code comes when it is scrolled to', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await signIn(page, DEMO.fleet, '/devices');
    await expect(page.getByTestId('devices-table').locator('tbody tr').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const mapCode = () => scripts.filter((path) => /\/(devices-map|map-view)-[^/]+\.js$/.test(path));
    expect(mapCode()).toEqual([]);
    await page.getByTestId('devices-map-panel').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('devices-map')).toBeVisible();
    expect(mapCode().length).toBeGreaterThan(0);
  });
});
