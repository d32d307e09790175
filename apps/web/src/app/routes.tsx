import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { quietly } from '@/lib/api/api-client';
import { loadChunk } from '@/lib/chunk-load';
import { RequireAuth } from './auth/require-auth';
import type { RouteHandle } from '@/lib/route-handle';
import { screenChunks, type ScreenModule, type ScreenPath } from './screen-chunks';
import { AppShell } from './shell/app-shell';
import { RouteErrorBoundary } from './shell/route-error-boundary';
import { RouteFrame, RouteLoading } from './shell/route-frame';
import { SectionGate } from './shell/section-gate';

/**
 * The route at `path` ('/' is the index route): its screen is `component` of the screen's chunk (app/screen-chunks.ts,
 * fetched with the 120 s chunk timeout of spec §9).
 */
function screen<P extends ScreenPath>(path: P, component: (module: ScreenModule<P>) => ComponentType, handle: RouteHandle): RouteObject {
  const load = screenChunks[path] as () => Promise<ScreenModule<P>>;
  const lazy = () => load().then((module) => ({ Component: component(module) }));
  return path === '/' ? { index: true, lazy, handle } : { path, lazy, handle };
}

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
      screen('/checkcoverage', (m) => m.DeviceTestPage, { titleKey: 'pages.checkCoverage', public: true }),
      screen('/accessdenied', (m) => m.LimitedAccessPage, { titleKey: 'pages.accessDenied', public: true }),
      {
        element: <RequireAuth />,
        children: [
          screen('/error', (m) => m.LimitedAccessPage, { titleKey: 'pages.error' }),
          {
            element: <SectionGate standalone />,
            children: [
              screen('/report_fleet', (m) => m.FleetReportPage, { sectionId: 'report', titleKey: 'pages.reportFleet' }),
              screen('/report_kpi', (m) => m.KpiReportPage, { sectionId: 'report', titleKey: 'pages.reportKpi' }),
              screen('/poi_snapshot/:locationId', (m) => m.PoiSnapshotPage, { sectionId: 'poi', titleKey: 'pages.poiSnapshot' }),
              screen('/asset_snapshot/:deviceId', (m) => m.AssetSnapshotPage, { sectionId: 'assets', titleKey: 'pages.assetSnapshot' }),
              screen('/powercoil_report_snapshot', (m) => m.PowerReportSnapshotPage, {
                sectionId: 'powercoil_report',
                titleKey: 'pages.powerReportSnapshot',
              }),
              // The device coverage check opens from the assets screen: part of the assets section.
              screen('/coverage_checker', (m) => m.CoveragePage, { sectionId: 'assets', titleKey: 'pages.coverageChecker' }),
            ],
          },
          {
            element: <AppShell />,
            children: [
              screen('/', (m) => m.LandingPage, { titleKey: 'pages.home' }),
              screen('/profile', (m) => m.ProfilePage, { titleKey: 'pages.profile' }),
              screen('/locations', (m) => m.LocationsPage, { sectionId: 'locations', searchable: true }),
              screen('/location/:locationId', (m) => m.LocationDetailPage, { sectionId: 'locations', titleKey: 'pages.location' }),
              screen('/poi', (m) => m.PoiReportPage, { sectionId: 'poi', searchable: true }),
              screen('/journeys', (m) => m.JourneysPage, { sectionId: 'journeys', searchable: true }),
              screen('/journey/:originId/:destinationId/:week', (m) => m.JourneyDetailPage, {
                sectionId: 'journeys',
                titleKey: 'pages.journey',
                searchable: true,
              }),
              screen('/devices', (m) => m.DevicesPage, { sectionId: 'devices', searchable: true }),
              screen('/device/:deviceId', (m) => m.DeviceDetailPage, { sectionId: 'devices', titleKey: 'pages.device' }),
              screen('/report', (m) => m.ReportManagementPage, { sectionId: 'report' }),
              screen('/alerts', (m) => m.TrackingAlertsPage, { sectionId: 'alerts' }),
              // ADMD opens from Analytics: part of its section.
              screen('/powercoil_admd', (m) => m.AdmdPage, { sectionId: 'powercoil_analytics', titleKey: 'loadAnalysis.title' }),
              screen('/powercoil_analytics', (m) => m.AnalyticsPage, { sectionId: 'powercoil_analytics', searchable: true }),
              screen('/assets', (m) => m.AssetsPage, {
                sectionId: 'assets',
                searchable: true,
                preload: (queryClient) =>
                  loadChunk(() => import('@/lib/api/assets')).then(({ assetListQuery }) => {
                    const { queryFn } = assetListQuery;
                    if (typeof queryFn !== 'function') return undefined;
                    return queryClient.prefetchQuery({ ...assetListQuery, queryFn: (context) => quietly(() => queryFn(context)) });
                  }),
              }),
              screen('/asset/:deviceId', (m) => m.AssetDetailPage, { sectionId: 'assets', titleKey: 'pages.asset' }),
              screen('/powercoil_report', (m) => m.PowerReportScreen, { sectionId: 'powercoil_report', searchable: true }),
              screen('/powercoil_alerts', (m) => m.PowerAlertsPage, { sectionId: 'powercoil_alerts' }),
              screen('/powercoil_ev', (m) => m.EvModellingPage, { sectionId: 'powercoil_ev', searchable: true }),
              screen('/rollout', (m) => m.RolloutPage, { sectionId: 'rollout', searchable: true }),
              screen('*', (m) => m.NotFoundPage, { titleKey: 'pages.notFound' }),
            ],
          },
        ],
      },
    ],
  },
];
