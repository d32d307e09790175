import type { RouteObject } from 'react-router';
import type { SectionId } from '@gridlens/domain/sections';
import { quietly } from '@/lib/api/api-client';
import { loadChunk } from '@/lib/chunk-load';
import { RequireAuth } from './auth/require-auth';
import type { RouteHandle } from '@/lib/route-handle';
import { AppShell } from './shell/app-shell';
import { RouteErrorBoundary } from './shell/route-error-boundary';
import { RouteFrame, RouteLoading } from './shell/route-frame';
import { SectionGate } from './shell/section-gate';

// Each screen is its own chunk, fetched with the 120 s chunk timeout of spec §9.
const comingSoon = () => loadChunk(() => import('./pages/coming-soon-page')).then((m) => ({ Component: m.ComingSoonPage }));
const limitedAccess = () => loadChunk(() => import('./pages/errors/limited-access-page')).then((m) => ({ Component: m.LimitedAccessPage }));

/** The asset detail chunk, in the shell or (snapshot) without it. */
const assetDetail = (page: 'AssetDetailPage' | 'AssetSnapshotPage') => () =>
  loadChunk(() => import('./asset-page/asset-page')).then((m) => ({ Component: m[page] }));

/** The power report chunk, in the shell or (snapshot) without it. */
const powerReport = (page: 'PowerReportPage' | 'PowerReportSnapshotPage') => () =>
  loadChunk(() => import('@/features/power-readings/power-report/power-report-page')).then((m) => ({ Component: m[page] }));

/** A screen whose feature arrives in a later release: honest "coming soon" until then. */
const sectionRoute = (path: string, sectionId: SectionId, titleKey?: string): RouteObject => ({
  path,
  lazy: comingSoon,
  handle: { sectionId, titleKey } satisfies RouteHandle,
});
const reportRoute = (path: string, sectionId: SectionId, titleKey: string): RouteObject => ({
  path,
  lazy: comingSoon,
  handle: { sectionId, titleKey } satisfies RouteHandle,
});

/**
 * Every route of spec §2. Report-style routes render without header and navigation. A route that belongs to a
 * section says so in its handle (`sectionId`), snapshot routes included: the section gate then answers for a
 * tenant without that section, the same way everywhere.
 */
