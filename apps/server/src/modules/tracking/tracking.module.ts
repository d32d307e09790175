import type { Queryable } from '../../db/database';
import { routesPlugin } from '../../server-module';
import { createDeviceHistoryRepository } from './device-history.repository';
import { createDeviceSettingsService } from './device-settings.service';
import { createDevicesRepository } from './devices.repository';
import { registerDevicesRoutes } from './devices.routes';
import { createDevicesService } from './devices.service';
import { createDownlinksRepository } from './downlinks.repository';
import { createPositionStore } from './position-store';
import { storeTrackerMessages } from './tracker-store';
import { upsertTrackerStatus } from './tracker-status.repository';
import type { PositionMessage, TrackerMessage } from '@gridlens/contract/ingest';
import type { TrackerType } from '@gridlens/domain/tracking/enumerations';
import { createTrackerWatchlistRepository } from './tracker-watchlist.repository';
import type { PositionsHook } from './tracking.public';
import { createTrackingRepository } from './tracking.repository';
import { registerTrackingRoutes } from './tracking.routes';
import { createLocationsRepository } from './locations.repository';
import { createPlaceRegistryRepository, type RegisteredCustomer, type RegisteredPoi } from './place-registry.repository';
import { createGazetteer } from './gazetteer';
import { registerLocationRoutes } from './locations.routes';
import { createLocationsService } from './locations.service';
import { createVisitDerivation } from './visit-derivation';
import type { TenantMovementPeriod } from '../tenants/tenants.module';
import { createVisitsRepository } from './visits.repository';
import { registerJourneyRoutes } from './journeys.routes';
import { createReportFigures } from './report-figures';

/**
 * Tracking mode: trackers, POIs, positions and each tracker's latest state (tracking_devices, locations,
 * tracking_positions, tracking_latest), a tracker's other messages, newest message, settings downlinks and
 * watchlist entries (tracker_messages, tracker_status, tracker_downlinks, tracker_watchlist). It stores the
 * messages the ingest path hands it and passes the steps it finds on to whoever the device pipeline plugs in
 * (tracking alerts).
 */
export function createTrackingModule({
  db,
  movementPeriod,
  timeZoneOf,
  afterPositions,
  locationRemoving,
}: {
  db: Queryable;
  movementPeriod: TenantMovementPeriod;
  /** The tenant's time zone: journeys, arrivals and cycles count the weeks of its calendar. */
  timeZoneOf: (tenantId: string) => Promise<string>;
  /** Handed each batch's new steps, in the ingest transaction (the after-positions hook: tracking alerts listen). */
  afterPositions?: PositionsHook;
  /** Asked before a POI is deleted (the location-removing hook: alerts refuse while a rule watches it). */
  locationRemoving?: (tenantId: string, locationId: string) => Promise<void>;
}) {
  const repository = createTrackingRepository(db);
  const places = createPlaceRegistryRepository(db);
  const storePositions = createPositionStore(repository, afterPositions, createVisitDerivation(createVisitsRepository()));
  const locations = createLocationsService(db, createLocationsRepository(db), locationRemoving);
  const gazetteer = createGazetteer();
  const history = createDeviceHistoryRepository(db);
  const devices = createDevicesService(createDevicesRepository(db), history, movementPeriod.read);
  const settings = createDeviceSettingsService(createDownlinksRepository(db), (tenantId, deviceId) =>
    repository.deviceExists(tenantId, deviceId),
  );
  return {
    name: 'tracking',
    api: routesPlugin((api) => {
      registerTrackingRoutes(api, repository, (tenantId, userId, deviceId) => devices.item(tenantId, userId, deviceId));
      registerDevicesRoutes(api, devices, settings, movementPeriod);
      registerLocationRoutes(api, locations, gazetteer);
      registerJourneyRoutes(api, db, {
        deviceExists: (tenantId, deviceId) => repository.deviceExists(tenantId, deviceId),
        locationExists: (tenantId, locationId) => repository.locationExists(tenantId, locationId),
        staticAfterHours: movementPeriod.read,
        timeZoneOf: (tenantId) => timeZoneOf(tenantId),
      });
    }),
    deviceExists: (tenantId: string, deviceId: string) => repository.deviceExists(tenantId, deviceId),
    /** The screens' figures for the fleet reports, read through the screens' own services. */
    reportFigures: createReportFigures({ db, devices, history, locations, staticAfterHours: movementPeriod.read, timeZoneOf }),
    locationExists: (tenantId: string, locationId: string) => repository.locationExists(tenantId, locationId),
    states: (tenantId: string, deviceIds: readonly string[] | null = null, q?: Queryable) => repository.states(tenantId, deviceIds, q),
    /** Registers a tracker unless the tenant has it (the demo fleet); true when it was added. */
    registerTracker: (tenantId: string, device: { device_id: string; name: string; device_type: TrackerType }) =>
      repository.insertDevice(tenantId, device),
    /** Registers a customer unless the tenant has it (the demo's); true when it was added. */
    registerCustomer: (tenantId: string, customer: RegisteredCustomer) => places.insertCustomer(tenantId, customer),
    /** Registers a POI unless the tenant has it (the demo's); true when it was added. */
    registerPoi: (tenantId: string, poi: RegisteredPoi) => places.insertPoi(tenantId, poi),
    /** The trackers on users' device watchlists (the assets module's /api/watchlist/device lists them too). */
    watchlist: createTrackerWatchlistRepository(db),
    /** A tracker's pending settings downlinks, for its own fetch under /ingest/v1 (the ingest module's route). */
    pendingDownlinks: (tenantId: string, deviceId: string) => settings.pending(tenantId, deviceId),
    /** The positions' way into the ingest transaction (ingest's PositionIngest), new steps handed to `afterPositions`. */
    positions: {
      registered: (tx: Queryable, tenantId: string, deviceIds: readonly string[]) => repository.registeredTrackers(tx, tenantId, deviceIds),
      async store(tx: Queryable, tenantId: string, positions: readonly PositionMessage[], messages: readonly TrackerMessage[]) {
        const fixes = await storePositions(tx, tenantId, positions);
        const others = await storeTrackerMessages(tx, tenantId, messages);
        // Each tracker's newest message of either kind, written once for the whole batch.
        await upsertTrackerStatus(tx, tenantId, [...fixes.fresh, ...others.fresh]);
        return { positions: fixes.stored, tracker: others.stored };
      },
    },
  };
}
export type TrackingModule = ReturnType<typeof createTrackingModule>;
