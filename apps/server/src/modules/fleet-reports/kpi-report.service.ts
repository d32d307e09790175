import type { KpiReport } from '@gridlens/contract/fleet-reports';
import { lastCompleteWeek, weeksUpToNow } from '@gridlens/domain/reports/iso-week';
import { fleetUtilisationPct, heldCountAt, silentOverWeek, weekFleet } from '@gridlens/domain/reports/kpis';
import { daysBefore } from '@gridlens/domain/time-range';
import { zonedWeekSpan } from '@gridlens/domain/tracking/weeks';
import { reportHead, weekOf, type ReportDeps } from './report-context';

const DAY_MS = 86_400_000;
/** How long before the first week a stay may have begun and still be held in it: a year, as the Devices history goes. */
const HELD_LOOKBACK_DAYS = 365;
/** Journey pairs read at once for utilisation: each is a few queries, and the pool is shared with the screens. */
const PAIRS_AT_ONCE = 4;

/**
 * The KPI report (GET /api/report/kpi): the last complete weeks of the tenant's calendar, each figure read through
 * the screen that shows it (journeys: Journeys; cycles: the POI report's cycle history; the fleet: Devices) and
 * defined once in domain `reports/kpis.ts`.
 */
export function createKpiReportService(deps: ReportDeps) {
  const { figures } = deps;
  return async (tenantId: string, userId: string, numWeeks: number): Promise<KpiReport> => {
    const nowMs = deps.now();
    const head = await reportHead(deps, tenantId, nowMs);
    const zone = head.time_zone;
    const last = lastCompleteWeek(nowMs, zone);
    const mondays = Array.from({ length: numWeeks }, (_, i) => daysBefore(last, (numWeeks - 1 - i) * 7));
    const first = mondays[0] as string;
    // The current week, under way, is read too (the screens' recent weeks end with it) and left out.
    const recent = weeksUpToNow(first, nowMs, zone);
    const [pairs, cycles, places] = await Promise.all([
      figures.journeyPairs(tenantId, userId, recent),
      figures.cycleHistory(tenantId, { num_weeks: recent, include_midcycle: false }),
      figures.poiReport(tenantId, { num_weeks: 1 }),
    ]);
    const travelled = new Map<string, Set<string>>(mondays.map((m) => [m, new Set()]));
    // Who travelled, pair by pair as the journey's own page lists them, a few pairs at a time.
    const travelledPairs = pairs.pairs.filter((pair) => pair.weeks.some((w) => w.count > 0 && travelled.has(w.week)));
    for (let i = 0; i < travelledPairs.length; i += PAIRS_AT_ONCE) {
      const answers = await Promise.all(
        travelledPairs
          .slice(i, i + PAIRS_AT_ONCE)
          .map((pair) => figures.journeyDevices(tenantId, pair.origin.location_id, pair.destination.location_id, recent)),
      );
      for (const answer of answers)
        for (const week of answer.weeks) for (const j of week.journeys) travelled.get(week.week)?.add(j.device_id);
    }
    const customerSites = places.locations.filter((l) => l.location_type === 'Non-Friendly').map((l) => l.location_id);
    const firstSpan = zonedWeekSpan(first, zone);
    const stays =
      customerSites.length === 0
        ? []
        : await figures.visits(tenantId, customerSites, firstSpan.fromMs - HELD_LOOKBACK_DAYS * DAY_MS, zonedWeekSpan(last, zone).toMs);
    const weeks = await Promise.all(
      mondays.map(async (monday) => {
        const span = zonedWeekSpan(monday, zone);
        // The week's fleet: the trackers registered or heard from by its end (one installed later was not silent then).
        const [reporting, known] = await Promise.all([
          figures.reportingDevices(tenantId, span.fromMs, span.toMs),
          figures.fleetSizeBefore(tenantId, span.toMs),
        ]);
        const fleet = weekFleet(known, reporting);
        const journeys = pairs.pairs.reduce((sum, p) => sum + (p.weeks.find((w) => w.week === monday)?.count ?? 0), 0);
        return {
          week: weekOf(monday).week,
          monday,
          devices: fleet,
          utilisation_pct: fleetUtilisationPct(travelled.get(monday)?.size ?? 0, fleet),
          median_cycle_hours: cycles.find((c) => c.week === monday)?.median_hours ?? null,
          // Held at the week's end: the last moment of its Sunday.
          held_beyond_static: heldCountAt(
            stays.map((s) => ({ deviceId: s.deviceId, arrivedMs: s.arrivedMs, departedMs: s.departedMs })),
            span.toMs - 1,
            head.static_after_hours,
          ),
          silent_over_7_days: silentOverWeek(fleet, reporting),
          journeys,
        };
      }),
    );
    return { ...head, first_week: weekOf(first), last_week: weekOf(last), weeks };
  };
}
