import { distanceKm, type GeoPoint } from '@gridlens/domain/geo';
import { pick, seedOf, seededRandom } from '@gridlens/domain/seeded-random';
import { DAY_MS } from '@gridlens/domain/time-range';
import type { CycleProfile, DemoTracker, Movement } from './demo-tracking-fleet';
import { spotIn } from './demo-tracking-places';

/**
 * Where each demo tracker is at any instant: a pure function of the tracker and the time, so the seed and the
 * live simulator agree, and a re-sent position is a duplicate rather than a new row.
 */

const HOUR_MS = 3_600_000;
/** Roads wind: a straight line between two towns is about three quarters of the drive. */
const ROAD_FACTOR = 1.3;
const AVERAGE_SPEED_KMH = 70;
/** Getting out of a yard and through town, on top of the open road. */
const DRIVE_OVERHEAD_MS = 0.25 * HOUR_MS;
/** Vans' trackers run off the van: a slow drain on the road, a quick recharge on the depot's charger. */
const VAN_DRAIN_PCT_PER_HOUR = 1.2;
const VAN_CHARGE_PCT_PER_HOUR = 5;
/** Batteries are counted from here; cycles are drawn from here on (each asset starts at its depot). */
export const DEMO_EPOCH_MS = Date.parse('2025-01-01T00:00:00Z');
const CYCLE_EPOCH_MS = Date.parse('2026-01-01T00:00:00Z');

/** Where a tracker is at an instant, as the model means it (the server places positions in POIs itself). */
export interface TrackerState extends GeoPoint {
  /** The POI or yard it is parked at, or null while on the road. */
  parkedAt: string | null;
  batteryPct: number;
}

/** A stretch of time: a drive between two spots, or a stay at a place (from = to). */
interface Segment {
  fromMs: number;
  toMs: number;
  from: GeoPoint;
  to: GeoPoint;
  parkedAt: string | null;
}

const driveMs = (from: GeoPoint, to: GeoPoint) => ((distanceKm(from, to) * ROAD_FACTOR) / AVERAGE_SPEED_KMH) * HOUR_MS + DRIVE_OVERHEAD_MS;

