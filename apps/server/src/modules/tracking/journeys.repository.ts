import type { LocationType, TrackerType } from '@gridlens/domain/tracking/enumerations';
import { arrayLiteral } from '../../db/array-literal';
import type { Queryable } from '../../db/database';
import { isoTimestamp } from '../../http/iso-timestamp';
import { atCustomer } from './devices.repository';

export interface PlaceRow {
  location_id: string;
  full_name: string;
  location_type: LocationType;
  customer_id: string | null;
}

export interface DeviceRow {
  device_id: string;
  name: string;
  device_type: TrackerType;
}

export interface JourneyRow {
  device_id: string;
  origin_id: string;
  destination_id: string;
  departed_at: Date | string;
  arrived_at: Date | string;
}

export interface VisitRow {
  device_id: string;
  location_id: string;
  arrived_at: Date | string;
  departed_at: Date | string | null;
  last_seen_at: Date | string;
}

export interface PairWeekRow {
  origin_id: string;
  destination_id: string;
  week: string;
  count: number;
  median_minutes: number;
  mean_minutes: number;
}

const iso = (ms: number) => isoTimestamp(ms);
const JOURNEY_COLUMNS = 'device_id, origin_id, destination_id, departed_at, arrived_at';

/** SQL reads of the derived journeys and visits, and the journey watchlist; every statement scoped by tenant. */
export function createJourneysRepository(db: Queryable) {
  return {
    places(tenantId: string): Promise<PlaceRow[]> {
      return db.query('SELECT location_id, full_name, location_type, customer_id FROM locations WHERE tenant_id = $1', [tenantId]);
    },

    devices(tenantId: string): Promise<DeviceRow[]> {
      return db.query('SELECT device_id, name, device_type FROM tracking_devices WHERE tenant_id = $1', [tenantId]);
    },

    async customerExists(tenantId: string, customerId: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM customers WHERE tenant_id = $1 AND customer_id = $2', [tenantId, customerId])).length > 0;
    },

    /**
     * Journeys arriving in [from, to) per origin, destination and week (named by its Monday, the weeks of the
     * tenant's calendar: `timeZone` its zone), with their durations.
     */
    pairWeeks(tenantId: string, fromMs: number, toMs: number, timeZone: string): Promise<PairWeekRow[]> {
      return db.query(
        `SELECT origin_id, destination_id,
                to_char(date_trunc('week', arrived_at AT TIME ZONE $4::text), 'YYYY-MM-DD') AS week,
                count(*)::int AS count,
                (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM arrived_at - departed_at)) / 60)::float8 AS median_minutes,
                (avg(extract(epoch FROM arrived_at - departed_at)) / 60)::float8 AS mean_minutes
           FROM tracking_journeys
          WHERE tenant_id = $1 AND arrived_at >= $2 AND arrived_at < $3
          GROUP BY 1, 2, 3`,
        [tenantId, iso(fromMs), iso(toMs), timeZone],
      );
    },

    /** Every duration of each pair over [from, to), for the pairs' medians over all the weeks. */
    pairDurations(tenantId: string, fromMs: number, toMs: number) {
      return db.query<{ origin_id: string; destination_id: string; median_minutes: number }>(
        `SELECT origin_id, destination_id,
                (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM arrived_at - departed_at)) / 60)::float8 AS median_minutes
           FROM tracking_journeys WHERE tenant_id = $1 AND arrived_at >= $2 AND arrived_at < $3 GROUP BY 1, 2`,
        [tenantId, iso(fromMs), iso(toMs)],
      );
    },

    pairJourneys(tenantId: string, originId: string, destinationId: string, fromMs: number, toMs: number): Promise<JourneyRow[]> {
      return db.query(
        `SELECT ${JOURNEY_COLUMNS} FROM tracking_journeys
          WHERE tenant_id = $1 AND origin_id = $2 AND destination_id = $3 AND arrived_at >= $4 AND arrived_at < $5
          ORDER BY arrived_at DESC, device_id`,
        [tenantId, originId, destinationId, iso(fromMs), iso(toMs)],
      );
    },

    deviceJourneys(tenantId: string, deviceId: string, fromMs: number): Promise<JourneyRow[]> {
      return db.query(
        `SELECT ${JOURNEY_COLUMNS} FROM tracking_journeys WHERE tenant_id = $1 AND device_id = $2 AND arrived_at >= $3 ORDER BY arrived_at DESC`,
        [tenantId, deviceId, iso(fromMs)],
      );
    },

    /** Visits to some POIs (all when null) arriving in [from, to). */
    visitsArriving(tenantId: string, locationIds: readonly string[] | null, fromMs: number, toMs: number): Promise<VisitRow[]> {
      return db.query(
        `SELECT device_id, location_id, arrived_at, departed_at, last_seen_at FROM tracking_visits
          WHERE tenant_id = $1 AND ($2::text[] IS NULL OR location_id = ANY($2::text[])) AND arrived_at >= $3 AND arrived_at < $4
          ORDER BY arrived_at`,
        [tenantId, locationIds === null ? null : arrayLiteral(locationIds), iso(fromMs), iso(toMs)],
      );
    },

    /**
     * Each device's visits a cycle leaving from `fromMs` on needs: from its latest stay at a start location
     * arriving before then (or from then, when it has none), to now; oldest first per device.
     */
    cycleVisits(tenantId: string, startIds: readonly string[], fromMs: number): Promise<VisitRow[]> {
      return db.query(
        `WITH starts AS (
           SELECT device_id, max(arrived_at) AS at FROM tracking_visits
            WHERE tenant_id = $1 AND location_id = ANY($2::text[]) AND arrived_at < $3 GROUP BY device_id)
         SELECT v.device_id, v.location_id, v.arrived_at, v.departed_at, v.last_seen_at
           FROM tracking_visits v LEFT JOIN starts s ON s.device_id = v.device_id
          WHERE v.tenant_id = $1 AND v.arrived_at >= coalesce(s.at, $3)
          ORDER BY v.device_id, v.arrived_at`,
        [tenantId, arrayLiteral(startIds), iso(fromMs)],
      );
    },

    /** A customer's devices, by the Devices list's rule (`atCustomer`): the POI report's figures "now" count these. */
    async customerDeviceIds(tenantId: string, customerId: string): Promise<Set<string>> {
      const rows = await db.query<{ device_id: string }>(
        `SELECT d.device_id FROM tracking_devices d
           LEFT JOIN tracking_latest l ON l.tenant_id = d.tenant_id AND l.device_id = d.device_id
           LEFT JOIN locations p ON p.tenant_id = l.tenant_id AND p.location_id = l.location_id
          WHERE d.tenant_id = $1 AND ${atCustomer('$2')}`,
        [tenantId, customerId],
      );
      return new Set(rows.map((r) => r.device_id));
    },

    /** Each device's newest position: the POI it is in and since when it stands still (the POI report). */
    latest(tenantId: string) {
      return db.query<{ device_id: string; location_id: string | null; still_since: Date | string }>(
        'SELECT device_id, location_id, still_since FROM tracking_latest WHERE tenant_id = $1',
        [tenantId],
      );
    },

    watchlist(tenantId: string, userId: string) {
      return db.query<{ origin_id: string; destination_id: string; added_at: Date | string }>(
        'SELECT origin_id, destination_id, added_at FROM journey_watchlist WHERE tenant_id = $1 AND user_id = $2 ORDER BY added_at, origin_id, destination_id',
        [tenantId, userId],
      );
    },

    async watch(tenantId: string, userId: string, originId: string, destinationId: string): Promise<void> {
      await db.query(
        'INSERT INTO journey_watchlist (tenant_id, user_id, origin_id, destination_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
        [tenantId, userId, originId, destinationId],
      );
    },

    async unwatch(tenantId: string, userId: string, originId: string, destinationId: string): Promise<void> {
      await db.query('DELETE FROM journey_watchlist WHERE tenant_id = $1 AND user_id = $2 AND origin_id = $3 AND destination_id = $4', [
        tenantId,
        userId,
        originId,
        destinationId,
      ]);
    },
  };
}
export type JourneysRepository = ReturnType<typeof createJourneysRepository>;
