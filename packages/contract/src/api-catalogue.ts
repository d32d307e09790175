import { powerAlertsApi } from './alerts';
import { assetsApi } from './assets';
import { clientConfigApi } from './client-config';
import { configApi } from './config';
import { coverageApi } from './coverage';
import { deviceTabsApi } from './device-tabs';
import type { EndpointDescription } from './endpoint';
import { feedbackApi } from './feedback';
import { healthApi } from './health';
import { ingestApi } from './ingest';
import { powerReadingsApi } from './power-readings';
import { trackingAlertsApi } from './tracking-alerts';
import { trackingApi } from './tracking';
import { trackingLocationsApi } from './tracking-locations';
import { trackingJourneysApi } from './tracking-journeys';
import { trackingDevicesApi } from './tracking-devices';

/**
 * Every endpoint of the contract, by capability: what the server must bind and the OpenAPI document must show
 * (a test holds the document to this list). Add a capability's endpoints here when it arrives.
 */
export const API_CATALOGUE: Readonly<Record<string, Readonly<Record<string, EndpointDescription>>>> = {
  clientConfig: clientConfigApi,
  health: healthApi,
  config: configApi,
  feedback: feedbackApi,
  ingest: ingestApi,
  assets: assetsApi,
  powerReadings: powerReadingsApi,
  deviceTabs: deviceTabsApi,
  coverage: coverageApi,
  powerAlerts: powerAlertsApi,
  trackingAlerts: trackingAlertsApi,
  tracking: trackingApi,
  trackingLocations: trackingLocationsApi,
  trackingJourneys: trackingJourneysApi,
  trackingDevices: trackingDevicesApi,
};

export const allEndpoints = (): EndpointDescription[] => Object.values(API_CATALOGUE).flatMap((group) => Object.values(group));
