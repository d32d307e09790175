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
