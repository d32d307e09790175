import { route } from '../route';

/** Tracking places (spec §7 /api/location/*, /api/watchlist/location, /api/customer); list and add are in tracking.ts. */
export const trackingLocationsRoutes = {
  stats: route({ security: 'tenant', method: 'GET', path: '/api/location/stats', operationId: 'getLocationStats' }),
  categories: route({ security: 'tenant', method: 'GET', path: '/api/location/category', operationId: 'getLocationCategories' }),
  possiblePois: route({ security: 'tenant', method: 'GET', path: '/api/location/possible_pois', operationId: 'listPossiblePois' }),
  devicesAt: route({ security: 'tenant', method: 'GET', path: '/api/location/devices/:locationId', operationId: 'listDevicesAtLocation' }),
  item: route({ security: 'tenant', method: 'GET', path: '/api/location/:locationId', operationId: 'getLocation' }),
  update: route({ security: 'tenant', method: 'PUT', path: '/api/location/:locationId', operationId: 'updateLocation' }),
  remove: route({ security: 'tenant', method: 'DELETE', path: '/api/location/:locationId', operationId: 'deleteLocation' }),
  watchlist: route({ security: 'tenant', method: 'GET', path: '/api/watchlist/location', operationId: 'getLocationWatchlist' }),
  watch: route({ security: 'tenant', method: 'POST', path: '/api/watchlist/location', operationId: 'watchLocation' }),
  unwatch: route({ security: 'tenant', method: 'DELETE', path: '/api/watchlist/location/:locationId', operationId: 'unwatchLocation' }),
  customers: route({ security: 'tenant', method: 'GET', path: '/api/customer', operationId: 'listCustomers' }),
  placeSearch: route({ security: 'tenant', method: 'GET', path: '/api/place-search', operationId: 'searchPlaces' }),
};
