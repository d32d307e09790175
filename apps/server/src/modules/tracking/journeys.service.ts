import type { DeviceJourneyList, JourneyDevices, JourneyPairs, LocationArrivals } from '@gridlens/contract/tracking-journeys';
import { daysBefore, zonedDay, zonedDayStartMs } from '@gridlens/domain/time-range';
import { medianOf, meanOf, recentZonedWeeks, zonedWeekIdOf, zonedWeekSpan } from '@gridlens/domain/tracking/weeks';
import { notFound } from '../../http/http-error';
import { isoOf } from '../../http/iso-timestamp';
import type { JourneyRow, JourneysRepository, PlaceRow, VisitRow } from './journeys.repository';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const ms = (value: Date | string) => new Date(value).getTime();
const placeOf = (p: PlaceRow) => ({ location_id: p.location_id, name: p.full_name, location_type: p.location_type });
const hoursOrNull = (valueMs: number | null) => (valueMs === null ? null : valueMs / HOUR_MS);

/** The span of the last `count` weeks of the tenant's calendar up to now: from the first one's Monday to the end of this one. */
export const recentSpan = (nowMs: number, count: number, timeZone: string) => recentZonedWeeks(nowMs, count, timeZone);

/** The tenant's time zone, whose calendar the weeks follow (the tenants module's `timeZoneOf`). */
export type TimeZoneOf = (tenantId: string) => Promise<string>;

