import type { Page } from '@playwright/test';

/** The assets screen's "N of M devices" line, read as numbers (counts are grouped as English writes them). */
export async function shownCount(page: Page): Promise<{ shown: number; total: number }> {
  const text = (await page.getByTestId('assets-shown-count').textContent()) ?? '';
  const match = /^([\d,]+) of ([\d,]+) devices$/.exec(text);
  if (!match) throw new Error(`unexpected count text: ${text}`);
  return { shown: Number(match[1]?.replaceAll(',', '')), total: Number(match[2]?.replaceAll(',', '')) };
}
