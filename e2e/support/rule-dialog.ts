import type { Page } from '@playwright/test';

/** In an open rule dialog: picks the trigger field by its label, then (when given) the operator and value. */
export async function chooseTrigger(page: Page, field: string, threshold?: { operator: string; value: string }): Promise<void> {
  await page.getByTestId('rule-field').click();
  await page.getByRole('option', { name: field }).click();
  if (!threshold) return;
  await page.getByTestId('rule-operator').click();
  await page.getByRole('option', { name: threshold.operator, exact: true }).click();
  await page.getByTestId('rule-value').fill(threshold.value);
}
