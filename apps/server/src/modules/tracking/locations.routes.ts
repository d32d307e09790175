import type { FastifyInstance } from 'fastify';
import { trackingApi } from '@gridlens/contract/tracking';
import { trackingLocationsApi as api } from '@gridlens/contract/tracking-locations';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import type { Gazetteer } from './gazetteer';
import type { LocationsService } from './locations.service';

/** Tracking places (spec §7 /api/location/*, /api/watchlist/location, /api/customer), list and add included. */
export function registerLocationRoutes(app: FastifyInstance, locations: LocationsService, gazetteer: Gazetteer): void {
  bindEndpoint(app, trackingApi.locations, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return locations.list(tenantId, userId, request.query.customer_id);
  });
  bindEndpoint(app, trackingApi.addLocation, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return locations.create(tenantId, userId, request.body);
  });
  bindEndpoint(app, api.item, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return locations.item(tenantId, userId, request.params.locationId);
  });
  bindEndpoint(app, api.update, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return locations.update(tenantId, userId, request.params.locationId, request.body);
  });
  bindEndpoint(app, api.remove, async (request) => {
    await locations.remove(tenantPrincipal(request).tenantId, request.params.locationId);
    return { ok: true as const };
  });
  bindEndpoint(app, api.stats, (request) => locations.stats(tenantPrincipal(request).tenantId, request.query.customer_id));
  bindEndpoint(app, api.categories, (request) => locations.categories(tenantPrincipal(request).tenantId, request.query.customer_id));
  bindEndpoint(app, api.devicesAt, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return locations.devicesAt(tenantId, userId, request.params.locationId);
  });
  bindEndpoint(app, api.possiblePois, (request) =>
    locations.possiblePois(tenantPrincipal(request).tenantId, request.query.days, Date.now()),
  );
  bindEndpoint(app, api.watchlist, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return locations.watchlist(tenantId, userId);
  });
  bindEndpoint(app, api.watch, async (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    await locations.watch(tenantId, userId, request.body.location_id);
    return locations.watchlist(tenantId, userId);
  });
  bindEndpoint(app, api.unwatch, async (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    await locations.unwatch(tenantId, userId, request.params.locationId);
    return locations.watchlist(tenantId, userId);
  });
  bindEndpoint(app, api.customers, (request) => locations.customers(tenantPrincipal(request).tenantId));
  // The same towns for every tenant (public data), for signed-in users like every endpoint of this scope.
  bindEndpoint(app, api.placeSearch, (request) => {
    const { q, near_lat, near_lng, limit } = request.query;
    return gazetteer.search(q, { latitude: near_lat, longitude: near_lng }, limit);
  });
}