export const routes: RouteObject[] = [
  {
    element: <RouteFrame />,
    errorElement: <RouteErrorBoundary />,
    // Shown while the first screen's chunk arrives (every route is lazy), in place of a blank page.
    HydrateFallback: RouteLoading,
    children: [
      // No sign-in guard (spec §2): the device test and the access-denied page.
      {
        path: '/checkcoverage',
        lazy: () => loadChunk(() => import('@/features/coverage/device-test-page')).then((m) => ({ Component: m.DeviceTestPage })),
        handle: { titleKey: 'pages.checkCoverage', public: true } satisfies RouteHandle,
      },
      { path: '/accessdenied', lazy: limitedAccess, handle: { titleKey: 'pages.accessDenied', public: true } satisfies RouteHandle },
      {
        element: <RequireAuth />,
        children: [
          { path: '/error', lazy: limitedAccess, handle: { titleKey: 'pages.error' } satisfies RouteHandle },
          {
            element: <SectionGate standalone />,
            children: [
              reportRoute('/report_fleet', 'report', 'pages.reportFleet'),
              reportRoute('/report_kpi', 'report', 'pages.reportKpi'),
              {
                path: '/poi_snapshot/:locationId',
                lazy: () =>
                  loadChunk(() => import('@/features/tracking-journeys/poi-report/poi-snapshot-page')).then((m) => ({
                    Component: m.PoiSnapshotPage,
                  })),
                handle: { sectionId: 'poi', titleKey: 'pages.poiSnapshot' } satisfies RouteHandle,
              },
              {
                path: '/asset_snapshot/:deviceId',
                lazy: assetDetail('AssetSnapshotPage'),
                handle: { sectionId: 'assets', titleKey: 'pages.assetSnapshot' } satisfies RouteHandle,
              },
              {
                path: '/powercoil_report_snapshot',
                lazy: powerReport('PowerReportSnapshotPage'),
                handle: { sectionId: 'powercoil_report', titleKey: 'pages.powerReportSnapshot' } satisfies RouteHandle,
              },
              {
                // The device coverage check opens from the assets screen: part of the assets section.
                path: '/coverage_checker',
                lazy: () => loadChunk(() => import('@/features/coverage/coverage-page')).then((m) => ({ Component: m.CoveragePage })),
                handle: { sectionId: 'assets', titleKey: 'pages.coverageChecker' } satisfies RouteHandle,
              },
            ],
          },
          {
            element: <AppShell />,
            children: [
              {
                index: true,
                lazy: () => loadChunk(() => import('./pages/landing-page')).then((m) => ({ Component: m.LandingPage })),
                handle: { titleKey: 'pages.home' } satisfies RouteHandle,
              },
              {
                path: '/profile',
                lazy: () => loadChunk(() => import('@/features/config/profile-page')).then((m) => ({ Component: m.ProfilePage })),
                handle: { titleKey: 'pages.profile' } satisfies RouteHandle,
              },
              {
                path: '/locations',
                lazy: () =>
                  loadChunk(() => import('@/features/tracking-locations/locations-page')).then((m) => ({ Component: m.LocationsPage })),
                handle: { sectionId: 'locations', searchable: true } satisfies RouteHandle,
              },
              {
                path: '/location/:locationId',
                lazy: () =>
                  loadChunk(() => import('@/features/tracking-locations/location-detail-page')).then((m) => ({
                    Component: m.LocationDetailPage,
                  })),
                handle: { sectionId: 'locations', titleKey: 'pages.location' } satisfies RouteHandle,
              },
              {
                path: '/poi',
                lazy: () =>
                  loadChunk(() => import('@/features/tracking-journeys/poi-report/poi-report-page')).then((m) => ({
                    Component: m.PoiReportPage,
                  })),
                handle: { sectionId: 'poi', searchable: true } satisfies RouteHandle,
              },
              {
                path: '/journeys',
                lazy: () =>
                  loadChunk(() => import('@/features/tracking-journeys/journeys-page')).then((m) => ({ Component: m.JourneysPage })),
                handle: { sectionId: 'journeys', searchable: true } satisfies RouteHandle,
              },
              {
                path: '/journey/:originId/:destinationId/:week',
                lazy: () =>
                  loadChunk(() => import('@/features/tracking-journeys/journey-detail-page')).then((m) => ({
                    Component: m.JourneyDetailPage,
                  })),
                handle: { sectionId: 'journeys', titleKey: 'pages.journey', searchable: true } satisfies RouteHandle,
              },
              {
                path: '/devices',
                lazy: () => loadChunk(() => import('@/features/tracking-devices/devices-page')).then((m) => ({ Component: m.DevicesPage })),
                handle: { sectionId: 'devices', searchable: true } satisfies RouteHandle,
              },
              {
                path: '/device/:deviceId',
                lazy: () =>
                  loadChunk(() => import('@/features/tracking-devices/device-detail-page')).then((m) => ({
                    Component: m.DeviceDetailPage,
                  })),
                handle: { sectionId: 'devices', titleKey: 'pages.device' } satisfies RouteHandle,
              },
              sectionRoute('/report', 'report'),
              {
                path: '/alerts',
                lazy: () => loadChunk(() => import('@/features/alerts/alerts-page')).then((m) => ({ Component: m.TrackingAlertsPage })),
                handle: { sectionId: 'alerts' } satisfies RouteHandle,
              },
              {
                // ADMD opens from Analytics: part of its section.
                path: '/powercoil_admd',
                lazy: () => loadChunk(() => import('@/features/load-analysis/admd-page')).then((m) => ({ Component: m.AdmdPage })),
                handle: { sectionId: 'powercoil_analytics', titleKey: 'loadAnalysis.title' } satisfies RouteHandle,
              },
              {
                path: '/powercoil_analytics',
                lazy: () =>
                  loadChunk(() => import('@/features/power-readings/analytics/analytics-page')).then((m) => ({
                    Component: m.AnalyticsPage,
                  })),
                handle: { sectionId: 'powercoil_analytics', searchable: true } satisfies RouteHandle,
              },
              {
                path: '/assets',
                lazy: () => loadChunk(() => import('@/features/assets/assets-page')).then((m) => ({ Component: m.AssetsPage })),
                handle: {
                  sectionId: 'assets',
                  searchable: true,
                  preload: (queryClient) =>
                    loadChunk(() => import('@/lib/api/assets')).then(({ assetListQuery }) => {
                      const { queryFn } = assetListQuery;
                      if (typeof queryFn !== 'function') return undefined;
                      return queryClient.prefetchQuery({ ...assetListQuery, queryFn: (context) => quietly(() => queryFn(context)) });
                    }),
                } satisfies RouteHandle,
              },
              {
                path: '/asset/:deviceId',
                lazy: assetDetail('AssetDetailPage'),
                handle: { sectionId: 'assets', titleKey: 'pages.asset' } satisfies RouteHandle,
              },
              {
                path: '/powercoil_report',
                lazy: powerReport('PowerReportPage'),
                handle: { sectionId: 'powercoil_report', searchable: true } satisfies RouteHandle,
              },
              {
                path: '/powercoil_alerts',
                lazy: () => loadChunk(() => import('@/features/alerts/alerts-page')).then((m) => ({ Component: m.PowerAlertsPage })),
                handle: { sectionId: 'powercoil_alerts' } satisfies RouteHandle,
              },
              {
                path: '/powercoil_ev',
                lazy: () => loadChunk(() => import('./pages/ev-modelling-page')).then((m) => ({ Component: m.EvModellingPage })),
                handle: { sectionId: 'powercoil_ev', searchable: true } satisfies RouteHandle,
              },
              {
                path: '*',
                lazy: () => loadChunk(() => import('./pages/errors/not-found-page')).then((m) => ({ Component: m.NotFoundPage })),
                handle: { titleKey: 'pages.notFound' } satisfies RouteHandle,
              },
            ],
          },
        ],
      },
    ],
  },
];
