import { expect, type APIResponse, type Page } from '@playwright/test';
import type { Answer } from '@gridlens/contract/endpoint';
import type { ingestApi } from '@gridlens/contract/ingest';
import { pathOf, urlOf, type Route } from '@gridlens/contract/route';
import { ingestRoutes } from '@gridlens/contract/routes/ingest';

/** The signed-in user's access token, as the web app keeps it (oidc-client-ts user in local storage). */
export async function accessToken(page: Page): Promise<string> {
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

/** The demo tenant's fixed ingest key (apps/server/src/demo/demo-power-seed.ts). */
const DEMO_INGEST_KEY = 'glk_de000011_demo-ingest-key-not-for-production-use-0001';

/** The figures of one transformer reading; the rest of the message is a healthy monitor's. */
export interface ReadingFigures {
  current_max_a: [number, number, number];
  current_med_a: [number, number, number];
  temperature_max_c: number;
  temperature_med_c: number;
}

/** Sends one reading of a demo monitor, dated now, through the real ingestion path, and checks it was stored. */
export async function sendReadingNow(page: Page, deviceId: string, figures: ReadingFigures): Promise<void> {
  const sent = await page.request.post(pathOf(ingestRoutes.messages), {
    headers: { authorization: `Bearer ${DEMO_INGEST_KEY}` },
    data: {
      v: 1,
      messages: [
        {
          kind: 'transformer',
          device_id: deviceId,
          seq: Math.floor(Date.now() / 1000),
          time: new Date().toISOString(),
          ...figures,
          battery_pct: 90,
          lqi: 180,
        },
      ],
    },
  });
  expect(((await sent.json()) as Answer<typeof ingestApi.messages>).accepted).toBe(1);
}