function stateIn(segment: Segment, atMs: number, batteryPct: number): TrackerState {
  const span = segment.toMs - segment.fromMs;
  const fraction = span === 0 ? 1 : Math.min(1, Math.max(0, (atMs - segment.fromMs) / span));
  // A literal, not a spread of an interpolated point: this runs for every slot of every tracker while seeding.
  return {
    latitude: segment.from.latitude + (segment.to.latitude - segment.from.latitude) * fraction,
    longitude: segment.from.longitude + (segment.to.longitude - segment.from.longitude) * fraction,
    parkedAt: segment.parkedAt,
    batteryPct,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Vans: a day's round from the depot, in Irish hours

const DUBLIN_CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Dublin',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

/** Dublin's offset from UTC by UTC hour (clocks change on the hour): one formatting per hour, not per position. */
const dublinOffsets = new Map<number, number>();

function dublinOffsetMs(hour: number): number {
  let offset = dublinOffsets.get(hour);
  if (offset === undefined) {
    const parts = DUBLIN_CLOCK.formatToParts(hour * HOUR_MS);
    const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
    offset = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute')) - hour * HOUR_MS;
    if (dublinOffsets.size > 100_000) dublinOffsets.clear();
    dublinOffsets.set(hour, offset);
  }
  return offset;
}

/** Irish local time as a day number and the time into that day: vans keep Irish hours, summer time included. */
export function dublinClock(atMs: number): { day: number; msOfDay: number } {
  const localMs = atMs + dublinOffsetMs(Math.floor(atMs / HOUR_MS));
  const day = Math.floor(localMs / DAY_MS);
  return { day, msOfDay: localMs - day * DAY_MS };
}

/** Drives from the depot through the sites and back, staying its dwell time at each site. */
function itinerary(deviceId: string, depot: string, sites: readonly string[], dwellsMs: readonly number[], departMs: number): Segment[] {
  const segments: Segment[] = [];
  let clock = departMs;
  let here = spotIn(deviceId, depot);
  const driveTo = (to: GeoPoint) => {
    const toMs = clock + driveMs(here, to);
    segments.push({ fromMs: clock, toMs, from: here, to, parkedAt: null });
    clock = toMs;
    here = to;
  };
  sites.forEach((site, i) => {
    driveTo(spotIn(deviceId, site));
    const toMs = clock + (dwellsMs[i] ?? HOUR_MS);
    segments.push({ fromMs: clock, toMs, from: here, to: here, parkedAt: site });
    clock = toMs;
  });
  driveTo(spotIn(deviceId, depot));
  return segments;
}

/**
 * A van's working day: out of the depot between 07:00 and 08:30, one or two customer sites with 1–3 h at each,
 * back the same evening (a second site is dropped when it would keep the van out past 20:00). Sundays off.
 */
function vanDay(deviceId: string, movement: Extract<Movement, { kind: 'rounds' }>, day: number): Segment[] | null {
  if (new Date(day * DAY_MS).getUTCDay() === 0) return null;
  const random = seededRandom(seedOf(`${deviceId}:day:${day}`));
  const first = pick(random, movement.sites);
  const second = pick(
    random,
    movement.sites.filter((s) => s !== first),
  );
  const departMs = 7 * HOUR_MS + random() * 1.5 * HOUR_MS;
  const dwellsMs = [HOUR_MS + random() * 2 * HOUR_MS, HOUR_MS + random() * 2 * HOUR_MS];
  const plan = itinerary(deviceId, movement.depot, random() < 0.55 ? [first, second] : [first], dwellsMs, departMs);
  return (plan.at(-1)?.toMs ?? 0) > 20 * HOUR_MS ? itinerary(deviceId, movement.depot, [first], dwellsMs, departMs) : plan;
}

/** A van's tracker: full in the morning, draining while out, recharging once back at the depot. */
function vanBattery(deviceId: string, plan: readonly Segment[] | null, msOfDay: number): number {
  const full = 92 + (seedOf(`${deviceId}:battery`) % 8);
  const departMs = plan?.[0]?.fromMs ?? Number.POSITIVE_INFINITY;
  const backMs = plan?.at(-1)?.toMs ?? Number.POSITIVE_INFINITY;
  if (msOfDay < departMs) return full;
  const drained = full - (VAN_DRAIN_PCT_PER_HOUR * (Math.min(msOfDay, backMs) - departMs)) / HOUR_MS;
  return msOfDay < backMs ? drained : Math.min(full, drained + (VAN_CHARGE_PCT_PER_HOUR * (msOfDay - backMs)) / HOUR_MS);
}

/** Each van's plan of the day last asked for: positions are asked for in time order, a day's many times over. */
const vanPlans = new Map<string, { day: number; plan: Segment[] | null }>();

function vanState(tracker: DemoTracker, movement: Extract<Movement, { kind: 'rounds' }>, atMs: number): TrackerState {
  const { day, msOfDay } = dublinClock(atMs);
  let cached = vanPlans.get(tracker.device_id);
  if (cached?.day !== day) {
    cached = { day, plan: vanDay(tracker.device_id, movement, day) };
    vanPlans.set(tracker.device_id, cached);
  }
  const plan = cached.plan;
  const batteryPct = vanBattery(tracker.device_id, plan, msOfDay);
  const segment = plan?.find((s) => msOfDay >= s.fromMs && msOfDay < s.toMs);
  if (!segment) return { ...spotIn(tracker.device_id, movement.depot), parkedAt: movement.depot, batteryPct };
  return stateIn(segment, msOfDay, batteryPct);
}

// ---------------------------------------------------------------------------------------------------------------
// Returnable assets: depot → (yard) → customer site → depot, again and again

/** Stays in days: [shortest, longest]; now and then a stay at the customer's lasts `long` (the asset is stuck there). */
const STAYS: Record<CycleProfile, { depot: [number, number]; site: [number, number]; stuckChance: number; stuck: [number, number] }> = {
  cage: { depot: [1, 3], site: [2, 7], stuckChance: 0.05, stuck: [18, 40] },
  trailer: { depot: [0.5, 2], site: [1, 4], stuckChance: 0.04, stuck: [14, 30] },
  container: { depot: [2, 6], site: [7, 21], stuckChance: 0.1, stuck: [28, 60] },
};
/** A lorry breaks its journey at its yard on this share of outbound legs, for 2–10 hours. */
const YARD_STOP_CHANCE = 0.5;

interface Timeline {
  segments: Segment[];
  /** Draws stays until the timeline reaches `atMs`. */
  extendTo(atMs: number): void;
}

const timelines = new Map<string, Timeline>();

/** A time on the day `ms` falls on, between 06:00 and 15:00 UTC (lorries leave in working hours), not before `notBeforeMs`. */
function workingTime(ms: number, notBeforeMs: number, random: () => number): number {
  const at = Math.floor(ms / DAY_MS) * DAY_MS + (6 + random() * 9) * HOUR_MS;
  return at < notBeforeMs ? at + DAY_MS : at;
}

function cycleTimeline(deviceId: string, movement: Extract<Movement, { kind: 'cycle' }>): Timeline {
  const random = seededRandom(seedOf(`${deviceId}:cycles`));
  const stays = STAYS[movement.profile];
  const segments: Segment[] = [];
  const days = ([shortest, longest]: [number, number]) => (shortest + random() * (longest - shortest)) * DAY_MS;
  let clock = CYCLE_EPOCH_MS;
  let place = movement.depot;
  let here = spotIn(deviceId, place);
  const stay = (placeId: string, durationMs: number, atWorkingTime: boolean) => {
    const untilMs = atWorkingTime ? workingTime(clock + durationMs, clock + HOUR_MS, random) : clock + durationMs;
    segments.push({ fromMs: clock, toMs: untilMs, from: here, to: here, parkedAt: placeId });
    clock = untilMs;
    place = placeId;
  };
  const driveTo = (placeId: string) => {
    const to = spotIn(deviceId, placeId);
    const toMs = clock + driveMs(here, to);
    segments.push({ fromMs: clock, toMs, from: here, to, parkedAt: null });
    clock = toMs;
    here = to;
  };
  // The first stay at the depot is cut at random, so assets are not all in step.
  stay(movement.depot, random() * days(stays.depot), true);
  return {
    segments,
    extendTo(atMs) {
      while (clock <= atMs) {
        if (place === movement.depot) {
          const site = pick(random, movement.sites);
          if (movement.yard !== null && random() < YARD_STOP_CHANCE) {
            driveTo(movement.yard);
            stay(movement.yard, (2 + random() * 8) * HOUR_MS, false);
          }
          driveTo(site);
          stay(site, random() < stays.stuckChance ? days(stays.stuck) : days(stays.site), true);
        } else {
          driveTo(movement.depot);
          stay(movement.depot, days(stays.depot), true);
        }
      }
    },
  };
}

function timelineOf(tracker: DemoTracker, movement: Extract<Movement, { kind: 'cycle' }>): Timeline {
  let timeline = timelines.get(tracker.device_id);
  if (!timeline) {
    timeline = cycleTimeline(tracker.device_id, movement);
    timelines.set(tracker.device_id, timeline);
  }
  return timeline;
}

const seeds = new Map<string, number>();
/** A tracker's fixed hash (asked for at every position: hashing the text each time was most of the seed's work). */
export const memoSeed = (text: string): number => {
  let seed = seeds.get(text);
  if (seed === undefined) {
    seed = seedOf(text);
    seeds.set(text, seed);
  }
  return seed;
};

/** A battery cell running down over months (swapped when flat); 'low' ones stay between 7 and 19 %. */
function cellBattery(tracker: DemoTracker, atMs: number): number {
  const days = (atMs - DEMO_EPOCH_MS) / DAY_MS + (memoSeed(`${tracker.device_id}:battery`) % 240);
  return tracker.battery === 'low' ? 19 - (days % 60) * 0.2 : 100 - (days % 240) * 0.3;
}

/** The segment of an asset's timeline at an instant (null before the timeline's start). */
function cycleSegmentAt(tracker: DemoTracker, movement: Extract<Movement, { kind: 'cycle' }>, atMs: number): Segment | null {
  if (atMs < CYCLE_EPOCH_MS) return null;
  const timeline = timelineOf(tracker, movement);
  timeline.extendTo(atMs);
  const { segments } = timeline;
  let low = 0;
  let high = segments.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (segments[mid]!.fromMs <= atMs) low = mid;
    else high = mid - 1;
  }
  return segments[low] ?? null;
}

function cycleState(tracker: DemoTracker, movement: Extract<Movement, { kind: 'cycle' }>, atMs: number): TrackerState {
  const batteryPct = cellBattery(tracker, atMs);
  const segment = cycleSegmentAt(tracker, movement, atMs);
  if (!segment) return { ...spotIn(tracker.device_id, movement.depot), parkedAt: movement.depot, batteryPct };
  return stateIn(segment, atMs, batteryPct);
}

/**
 * Until when a tracker parked at `atMs` stays where it is, when the model knows it at once (an asset's stay, the
 * equipment that never moves); null otherwise (on the road, or a van, whose day is planned in Irish hours). Lets
 * the messages skip a stay's quiet slots instead of asking where the tracker is at each one.
 */
export function stayEndMs(tracker: DemoTracker, atMs: number): number | null {
  const movement = tracker.movement;
  if (movement.kind === 'static') return Number.POSITIVE_INFINITY;
  if (movement.kind === 'rounds') return null;
  const segment = cycleSegmentAt(tracker, movement, atMs);
  return segment && segment.parkedAt !== null ? segment.toMs : null;
}

/** Where a demo tracker is at an instant and what its battery says (GPS wander left out). */
export function trackerStateAt(tracker: DemoTracker, atMs: number): TrackerState {
  const movement = tracker.movement;
  switch (movement.kind) {
    case 'rounds':
      return vanState(tracker, movement, atMs);
    case 'cycle':
      return cycleState(tracker, movement, atMs);
    case 'static':
      return { ...spotIn(tracker.device_id, movement.place), parkedAt: movement.place, batteryPct: cellBattery(tracker, atMs) };
  }
}
