import { powerAlertsApi } from './alerts';
import { assetsApi } from './assets';
import { clientConfigApi } from './client-config';
import { configApi } from './config';
import { coverageApi } from './coverage';
import { powerQualityApi } from './power-quality';
import type { EndpointDescription } from './endpoint';
import { feedbackApi } from './feedback';
import { healthApi } from './health';
import { ingestApi } from './ingest';
import { evModelsApi, hpModelsApi } from './load-models';
import { loadAnalysisApi } from './load-analysis';
import { loadPlanningApi } from './load-planning';
import { powerReadingsApi } from './power-readings';
import { trackingAlertsApi } from './tracking-alerts';
import { trackingApi } from './tracking';
import { trackingLocationsApi } from './tracking-locations';
import { trackingJourneysApi } from './tracking-journeys';
import { trackingDevicesApi } from './tracking-devices';
import { weatherApi } from './weather';

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
  powerQuality: powerQualityApi,
  loadPlanning: loadPlanningApi,
  coverage: coverageApi,
  loadAnalysis: loadAnalysisApi,
  powerAlerts: powerAlertsApi,
  trackingAlerts: trackingAlertsApi,
  tracking: trackingApi,
  trackingLocations: trackingLocationsApi,
  trackingJourneys: trackingJourneysApi,
  trackingDevices: trackingDevicesApi,
  evModels: evModelsApi,
  hpModels: hpModelsApi,
  weather: weatherApi,
};

export const allEndpoints = (): EndpointDescription[] => Object.values(API_CATALOGUE).flatMap((group) => Object.values(group));
