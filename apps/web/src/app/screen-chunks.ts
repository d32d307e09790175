import { loadChunk } from '@/lib/chunk-load';

// Each screen's chunk, by the path of its route: the one table that the router (app/routes.tsx) and the start-up
// (main.tsx) load screens from. The start-up asks for the address bar's screen before the shell has arrived, so that
// on a cold load the screen's code comes down beside the shell instead of after it has run (docs/performance.md).
// It is kept free of the router and React for that reason: what main.tsx imports, it waits for.

const limitedAccess = () => loadChunk(() => import('./pages/errors/limited-access-page'));
const assetDetail = () => loadChunk(() => import('./asset-page/asset-page'));
const alerts = () => loadChunk(() => import('@/features/alerts/alerts-page'));

export const screenChunks = {
  '/checkcoverage': () => loadChunk(() => import('@/features/coverage/device-test-page')),
  '/accessdenied': limitedAccess,
  '/error': limitedAccess,
  '/report_fleet': () => loadChunk(() => import('@/features/fleet-reports/fleet-report-page')),
  '/report_kpi': () => loadChunk(() => import('@/features/fleet-reports/kpi-report-page')),
  '/poi_snapshot/:locationId': () => loadChunk(() => import('@/features/tracking-journeys/poi-report/poi-snapshot-page')),
  '/asset_snapshot/:deviceId': assetDetail,
  '/powercoil_report_snapshot': () => loadChunk(() => import('@/features/power-readings/power-report/power-report-page')),
  '/coverage_checker': () => loadChunk(() => import('@/features/coverage/coverage-page')),
  '/': () => loadChunk(() => import('./pages/landing-page')),
  '/profile': () => loadChunk(() => import('@/features/config/profile-page')),
  '/locations': () => loadChunk(() => import('@/features/tracking-locations/locations-page')),
  '/location/:locationId': () => loadChunk(() => import('@/features/tracking-locations/location-detail-page')),
  '/poi': () => loadChunk(() => import('@/features/tracking-journeys/poi-report/poi-report-page')),
  '/journeys': () => loadChunk(() => import('@/features/tracking-journeys/journeys-page')),
  '/journey/:originId/:destinationId/:week': () => loadChunk(() => import('@/features/tracking-journeys/journey-detail-page')),
  '/devices': () => loadChunk(() => import('@/features/tracking-devices/devices-page')),
  '/device/:deviceId': () => loadChunk(() => import('@/features/tracking-devices/device-detail-page')),
  '/report': () => loadChunk(() => import('@/features/report-schedules/report-management-page')),
  '/alerts': alerts,
  '/powercoil_admd': () => loadChunk(() => import('@/features/load-analysis/admd-page')),
  '/powercoil_analytics': () => loadChunk(() => import('@/features/power-readings/analytics/analytics-page')),
  '/assets': () => loadChunk(() => import('@/features/assets/assets-page')),
  '/asset/:deviceId': assetDetail,
  '/powercoil_report': () => loadChunk(() => import('./pages/power-report-page')),
  '/powercoil_alerts': alerts,
  '/powercoil_ev': () => loadChunk(() => import('./pages/ev-modelling-page')),
  '/rollout': () => loadChunk(() => import('@/features/rollout/rollout-page')),
  '*': () => loadChunk(() => import('./pages/errors/not-found-page')),
} as const;

export type ScreenPath = keyof typeof screenChunks;
export type ScreenModule<P extends ScreenPath> = Awaited<ReturnType<(typeof screenChunks)[P]>>;

const segmentsOf = (path: string) => path.toLowerCase().split('/').filter(Boolean);

/**
 * The screen the router will show at `pathname`, matched as it matches (case-insensitive, `:name` one segment, `*`
 * anything else); app/screen-chunks.test.ts holds the two to the same answer for every route.
 */
export function screenPathAt(pathname: string): ScreenPath {
  const segments = segmentsOf(pathname);
  for (const path of Object.keys(screenChunks) as ScreenPath[]) {
    const parts = segmentsOf(path);
    if (path !== '*' && parts.length === segments.length && parts.every((part, i) => part.startsWith(':') || part === segments[i]))
      return path;
  }
  return '*';
}

/** Starts fetching the chunk of the screen at `pathname`; the router's own request for it then finds it loaded. */
export function preloadScreenChunk(pathname: string): void {
  void screenChunks[screenPathAt(pathname)]().catch(() => undefined); // the router reports a failure
}
