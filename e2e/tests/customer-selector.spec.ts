import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/sign-in';

/** "N of M devices" above the devices table, as numbers. */
async function deviceCounts(page: Page): Promise<[number, number]> {
  const text = await page.getByText(/^\d+ of \d+ devices$/).innerText();
  const [shown, total] = text.match(/\d+/g)!.map(Number);
  return [shown!, total!];
}

test("the header's customer selector starts at all customers, and a customer narrows the devices to those at its sites", async ({
  page,
}) => {
  await signIn(page, DEMO.fleet, '/devices');
  const customer = page.getByRole('combobox', { name: 'Customer' });
  await expect(customer).toHaveText('All customers');
  await expect(page.getByText(/^\d+ of \d+ devices$/)).toBeVisible();
  const [, fleet] = await deviceCounts(page);

  await customer.click();
  const options = page.getByRole('option');
  await expect(options.first()).toHaveText('All customers');
  const chosen = (await options.nth(1).innerText()).trim();
  await options.nth(1).click();
  await expect(customer).toHaveText(chosen);
  await expect.poll(async () => (await deviceCounts(page))[1]).toBeLessThan(fleet);

  await customer.click();
  await page.getByRole('option', { name: 'All customers' }).click();
  await expect.poll(async () => (await deviceCounts(page))[1]).toBe(fleet);
});
