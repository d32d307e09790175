import type { CycleDetail, CycleDonut, CycleHistory, CycleQuery, CycleStats } from '@gridlens/contract/tracking-journeys';
import { CYCLE_PHASES, cycleMsOf, cyclesOf, type Cycle, type CycleState } from '@gridlens/domain/tracking/cycles';
import type { Visit } from '@gridlens/domain/tracking/visits';
import { daysBefore, zonedDayStartMs } from '@gridlens/domain/time-range';
import { medianOf, meanOf, zonedWeekIdOf, zonedWeekSpan } from '@gridlens/domain/tracking/weeks';
import { notFound } from '../../http/http-error';
import { isoOf } from '../../http/iso-timestamp';
import type { DeviceRow, JourneysRepository } from './journeys.repository';
import { recentSpan, type TimeZoneOf } from './journeys.service';

const HOUR_MS = 3_600_000;
const ms = (value: Date | string) => new Date(value).getTime();
const hoursOrNull = (valueMs: number | null) => (valueMs === null ? null : valueMs / HOUR_MS);

interface DeviceCycleFigures {
  device: DeviceRow;
  state: CycleState;
  /** The cycles leaving in the span, each with its time (null: under way and not included). */
  cycles: { cycle: Cycle; cycleMs: number | null }[];
}

/** The cycle stats (GET /api/location/cycle/stats) of some devices' figures. */
function statsOf(devices: readonly DeviceCycleFigures[]): CycleStats {
  const all = devices.flatMap((d) => d.cycles);
  const counted = all.flatMap((c) => (c.cycleMs === null ? [] : [c.cycleMs]));
  return {
    cycles: counted.length,
    finished: all.filter((c) => c.cycle.returnMs !== null).length,
    midcycle: all.filter((c) => c.cycle.returnMs === null).length,
    devices: devices.filter((d) => d.cycles.some((c) => c.cycleMs !== null)).length,
    median_hours: hoursOrNull(medianOf(counted)),
    mean_hours: hoursOrNull(meanOf(counted)),
    min_hours: counted.length === 0 ? null : Math.min(...counted) / HOUR_MS,
    max_hours: counted.length === 0 ? null : Math.max(...counted) / HOUR_MS,
  };
}

/**
 * Cycles (spec §7 /api/location/cycle/…): each device's cycles are derived from its stored visits on each call
 * (domain `cyclesOf`), since the start location is the caller's choice; the span's cycles are those leaving in it.
 */
