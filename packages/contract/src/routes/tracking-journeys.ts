import { route } from '../route';

/** Spec §7: journeys, a location's arrivals, cycles, the journey watchlist; and the POI report's figures. */
export const trackingJourneysRoutes = {
  journeys: route({ security: 'tenant', method: 'GET', path: '/api/journey/1', operationId: 'listJourneyPairs' }),
  journeyDevices: route({
    security: 'tenant',
    method: 'GET',
    path: '/api/journey/devices/:originId/:destinationId/:weeks',
    operationId: 'listJourneyDevices',
  }),
  deviceJourneys: route({ security: 'tenant', method: 'GET', path: '/api/device/journeys/:device_id', operationId: 'listDeviceJourneys' }),
  arriveStats: route({
    security: 'tenant',
    method: 'GET',
    path: '/api/location/arrive_stats/:locationId/:week',
    operationId: 'getLocationArrivals',
  }),
  cycleStats: route({ security: 'tenant', method: 'GET', path: '/api/location/cycle/stats', operationId: 'getCycleStats' }),
  cycleDetail: route({ security: 'tenant', method: 'GET', path: '/api/location/cycle/detail', operationId: 'listCycleDetail' }),
  cycleHistory: route({ security: 'tenant', method: 'GET', path: '/api/location/cycle/history', operationId: 'getCycleHistory' }),
  cycleDonut: route({ security: 'tenant', method: 'GET', path: '/api/location/cycle/donut', operationId: 'getCycleDonut' }),
  poiReport: route({ security: 'tenant', method: 'GET', path: '/api/poi/report', operationId: 'getPoiReport' }),
  journeyWatchlist: route({ security: 'tenant', method: 'GET', path: '/api/watchlist/journey', operationId: 'getJourneyWatchlist' }),
  watchJourney: route({ security: 'tenant', method: 'POST', path: '/api/watchlist/journey', operationId: 'watchJourney' }),
  unwatchJourney: route({ security: 'tenant', method: 'DELETE', path: '/api/watchlist/journey', operationId: 'unwatchJourney' }),
};
