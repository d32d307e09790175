import { urlOf } from '@gridlens/contract/route';
import { assetsRoutes } from '@gridlens/contract/routes/assets';
import { configRoutes } from '@gridlens/contract/routes/config';

// What a signed-in cold load asks the API for before anything else, written once for the API clients
// (lib/api/config.ts, lib/api/assets.ts) and for the script that asks for it before the shell has arrived
// (src/early-requests.ts): an early answer is handed over only for the very same address.

/** Spec §9: the assets are loaded for 1 day. */
export const ASSET_LIST_DAYS = 1;

export const assetListInput = { query: { num_days: ASSET_LIST_DAYS } };

/** The browser's time zone decides the automatic temperature unit and the date format. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const userSettingsInput = () => ({ query: { time_zone: browserTimeZone() } });

/** The screens whose own data a cold load asks for early, by their exact path (app/routes.tsx: `handle.preload`). */
const SCREEN_REQUESTS: Readonly<Record<string, () => string[]>> = {
  '/assets': () => [urlOf(assetsRoutes.list, undefined, assetListInput.query)],
};

/** The addresses (path and query) the shell and the screen at `pathname` ask for first, for a signed-in user. */
export function firstRequestUrls(pathname: string): string[] {
  const settings = [
    urlOf(configRoutes.tenantSettings),
    urlOf(configRoutes.userSettings, undefined, userSettingsInput().query),
    urlOf(configRoutes.sections),
  ];
  return [...settings, ...(SCREEN_REQUESTS[pathname]?.() ?? [])];
}
