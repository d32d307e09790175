import type { Queryable } from '../../db/database';
import { routesPlugin } from '../../server-module';
import { createPositionStore } from './position-store';
import type { PositionsHook } from './tracking.public';
import { createTrackingRepository } from './tracking.repository';
import { registerTrackingRoutes } from './tracking.routes';
import { createLocationsRepository } from './locations.repository';
import { registerLocationRoutes } from './locations.routes';
import { createLocationsService } from './locations.service';
import { createVisitDerivation } from './visit-derivation';
import { createVisitsRepository } from './visits.repository';
import { registerJourneyRoutes } from './journeys.routes';

/**
 * Tracking mode: trackers, POIs, positions and each tracker's latest state (tracking_devices, locations,
 * tracking_positions, tracking_latest). It stores the positions the ingest path hands it and passes the steps
 * it finds on to whoever the device pipeline plugs in (tracking alerts).
 */
export function createTrackingModule({ db }: { db: Queryable }) {
  const repository = createTrackingRepository(db);
  const locations = createLocationsService(db, createLocationsRepository(db));
  const deriveVisits = createVisitDerivation(createVisitsRepository());
  return {
    name: 'tracking',
    api: routesPlugin((api) => {
      registerTrackingRoutes(api, repository);
      registerLocationRoutes(api, locations);
      registerJourneyRoutes(api, db);
    }),
    deviceExists: (tenantId: string, deviceId: string) => repository.deviceExists(tenantId, deviceId),
    locationExists: (tenantId: string, locationId: string) => repository.locationExists(tenantId, locationId),
    states: (tenantId: string, deviceIds: readonly string[] | null, q: Queryable) => repository.states(tenantId, deviceIds, q),
    /** The positions' way into the ingest transaction (ingest's PositionIngest), new steps handed to `afterPositions`. */
    positionIngest: (afterPositions?: PositionsHook) => ({
      registered: (tx: Queryable, tenantId: string, deviceIds: readonly string[]) => repository.registeredTrackers(tx, tenantId, deviceIds),
      store: createPositionStore(repository, afterPositions, deriveVisits),
    }),
  };
}
export type TrackingModule = ReturnType<typeof createTrackingModule>;
