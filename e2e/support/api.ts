import type { APIResponse, Page } from '@playwright/test';

/** The signed-in user's access token, as the web app keeps it (oidc-client-ts user in local storage). */
async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let index = 0; index < window.localStorage.length; index += 1) {
      const key = window.localStorage.key(index);
      if (key?.startsWith('oidc.user:'))
        return (JSON.parse(window.localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token;
    }
    return undefined;
  });
  if (!token) throw new Error('no signed-in user in local storage');
  return token;
}

/** Calls the portal API as the signed-in user would (bearer token and Tenant header), for test set-up. */
export async function apiPost(page: Page, tenant: string, url: string, data: object): Promise<APIResponse> {
  return page.request.post(url, { headers: { authorization: `Bearer ${await accessToken(page)}`, tenant }, data });
}
