import { powerAlertsApi } from './alerts';
import { assetsApi } from './assets';
import { clientConfigApi } from './client-config';
import { configApi } from './config';
import { coverageApi } from './coverage';
import { powerQualityApi } from './power-quality';
import type { EndpointDescription } from './endpoint';
import { feedbackApi } from './feedback';
import { fleetReportsApi } from './fleet-reports';
import { healthApi } from './health';
import { ingestApi } from './ingest';
import { evModelsApi, hpModelsApi } from './load-models';
import { loadAnalysisApi } from './load-analysis';
import { loadPlanningApi } from './load-planning';
import { powerReadingsApi } from './power-readings';
import { reportSchedulesApi } from './report-schedules';
import { rolloutApi } from './rollout';
import { trackingAlertsApi } from './tracking-alerts';
import { trackingApi } from './tracking';
import { trackingLocationsApi } from './tracking-locations';
import { trackingJourneysApi } from './tracking-journeys';
import { trackingDevicesApi } from './tracking-devices';
import { weatherApi } from './weather';

type EndpointGroup = Readonly<Record<string, EndpointDescription>>;

/**
 * Every endpoint of the contract, by capability (its name in capabilities.ts, which lint holds these keys to): what
 * the server must bind and the OpenAPI document must show (a test holds the document to this list). A capability's
 * endpoints may come in several groups of one shape (the two kinds of alerts, the EV and heat-pump models).
 */
export const API_CATALOGUE: Readonly<Record<string, readonly EndpointGroup[]>> = {
  'client-config': [clientConfigApi],
  health: [healthApi],
  config: [configApi],
  feedback: [feedbackApi],
  ingest: [ingestApi],
  assets: [assetsApi],
  'power-readings': [powerReadingsApi],
  'power-quality': [powerQualityApi],
  'load-planning': [loadPlanningApi],
  coverage: [coverageApi],
  'load-analysis': [loadAnalysisApi],
  alerts: [powerAlertsApi, trackingAlertsApi],
  tracking: [trackingApi],
  'tracking-locations': [trackingLocationsApi],
  'tracking-journeys': [trackingJourneysApi],
  'tracking-devices': [trackingDevicesApi],
  'fleet-reports': [fleetReportsApi],
  'load-models': [evModelsApi, hpModelsApi],
  weather: [weatherApi],
  'report-schedules': [reportSchedulesApi],
  rollout: [rolloutApi],
};

export const allEndpoints = (): EndpointDescription[] =>
  Object.values(API_CATALOGUE).flatMap((groups) => groups.flatMap((group) => Object.values(group)));