export function createCyclesService(repository: JourneysRepository, timeZoneOf: TimeZoneOf, now = () => Date.now()) {
  async function figures(
    tenantId: string,
    query: CycleQuery,
  ): Promise<{ devices: DeviceCycleFigures[]; spanStartMs: number; spanEndMs: number; nowMs: number; timeZone: string }> {
    const nowMs = now();
    const timeZone = await timeZoneOf(tenantId);
    const [places, devices] = await Promise.all([repository.places(tenantId), repository.devices(tenantId)]);
    if (query.start_location_id !== undefined && !places.some((p) => p.location_id === query.start_location_id)) throw notFound('Location');
    if (query.device_id !== undefined && !devices.some((d) => d.device_id === query.device_id)) throw notFound('Device');
    if (query.customer_id !== undefined && !(await repository.customerExists(tenantId, query.customer_id))) throw notFound('Customer');
    const startIds =
      query.start_location_id !== undefined
        ? [query.start_location_id]
        : places.filter((p) => p.location_type === 'Friendly').map((p) => p.location_id);
    const span =
      query.start_date !== undefined && query.end_date !== undefined
        ? { fromMs: zonedDayStartMs(query.start_date, timeZone), toMs: zonedDayStartMs(daysBefore(query.end_date, -1), timeZone) }
        : recentSpan(nowMs, query.num_weeks, timeZone);
    const customerSites = new Set(places.filter((p) => p.customer_id === query.customer_id).map((p) => p.location_id));
    const starts = new Set(startIds);
    const visitsByDevice = new Map<string, Visit[]>();
    for (const row of await repository.cycleVisits(tenantId, startIds, span.fromMs)) {
      const visit: Visit = {
        locationId: row.location_id,
        arrivalMs: ms(row.arrived_at),
        departureMs: row.departed_at === null ? null : ms(row.departed_at),
        lastSeenMs: ms(row.last_seen_at),
        fixCount: 0,
      };
      const list = visitsByDevice.get(row.device_id);
      if (list) list.push(visit);
      else visitsByDevice.set(row.device_id, [visit]);
    }
    const chosen = devices
      .filter(
        (d) =>
          (query.category === undefined || d.device_type === query.category) &&
          (query.device_id === undefined || d.device_id === query.device_id),
      )
      .sort((a, b) => a.name.localeCompare(b.name) || a.device_id.localeCompare(b.device_id));
    const result: DeviceCycleFigures[] = [];
    for (const device of chosen) {
      const { cycles, state } = cyclesOf(visitsByDevice.get(device.device_id) ?? [], (id) => starts.has(id));
      const inSpan = cycles
        .filter((c) => c.departureMs >= span.fromMs && c.departureMs < span.toMs)
        .filter((c) => query.customer_id === undefined || c.sitesVisited.some((s) => customerSites.has(s)))
        .map((cycle) => ({ cycle, cycleMs: cycleMsOf(cycle, nowMs, query.include_midcycle) }));
      const atCustomer = state.locationId !== null && customerSites.has(state.locationId);
      if (query.customer_id !== undefined && inSpan.length === 0 && !atCustomer) continue;
      result.push({ device, state, cycles: inSpan });
    }
    return { devices: result, spanStartMs: span.fromMs, spanEndMs: span.toMs, nowMs, timeZone };
  }

  return {
    async stats(tenantId: string, query: CycleQuery): Promise<CycleStats> {
      return statsOf((await figures(tenantId, query)).devices);
    },

    /**
     * The span's stats of all the devices and of each tracker type, from one read of the visits: what `stats` gives
     * for the query and for the query with each `category`, without reading the same visits once per type.
     */
    async statsByType(tenantId: string, query: Omit<CycleQuery, 'category'>) {
      const { devices } = await figures(tenantId, query);
      return {
        all: statsOf(devices),
        ofType: (type: string): CycleStats => statsOf(devices.filter((d) => d.device.device_type === type)),
      };
    },

    async detail(tenantId: string, query: CycleQuery): Promise<CycleDetail> {
      const { devices } = await figures(tenantId, query);
      return devices.map(({ device, state, cycles }) => {
        const counted = cycles.flatMap((c) => (c.cycleMs === null ? [] : [c.cycleMs]));
        const finished = cycles.filter((c) => c.cycle.returnMs !== null);
        const last = finished[finished.length - 1];
        return {
          ...device,
          phase: state.phase,
          phase_since: state.sinceMs === null ? null : isoOf(new Date(state.sinceMs)),
          location_id: state.locationId,
          cycles: counted.length,
          last_cycle_hours: last ? hoursOrNull(last.cycleMs) : null,
          mean_cycle_hours: hoursOrNull(meanOf(counted)),
        };
      });
    },

    async history(tenantId: string, query: CycleQuery): Promise<CycleHistory> {
      const { devices, spanStartMs, spanEndMs, nowMs, timeZone } = await figures(tenantId, query);
      const weeks: { week: string; toMs: number }[] = [];
      for (let week = zonedWeekIdOf(spanStartMs, timeZone); ; week = daysBefore(week, -7)) {
        const { fromMs, toMs } = zonedWeekSpan(week, timeZone);
        if (fromMs >= spanEndMs) break;
        weeks.push({ week, toMs });
      }
      const all = devices.flatMap((d) => d.cycles);
      return weeks.map(({ week, toMs }) => {
        const counted = all.flatMap((c) =>
          c.cycleMs !== null && zonedWeekIdOf(c.cycle.departureMs, timeZone) === week ? [c.cycleMs] : [],
        );
        return {
          week,
          cycles: counted.length,
          median_hours: hoursOrNull(medianOf(counted)),
          mean_hours: hoursOrNull(meanOf(counted)),
          // The week under way: its cycles so far, marked as the other screens mark today so far.
          partial: toMs > nowMs,
        };
      });
    },

    async donut(tenantId: string, query: CycleQuery): Promise<CycleDonut> {
      const { devices } = await figures(tenantId, query);
      return CYCLE_PHASES.map((phase) => ({ phase, devices: devices.filter((d) => d.state.phase === phase).length }));
    },
  };
}
export type CyclesService = ReturnType<typeof createCyclesService>;