/** Journeys and arrivals as the screens read them (spec §7 /api/journey/…, /api/device/journeys, arrive_stats). */
export function createJourneysService(
  repository: JourneysRepository,
  deviceExists: (tenantId: string, deviceId: string) => Promise<boolean>,
  timeZoneOf: TimeZoneOf,
  now = () => Date.now(),
) {
  const placesOf = async (tenantId: string) => new Map((await repository.places(tenantId)).map((p) => [p.location_id, p]));
  const placeOrThrow = (places: Map<string, PlaceRow>, id: string) => {
    const place = places.get(id);
    if (!place) throw notFound('Location');
    return place;
  };
  const checkCustomer = async (tenantId: string, customerId: string | undefined) => {
    if (customerId !== undefined && !(await repository.customerExists(tenantId, customerId))) throw notFound('Customer');
  };

  return {
    checkCustomer,

    async pairs(tenantId: string, userId: string, numWeeks: number, customerId?: string): Promise<JourneyPairs> {
      await checkCustomer(tenantId, customerId);
      const timeZone = await timeZoneOf(tenantId);
      const { weeks, fromMs, toMs } = recentSpan(now(), numWeeks, timeZone);
      const [places, rows, medians, watched] = await Promise.all([
        placesOf(tenantId),
        repository.pairWeeks(tenantId, fromMs, toMs, timeZone),
        repository.pairDurations(tenantId, fromMs, toMs),
        repository.watchlist(tenantId, userId),
      ]);
      const key = (o: string, d: string) => `${o}\u0000${d}`;
      const watchSet = new Set(watched.map((w) => key(w.origin_id, w.destination_id)));
      const medianByPair = new Map(medians.map((m) => [key(m.origin_id, m.destination_id), m.median_minutes]));
      const pairs = new Map<string, JourneyPairs['pairs'][number]>();
      for (const row of rows) {
        const origin = places.get(row.origin_id);
        const destination = places.get(row.destination_id);
        // A journey to or from a removed POI is history no screen can name: left out.
        if (!origin || !destination) continue;
        if (customerId !== undefined && origin.customer_id !== customerId && destination.customer_id !== customerId) continue;
        const k = key(row.origin_id, row.destination_id);
        let pair = pairs.get(k);
        if (!pair) {
          pair = {
            origin: placeOf(origin),
            destination: placeOf(destination),
            total: 0,
            median_minutes: medianByPair.get(k) ?? null,
            watchlisted: watchSet.has(k),
            weeks: weeks.map((week) => ({ week, count: 0, median_minutes: null, mean_minutes: null })),
          };
          pairs.set(k, pair);
        }
        const week = pair.weeks.find((w) => w.week === row.week);
        if (!week) continue;
        Object.assign(week, { count: row.count, median_minutes: row.median_minutes, mean_minutes: row.mean_minutes });
        pair.total += row.count;
      }
      const ordered = [...pairs.values()].sort(
        (a, b) => b.total - a.total || a.origin.name.localeCompare(b.origin.name) || a.destination.name.localeCompare(b.destination.name),
      );
      return { weeks, pairs: ordered };
    },

    async pairDevices(tenantId: string, originId: string, destinationId: string, weeks: string | number): Promise<JourneyDevices> {
      const places = await placesOf(tenantId);
      const origin = placeOrThrow(places, originId);
      const destination = placeOrThrow(places, destinationId);
      const timeZone = await timeZoneOf(tenantId);
      const span = typeof weeks === 'number' ? recentSpan(now(), weeks, timeZone) : { weeks: [weeks], ...zonedWeekSpan(weeks, timeZone) };
      const [rows, devices] = await Promise.all([
        repository.pairJourneys(tenantId, originId, destinationId, span.fromMs, span.toMs),
        repository.devices(tenantId),
      ]);
      const deviceById = new Map(devices.map((d) => [d.device_id, d]));
      const byWeek = new Map<string, JourneyDevices['weeks'][number]['journeys']>([...span.weeks].reverse().map((w) => [w, []]));
      for (const row of rows) {
        const device = deviceById.get(row.device_id);
        if (!device) continue;
        byWeek.get(zonedWeekIdOf(ms(row.arrived_at), timeZone))?.push({ ...device, ...timesOf(row) });
      }
      return {
        origin: placeOf(origin),
        destination: placeOf(destination),
        weeks: [...byWeek].map(([week, journeys]) => ({ week, journeys })),
      };
    },

    async deviceJourneys(tenantId: string, deviceId: string, numWeeks: number): Promise<DeviceJourneyList> {
      if (!(await deviceExists(tenantId, deviceId))) throw notFound('Device');
      const timeZone = await timeZoneOf(tenantId);
      const [places, rows] = await Promise.all([
        placesOf(tenantId),
        repository.deviceJourneys(tenantId, deviceId, recentSpan(now(), numWeeks, timeZone).fromMs),
      ]);
      return rows.flatMap((row) => {
        const origin = places.get(row.origin_id);
        const destination = places.get(row.destination_id);
        if (!origin || !destination) return [];
        const week = zonedWeekIdOf(ms(row.arrived_at), timeZone);
        return [{ origin: placeOf(origin), destination: placeOf(destination), ...timesOf(row), week }];
      });
    },

    async arrivals(tenantId: string, locationId: string, week: string): Promise<LocationArrivals> {
      const places = await placesOf(tenantId);
      const location = placeOrThrow(places, locationId);
      const timeZone = await timeZoneOf(tenantId);
      const { fromMs: startMs, toMs: endMs } = zonedWeekSpan(week, timeZone);
      const historyWeeks = Array.from({ length: 8 }, (_, i) => daysBefore(week, (7 - i) * 7));
      const historyFromMs = zonedDayStartMs(historyWeeks[0] as string, timeZone);
      const [visits, devices] = await Promise.all([
        repository.visitsArriving(tenantId, [locationId], historyFromMs, endMs),
        repository.devices(tenantId),
      ]);
      const nameOf = new Map(devices.map((d) => [d.device_id, d.name]));
      const inWeek = visits.filter((v) => ms(v.arrived_at) >= startMs);
      const dwellsMs = inWeek.map(dwellOf);
      const history = historyWeeks.map((w) => {
        const of = visits.filter((v) => zonedWeekIdOf(ms(v.arrived_at), timeZone) === w);
        return { week: w, arrivals: of.length, median_dwell_hours: hoursOrNull(medianOf(of.map(dwellOf))) };
      });
      return {
        location: placeOf(location),
        week,
        // The week's seven days of the tenant's calendar, each midnight to midnight local time.
        days: Array.from({ length: 7 }, (_, i) => {
          const date = daysBefore(week, -i);
          return { date, arrivals: inWeek.filter((v) => zonedDay(ms(v.arrived_at), timeZone) === date).length };
        }),
        dwell: {
          visits: inWeek.length,
          median_hours: hoursOrNull(medianOf(dwellsMs)),
          mean_hours: hoursOrNull(meanOf(dwellsMs)),
          max_hours: dwellsMs.length === 0 ? null : Math.max(...dwellsMs) / HOUR_MS,
        },
        visits: inWeek.map((v, i) => ({
          device_id: v.device_id,
          name: nameOf.get(v.device_id) ?? v.device_id,
          arrived_at: isoOf(v.arrived_at),
          departed_at: v.departed_at === null ? null : isoOf(v.departed_at),
          dwell_hours: (dwellsMs[i] as number) / HOUR_MS,
        })),
        history,
      };
    },
  };
}

/** A visit's dwell (domain `dwellMsOf`): to its departure, or for an ongoing one to its last fix. */
export const dwellOf = (v: VisitRow) => ms(v.departed_at ?? v.last_seen_at) - ms(v.arrived_at);

const timesOf = (row: JourneyRow) => ({
  departed_at: isoOf(row.departed_at),
  arrived_at: isoOf(row.arrived_at),
  duration_minutes: (ms(row.arrived_at) - ms(row.departed_at)) / MINUTE_MS,
});
export type JourneysService = ReturnType<typeof createJourneysService>;
