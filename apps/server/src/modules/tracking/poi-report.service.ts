import type { PoiReport } from '@gridlens/contract/tracking-journeys';
import type { PositionCategory } from '@gridlens/domain/tracking/enumerations';
import { movementOf } from '@gridlens/domain/tracking/movement';
import { medianOf, meanOf } from '@gridlens/domain/tracking/weeks';
import { notFound } from '../../http/http-error';
import type { JourneysRepository } from './journeys.repository';
import { dwellOf, recentSpan, type TimeZoneOf } from './journeys.service';

const HOUR_MS = 3_600_000;
const hoursOrNull = (valueMs: number | null) => (valueMs === null ? null : valueMs / HOUR_MS);
const CATEGORIES: PositionCategory[] = ['Friendly', 'Non-Friendly', 'Outside POIs', 'No location data'];

interface Counts {
  devices: number;
  static: number;
  fluid: number;
}

/**
 * The POI report (the fleet report tab, /poi and /poi_snapshot): where the assets are now, per POI and location
 * type, Static or Fluid by the tenant's period (domain `movementOf`), and each POI's arrivals and dwell times.
 * With a customer chosen, the figures "now" count that customer's devices only, by the Devices list's rule.
 */
export function createPoiReportService(
  repository: JourneysRepository,
  staticAfterHours: (tenantId: string) => Promise<number>,
  timeZoneOf: TimeZoneOf,
  now = () => Date.now(),
) {
  return async (tenantId: string, query: { num_weeks: number; customer_id?: string; location_id?: string }): Promise<PoiReport> => {
    const nowMs = now();
    const { weeks, fromMs, toMs } = recentSpan(nowMs, query.num_weeks, await timeZoneOf(tenantId));
    const [places, allDevices, allLatest, hours] = await Promise.all([
      repository.places(tenantId),
      repository.devices(tenantId),
      repository.latest(tenantId),
      staticAfterHours(tenantId),
    ]);
    if (query.location_id !== undefined && !places.some((p) => p.location_id === query.location_id)) throw notFound('Location');
    if (query.customer_id !== undefined && !(await repository.customerExists(tenantId, query.customer_id))) throw notFound('Customer');
    const customers = query.customer_id === undefined ? null : await repository.customerDeviceIds(tenantId, query.customer_id);
    const devices = customers === null ? allDevices : allDevices.filter((d) => customers.has(d.device_id));
    const latest = customers === null ? allLatest : allLatest.filter((row) => customers.has(row.device_id));
    const shown = places.filter(
      (p) =>
        (query.location_id === undefined || p.location_id === query.location_id) &&
        (query.customer_id === undefined || p.location_type === 'Friendly' || p.customer_id === query.customer_id),
    );
    const typeOf = new Map(places.map((p) => [p.location_id, p.location_type]));
    const byLocation = new Map<string, Counts>();
    const byType = new Map<PositionCategory, Counts>(CATEGORIES.map((c) => [c, { devices: 0, static: 0, fluid: 0 }]));
    const add = (counts: Counts, movement: 'Static' | 'Fluid' | null) => {
      counts.devices += 1;
      if (movement === 'Static') counts.static += 1;
      if (movement === 'Fluid') counts.fluid += 1;
    };
    const reported = new Set<string>();
    for (const row of latest) {
      reported.add(row.device_id);
      const movement = movementOf(new Date(row.still_since).getTime(), nowMs, hours);
      const type = row.location_id === null ? undefined : typeOf.get(row.location_id);
      add(byType.get(type ?? 'Outside POIs') as Counts, movement);
      if (row.location_id === null || type === undefined) continue;
      const counts = byLocation.get(row.location_id) ?? { devices: 0, static: 0, fluid: 0 };
      add(counts, movement);
      byLocation.set(row.location_id, counts);
    }
    (byType.get('No location data') as Counts).devices = devices.filter((d) => !reported.has(d.device_id)).length;
    const visits = await repository.visitsArriving(
      tenantId,
      shown.map((p) => p.location_id),
      fromMs,
      toMs,
    );
    const dwellsByLocation = new Map<string, number[]>();
    for (const v of visits) {
      const list = dwellsByLocation.get(v.location_id);
      if (list) list.push(dwellOf(v));
      else dwellsByLocation.set(v.location_id, [dwellOf(v)]);
    }
    return {
      weeks,
      static_after_hours: hours,
      has_data: visits.length > 0,
      by_type: CATEGORIES.map((category) => ({ category, ...(byType.get(category) as Counts) })),
      locations: shown
        .map((p) => {
          const dwells = dwellsByLocation.get(p.location_id) ?? [];
          return {
            location_id: p.location_id,
            name: p.full_name,
            location_type: p.location_type,
            customer_id: p.customer_id,
            ...(byLocation.get(p.location_id) ?? { devices: 0, static: 0, fluid: 0 }),
            arrivals: dwells.length,
            median_dwell_hours: hoursOrNull(medianOf(dwells)),
            mean_dwell_hours: hoursOrNull(meanOf(dwells)),
          };
        })
        .sort((a, b) => a.name.localeCompare(b.name) || a.location_id.localeCompare(b.location_id)),
    };
  };
}
