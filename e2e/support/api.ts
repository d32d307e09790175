import type { APIResponse, Page } from '@playwright/test';
import { urlOf, type Route } from '@gridlens/contract/route';

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

/** A call of one route: its path parameters, query and JSON body. */
export interface RouteCall {
  params?: Readonly<Record<string, string | number>>;
  query?: Readonly<Record<string, string | number | boolean | null | undefined>>;
  body?: object;
}

/** Calls a route of the portal API as the signed-in user would (bearer token and Tenant header), for test set-up. */
export async function apiCall(page: Page, tenant: string, route: Route, { params, query, body }: RouteCall = {}): Promise<APIResponse> {
  return page.request.fetch(urlOf(route, params, query), {
    method: route.method,
    headers: { authorization: `Bearer ${await accessToken(page)}`, tenant },
    ...(body === undefined ? {} : { data: body }),
  });
}
