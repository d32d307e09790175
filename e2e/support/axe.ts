import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** An axe-core scan of the page's main content: no serious or critical violation (each named with `where`). */
export async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  // Colours still fading after a theme switch (MUI's 200 ms transitions) would be measured half-way: end them first.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const results = await new AxeBuilder({ page }).include('main').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${where}: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
}
