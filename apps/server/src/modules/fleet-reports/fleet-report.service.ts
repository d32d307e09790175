import type { FleetReport } from '@gridlens/contract/fleet-reports';
import { NUM_WEEKS_MAX, type CycleQuery } from '@gridlens/contract/tracking-journeys';
import { lastCompleteWeek, mondayOfIsoWeek, weekBefore, weeksUpToNow } from '@gridlens/domain/reports/iso-week';
import { weekOverWeekChange } from '@gridlens/domain/reports/kpis';
import { TRACKER_TYPES, type TrackerType } from '@gridlens/domain/tracking/enumerations';
import { isLowBatteryTracker, isSilentTracker } from '@gridlens/domain/tracking/fleet-summary';
import { medianOf, zonedWeekSpan } from '@gridlens/domain/tracking/weeks';
import { daysBefore } from '@gridlens/domain/time-range';
import { notFound, validationError } from '../../http/http-error';
import { reportHead, weekOf, type ReportDeps } from './report-context';

const HOUR_MS = 3_600_000;
/** How far back a week may be asked: the weeks the Journeys screen offers (NUM_WEEKS_MAX). */
export const MAX_WEEKS_BACK = NUM_WEEKS_MAX;
const hoursOrNull = (valueMs: number | null) => (valueMs === null ? null : valueMs / HOUR_MS);

/** The cycle query of one week of the tenant's calendar, as the POI report's cycle figures ask it. */
const weekCycles = (monday: string, customerId: string | undefined): Omit<CycleQuery, 'category'> => ({
  num_weeks: 1,
  include_midcycle: false,
  start_date: monday,
  end_date: daysBefore(monday, -6),
  ...(customerId === undefined ? {} : { customer_id: customerId }),
});

type WeekCycles = Awaited<ReturnType<ReportDeps['figures']['cycleStatsByType']>>;

/**
 * The weekly fleet report (GET /api/report/fleet). The week's figures (journeys, cycles, dwell) are those of the
 * week; where the trackers are, Static or Fluid, held, silent and low on battery are "now", as the Fleet report and
 * Devices screens show them (the tracking module keeps no history of where each tracker stood at a past moment).
 */
export function createFleetReportService(deps: ReportDeps) {
  const { figures } = deps;
  return async (
    tenantId: string,
    userId: string,
    query: { week?: string | undefined; customer?: string | undefined },
  ): Promise<FleetReport> => {
    const nowMs = deps.now();
    const head = await reportHead(deps, tenantId, nowMs);
    const customerId = query.customer;
    if (customerId !== undefined && !(await figures.customerExists(tenantId, customerId))) throw notFound('Customer');
    const monday = query.week === undefined ? lastCompleteWeek(nowMs, head.time_zone) : (mondayOfIsoWeek(query.week) as string);
    const previous = weekBefore(monday);
    // The journeys are read as the Journeys screen reads its recent weeks, up to a year back; a week to come has none.
    const numWeeks = weeksUpToNow(previous, nowMs, head.time_zone);
    if (numWeeks < 2) throw validationError([{ field: 'week', message: 'The week has not begun yet in the tenant’s calendar' }]);
    if (numWeeks > MAX_WEEKS_BACK + 1)
      throw validationError([{ field: 'week', message: `A report covers one of the last ${MAX_WEEKS_BACK} weeks` }]);
    const [customers, poi, devices, pairs] = await Promise.all([
      figures.customers(tenantId),
      figures.poiReport(tenantId, { num_weeks: 1, ...(customerId === undefined ? {} : { customer_id: customerId }) }),
      figures.devices(tenantId, userId, customerId ?? null),
      figures.journeyPairs(tenantId, userId, numWeeks, customerId),
    ]);
    const customerName = new Map(customers.map((c) => [c.customer_id, c.name]));
    const customerOfSite = new Map(poi.locations.map((l) => [l.location_id, l.customer_id]));

    const heldBy = new Map<string, FleetReport['held'][number]>();
    for (const d of devices) {
      if (d.position_category !== 'Non-Friendly' || d.movement !== 'Static' || d.location_id === null || d.still_since === null) continue;
      const owner = customerOfSite.get(d.location_id) ?? null;
      if (owner === null) continue;
      const entry = heldBy.get(owner) ?? {
        customer_id: owner,
        customer_name: customerName.get(owner) ?? owner,
        longest_hours: 0,
        devices: [],
      };
      const heldHours = (nowMs - Date.parse(d.still_since)) / HOUR_MS;
      entry.devices.push({
        device_id: d.device_id,
        name: d.name,
        location: { location_id: d.location_id, name: d.location_name ?? d.location_id },
        held_hours: heldHours,
        since: d.still_since,
      });
      entry.longest_hours = Math.max(entry.longest_hours, heldHours);
      heldBy.set(owner, entry);
    }
    const held = [...heldBy.values()]
      .map((c) => ({ ...c, devices: c.devices.sort((a, b) => b.held_hours - a.held_hours || a.name.localeCompare(b.name)) }))
      .sort((a, b) => b.longest_hours - a.longest_hours || a.customer_name.localeCompare(b.customer_name));

    const weekPairs = pairs.pairs
      .map((p) => ({
        origin: { location_id: p.origin.location_id, name: p.origin.name },
        destination: { location_id: p.destination.location_id, name: p.destination.name },
        count: p.weeks.find((w) => w.week === monday)?.count ?? 0,
        previous_count: p.weeks.find((w) => w.week === previous)?.count ?? 0,
        median_minutes: p.weeks.find((w) => w.week === monday)?.median_minutes ?? null,
      }))
      .filter((p) => p.count > 0 || p.previous_count > 0)
      .sort(
        (a, b) => b.count - a.count || a.origin.name.localeCompare(b.origin.name) || a.destination.name.localeCompare(b.destination.name),
      );
    const total = weekPairs.reduce((sum, p) => sum + p.count, 0);
    const previousTotal = weekPairs.reduce((sum, p) => sum + p.previous_count, 0);

    const allDevices = customerId === undefined ? devices : await figures.devices(tenantId, userId, null);
    const typeOf = new Map(allDevices.map((d) => [d.device_id, d.device_type]));
    // Each week's cycles read once, for all the trackers and for each type.
    const [cyclesNow, cyclesBefore] = await Promise.all([
      figures.cycleStatsByType(tenantId, weekCycles(monday, customerId)),
      figures.cycleStatsByType(tenantId, weekCycles(previous, customerId)),
    ]);
    const byType = await trackerTypeFigures(
      deps,
      tenantId,
      { monday, previous, timeZone: head.time_zone },
      { typeOf, placeIds: poi.locations.map((l) => l.location_id), cyclesNow, cyclesBefore },
    );
    const movement = { static: 0, fluid: 0 };
    for (const row of poi.by_type) {
      movement.static += row.static;
      movement.fluid += row.fluid;
    }
    return {
      ...head,
      week: weekOf(monday),
      previous_week: weekOf(previous),
      customer: customerId === undefined ? null : { customer_id: customerId, name: customerName.get(customerId) ?? customerId },
      devices: devices.length,
      by_type: poi.by_type,
      movement,
      held,
      journeys: { total, previous_total: previousTotal, pairs: weekPairs },
      by_tracker_type: byType.rows.map((row) => ({ ...row, devices: devices.filter((d) => d.device_type === row.device_type).length })),
      silent: devices
        .filter((d) => isSilentTracker(d, nowMs))
        .map((d) => ({ device_id: d.device_id, name: d.name, device_type: d.device_type, last_message_at: d.last_message_at }))
        .sort((a, b) => (a.last_message_at ?? '').localeCompare(b.last_message_at ?? '') || a.name.localeCompare(b.name)),
      low_battery: devices
        .filter((d) => isLowBatteryTracker(d) && d.battery_pct !== null)
        .map((d) => ({
          device_id: d.device_id,
          name: d.name,
          device_type: d.device_type,
          battery_pct: d.battery_pct as number,
          last_message_at: d.last_message_at,
        }))
        .sort((a, b) => a.battery_pct - b.battery_pct || a.name.localeCompare(b.name)),
      changes: {
        journeys: weekOverWeekChange(total, previousTotal),
        median_cycle_hours: weekOverWeekChange(cyclesNow.all.median_hours, cyclesBefore.all.median_hours),
        arrivals: weekOverWeekChange(byType.arrivals, byType.previousArrivals),
        median_dwell_hours: weekOverWeekChange(byType.medianDwellHours, byType.previousMedianDwellHours),
      },
    };
  };
}

