import { networkInterfaces } from 'node:os';
import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/sign-in';

/** This machine's first non-loopback IPv4 address: how another computer on the network reaches the portal. */
function machineAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal)?.address;
  if (!address) throw new Error('this machine has no non-loopback IPv4 address to test with');
  return address;
}

for (const [where, address] of [
  ['127.0.0.1', () => '127.0.0.1'],
  ["the machine's network address", machineAddress],
] as const) {
  test(`signs in through ${where}, not only localhost`, async ({ page, baseURL }) => {
    const origin = `http://${address()}:${new URL(baseURL ?? '').port}`;
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    await signIn(page, DEMO.power, `${origin}/profile`);
    await expect(page).toHaveURL(`${origin}/profile`);
    // The token was issued at this address, by the provider reached there.
    const issuer = await page.evaluate(() => {
      const key = Object.keys(window.localStorage).find((name) => name.startsWith('oidc.user:'));
      const token = key ? ((JSON.parse(window.localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? '') : '';
      return (JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as { iss?: string }).iss;
    });
    expect(issuer).toBe(`${origin}/oidc`);
    await expect(page.getByTestId('profile-name')).toHaveText(DEMO.power.name);
    await expect(page.getByRole('alert').filter({ hasText: 'Sign-in failed' })).toHaveCount(0);
    expect(blocked).toEqual([]);
    await page.goto(`${origin}/assets`);
    await expect(page.getByTestId('page-title')).toHaveText('Assets');
  });
}

test("signs out at the machine's network address, and the next visit asks for the password again", async ({ page, baseURL }) => {
  const origin = `http://${machineAddress()}:${new URL(baseURL ?? '').port}`;
  await signIn(page, DEMO.fleet, `${origin}/profile`);
  await expect(page.getByTestId('profile-name')).toHaveText(DEMO.fleet.name);
  await page.getByRole('button', { name: 'Sign out' }).click();
  // Back at the portal, signed out: it sends the visitor to the sign-in page, on the same address.
  await expect(page.locator('input[name="password"]')).toBeVisible();
  expect(new URL(page.url()).origin).toBe(origin);
  await page.goto(`${origin}/profile`);
  await expect(page.locator('input[name="password"]')).toBeVisible();
});
