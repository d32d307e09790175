import type { CycleQuery } from '@gridlens/contract/tracking-journeys';
import type { Queryable } from '../../db/database';
import { isoOf } from '../../http/iso-timestamp';
import { createCyclesService } from './cycles.service';
import type { DeviceHistoryRepository } from './device-history.repository';
import type { DevicesService } from './devices.service';
import { createJourneysRepository } from './journeys.repository';
import { createJourneysService, dwellOf, type TimeZoneOf } from './journeys.service';
import type { LocationsService } from './locations.service';
import { createPoiReportService } from './poi-report.service';

const ms = (value: Date | string) => new Date(value).getTime();

/**
 * The figures tracking's screens show, offered to the fleet reports (issue 29) through the very services the
 * screens call, so that a report's figure and the screen's agree for the same window: the Fleet report (POI report),
 * Journeys, cycles, Devices and the customers.
 */
export function createReportFigures({
  db,
  devices,
  history,
  locations,
  staticAfterHours,
  timeZoneOf,
}: {
  db: Queryable;
  devices: DevicesService;
  history: DeviceHistoryRepository;
  locations: LocationsService;
  staticAfterHours: (tenantId: string) => Promise<number>;
  timeZoneOf: TimeZoneOf;
}) {
  const repository = createJourneysRepository(db);
  const journeys = createJourneysService(repository, () => Promise.resolve(true), timeZoneOf);
  const cycles = createCyclesService(repository, timeZoneOf);
  const poiReport = createPoiReportService(repository, staticAfterHours, timeZoneOf);
  return {
    staticAfterHours,
    customerExists: (tenantId: string, customerId: string) => repository.customerExists(tenantId, customerId),
    customers: (tenantId: string) => locations.customers(tenantId),
    /** The POI report (GET /api/poi/report): where the trackers are now, and each POI's arrivals. */
    poiReport: (tenantId: string, query: { num_weeks: number; customer_id?: string }) => poiReport(tenantId, query),
    /** Journeys per pair and week (GET /api/journey/1). */
    journeyPairs: (tenantId: string, userId: string, numWeeks: number, customerId?: string) =>
      journeys.pairs(tenantId, userId, numWeeks, customerId),
    /** The trackers that made a pair's journeys, per week (GET /api/journey/devices/…). */
    journeyDevices: (tenantId: string, originId: string, destinationId: string, weeks: number) =>
      journeys.pairDevices(tenantId, originId, destinationId, weeks),
    cycleStats: (tenantId: string, query: CycleQuery) => cycles.stats(tenantId, query),
    /** The same stats for all the trackers and for each tracker type, from one read of the visits. */
    cycleStatsByType: (tenantId: string, query: Omit<CycleQuery, 'category'>) => cycles.statsByType(tenantId, query),
    cycleHistory: (tenantId: string, query: CycleQuery) => cycles.history(tenantId, query),
    /** The Devices list's rows (GET /api/device), movement judged now by the tenant's period. */
    devices: (tenantId: string, userId: string, customerId: string | null) => devices.rows(tenantId, userId, customerId),
    /** Visits to some POIs (all when null) arriving in [from, to), each with its dwell as the POI report counts it. */
    async visits(tenantId: string, locationIds: readonly string[] | null, fromMs: number, toMs: number) {
      return (await repository.visitsArriving(tenantId, locationIds, fromMs, toMs)).map((v) => ({
        deviceId: v.device_id,
        locationId: v.location_id,
        arrivedMs: ms(v.arrived_at),
        departedMs: v.departed_at === null ? null : ms(v.departed_at),
        dwellMs: dwellOf(v),
      }));
    },
    /** How many trackers sent any message in [from, to) (the Devices figures' "reporting"). */
    /** The trackers in the fleet by `untilMs`: registered or heard from before it. */
    fleetSizeBefore: (tenantId: string, untilMs: number) => history.fleetSizeBefore(tenantId, isoOf(new Date(untilMs))),
    async reportingDevices(tenantId: string, fromMs: number, toMs: number): Promise<number> {
      return (await history.messageCounts(tenantId, isoOf(new Date(fromMs)), isoOf(new Date(toMs)))).reporting;
    },
  };
}
export type ReportFigures = ReturnType<typeof createReportFigures>;