/**
 * Cycle and dwell times by tracker type for a week and the week before: cycles as the POI report's cycle figures
 * count them (leaving in the week), visits as its dwell times (arriving in the week, at the POIs it lists).
 */
async function trackerTypeFigures(
  { figures }: ReportDeps,
  tenantId: string,
  { monday, previous, timeZone }: { monday: string; previous: string; timeZone: string },
  {
    typeOf,
    placeIds,
    cyclesNow,
    cyclesBefore,
  }: {
    typeOf: ReadonlyMap<string, TrackerType>;
    placeIds: readonly string[];
    /** Each week's cycle stats by tracker type (the cycles' own figures). */
    cyclesNow: WeekCycles;
    cyclesBefore: WeekCycles;
  },
) {
  const span = zonedWeekSpan(monday, timeZone);
  const before = zonedWeekSpan(previous, timeZone);
  const visits = await figures.visits(tenantId, placeIds, before.fromMs, span.toMs);
  const inWeek = visits.filter((v) => v.arrivedMs >= span.fromMs);
  const inPrevious = visits.filter((v) => v.arrivedMs < span.fromMs);
  const dwellsOf = (list: typeof visits, type?: TrackerType) =>
    list.filter((v) => type === undefined || typeOf.get(v.deviceId) === type).map((v) => v.dwellMs);
  const rows = TRACKER_TYPES.map((type) => {
    const now = cyclesNow.ofType(type);
    const then = cyclesBefore.ofType(type);
    const dwells = dwellsOf(inWeek, type);
    return {
      device_type: type,
      cycles: now.cycles,
      median_cycle_hours: now.median_hours,
      previous_median_cycle_hours: then.median_hours,
      visits: dwells.length,
      median_dwell_hours: hoursOrNull(medianOf(dwells)),
      previous_median_dwell_hours: hoursOrNull(medianOf(dwellsOf(inPrevious, type))),
    };
  });
  return {
    rows,
    arrivals: inWeek.length,
    previousArrivals: inPrevious.length,
    medianDwellHours: hoursOrNull(medianOf(dwellsOf(inWeek))),
    previousMedianDwellHours: hoursOrNull(medianOf(dwellsOf(inPrevious))),
  };
}
