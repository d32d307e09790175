import type { FastifyInstance } from 'fastify';
import { trackingJourneysApi as api } from '@gridlens/contract/tracking-journeys';
import { tenantPrincipal } from '../../auth/auth.plugin';
import type { Queryable } from '../../db/database';
import { bindEndpoint } from '../../http/bind-endpoint';
import { notFound } from '../../http/http-error';
import { isoOf } from '../../http/iso-timestamp';
import { createCyclesService } from './cycles.service';
import { createJourneysRepository } from './journeys.repository';
import { createJourneysService } from './journeys.service';
import { createPoiReportService } from './poi-report.service';

/** What the journeys need of the rest of tracking mode: its existence checks and the tenant's Static period. */
export interface JourneyLookups {
  deviceExists: (tenantId: string, deviceId: string) => Promise<boolean>;
  locationExists: (tenantId: string, locationId: string) => Promise<boolean>;
  staticAfterHours: (tenantId: string) => Promise<number>;
  /** The tenant's time zone: the weeks are those of its calendar. */
  timeZoneOf: (tenantId: string) => Promise<string>;
}

/** Journeys, arrivals, cycles, the POI report and the journey watchlist (spec §7). */
export function registerJourneyRoutes(app: FastifyInstance, db: Queryable, lookups: JourneyLookups): void {
  const repository = createJourneysRepository(db);
  const journeys = createJourneysService(repository, lookups.deviceExists, lookups.timeZoneOf);
  const cycles = createCyclesService(repository, lookups.timeZoneOf);
  const poiReport = createPoiReportService(repository, lookups.staticAfterHours, lookups.timeZoneOf);
  const watchlistOf = async (tenantId: string, userId: string) =>
    (await repository.watchlist(tenantId, userId)).map((w) => ({ ...w, added_at: isoOf(w.added_at) }));

  bindEndpoint(app, api.journeys, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return journeys.pairs(tenantId, userId, request.query.num_weeks, request.query.customer_id);
  });
  bindEndpoint(app, api.journeyDevices, (request) => {
    const { originId, destinationId, weeks } = request.params;
    return journeys.pairDevices(tenantPrincipal(request).tenantId, originId, destinationId, weeks);
  });
  bindEndpoint(app, api.deviceJourneys, (request) =>
    journeys.deviceJourneys(tenantPrincipal(request).tenantId, request.params.device_id, request.query.num_weeks),
  );
  bindEndpoint(app, api.arriveStats, (request) =>
    journeys.arrivals(tenantPrincipal(request).tenantId, request.params.locationId, request.params.week),
  );
  bindEndpoint(app, api.cycleStats, (request) => cycles.stats(tenantPrincipal(request).tenantId, request.query));
  bindEndpoint(app, api.cycleDetail, (request) => cycles.detail(tenantPrincipal(request).tenantId, request.query));
  bindEndpoint(app, api.cycleHistory, (request) => cycles.history(tenantPrincipal(request).tenantId, request.query));
  bindEndpoint(app, api.cycleDonut, (request) => cycles.donut(tenantPrincipal(request).tenantId, request.query));
  bindEndpoint(app, api.poiReport, (request) => poiReport(tenantPrincipal(request).tenantId, request.query));
  bindEndpoint(app, api.journeyWatchlist, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return watchlistOf(tenantId, userId);
  });
  bindEndpoint(app, api.watchJourney, async (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    const { origin_id: origin, destination_id: destination } = request.body;
    if (!(await lookups.locationExists(tenantId, origin)) || !(await lookups.locationExists(tenantId, destination)))
      throw notFound('Location');
    await repository.watch(tenantId, userId, request.body.origin_id, request.body.destination_id);
    return watchlistOf(tenantId, userId);
  });
  bindEndpoint(app, api.unwatchJourney, async (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    await repository.unwatch(tenantId, userId, request.body.origin_id, request.body.destination_id);
    return watchlistOf(tenantId, userId);
  });
}
