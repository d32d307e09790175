import { INGEST_BATCH_MAX, type PositionMessage } from '@gridlens/contract/ingest';
import { distanceKm, type GeoPoint } from '@gridlens/domain/geo';
import { pick, seedOf, seededRandom } from '@gridlens/domain/seeded-random';
import { DAY_MS } from '@gridlens/domain/time-range';
import type { LocationType, TrackerType } from '@gridlens/domain/tracking/enumerations';
import type { Database } from '../db/database';
import { createAlertRulesRepository, type StoredRule } from '../modules/alerts/alert-rules.repository';
import { createTrackingRepository } from '../modules/tracking/tracking.repository';
import type { SendMessages } from './demo-power-seed';

/**
 * The tracking demo: FleetCo Logistics' vans, trailers, containers and equipment moving between its depots and
 * customer sites across Ireland. Every position is a pure function of the tracker and the time, so the seed and
 * the live simulator agree, and a re-sent position is a duplicate rather than a new row.
 */

export const DEMO_TRACKING_TENANT = 'fleetco';
/** Trackers report every 15 minutes, parked or moving. */
export const POSITION_INTERVAL_MS = 15 * 60_000;
/** History sent on a fresh database: two days show journeys and the silent tracker, and seed in about a second. */
export const TRACKING_HISTORY_DAYS = 2;
/** The silent tracker stopped this long before now: past the demo's 24 h "no message" rule. */
export const SILENT_FOR_HOURS = 30;
/** Slot 0 of every tracker; a position's seq is its slot number. */
const SLOT_EPOCH_MS = Date.parse('2025-01-01T00:00:00Z');
const HOUR_MS = 3_600_000;
/** Roads wind: a straight line between two towns is about three quarters of the drive. */
const ROAD_FACTOR = 1.3;
const AVERAGE_SPEED_KMH = 70;
/** Getting out of a yard and through town, on top of the open road. */
const DRIVE_OVERHEAD_MS = 0.25 * HOUR_MS;
/** Vans' trackers run off the van: a slow drain on the road, a quick recharge on the depot's charger. */
const VAN_DRAIN_PCT_PER_HOUR = 1.2;
const VAN_CHARGE_PCT_PER_HOUR = 5;
/** GPS fixes of a parked tracker wander by some metres; well inside any POI and the 250 m "still" radius. */
const GPS_JITTER_M = 15;
const METRES_PER_DEGREE = 111_320;

/** A POI as the tracking repository adds it. */
export interface DemoPoi {
  id: string;
  name: string;
  type: LocationType;
  latitude: number;
  longitude: number;
  radiusM: number;
}

const poi = (id: string, name: string, type: LocationType, latitude: number, longitude: number, radiusM: number): DemoPoi => ({
  id,
  name,
  type,
  latitude,
  longitude,
  radiusM,
});

/** FleetCo's depots and yards (Friendly) and the customer sites its vans serve (Non-Friendly), in business parks. */
export const DEMO_POIS: readonly DemoPoi[] = [
  poi('DUB-DEPOT', 'Dublin Depot – Dublin Industrial Estate', 'Friendly', 53.3707, -6.2797, 300),
  poi('CORK-DEPOT', 'Cork Depot – Little Island', 'Friendly', 51.9065, -8.356, 350),
  poi('GALWAY-YARD', 'Galway Yard – Mervue Business Park', 'Friendly', 53.2836, -9.019, 250),
  poi('LIMERICK-YARD', 'Limerick Yard – Raheen Business Park', 'Friendly', 52.632, -8.658, 300),
  poi('SITE-ATHLONE', 'Shannon Foods – Athlone', 'Non-Friendly', 53.4205, -7.9025, 250),
  poi('SITE-WATERFORD', 'Suirside Pharma – Waterford', 'Non-Friendly', 52.247, -7.148, 300),
  poi('SITE-SLIGO', 'Atlantic Medical – Sligo', 'Non-Friendly', 54.2795, -8.49, 250),
  poi('SITE-KILKENNY', 'Nore Valley Dairy – Kilkenny', 'Non-Friendly', 52.662, -7.24, 200),
  poi('SITE-DUNDALK', 'Cooley Drinks – Dundalk', 'Non-Friendly', 53.9915, -6.418, 250),
  poi('SITE-TRALEE', 'Kerry Technology Park – Tralee', 'Non-Friendly', 52.2765, -9.667, 200),
  poi('SITE-LETTERKENNY', 'Swilly Building Supplies – Letterkenny', 'Non-Friendly', 54.956, -7.745, 150),
  poi('SITE-WEXFORD', 'Slaney Agri Supplies – Wexford', 'Non-Friendly', 52.316, -6.48, 250),
];

const POI_BY_ID = new Map(DEMO_POIS.map((p) => [p.id, p]));
const poiOf = (id: string): DemoPoi => {
  const found = POI_BY_ID.get(id);
  if (!found) throw new Error(`no demo POI ${id}`);
  return found;
};

/**
 * How a tracker moves: a van's daily round from its depot; a trailer or container staying at one place for days
 * before being towed or lifted to the next; equipment left where it is.
 */
export type Movement =
  | { kind: 'rounds'; depot: string; sites: readonly string[] }
  | { kind: 'roaming'; places: readonly string[]; stintDays: number }
  | { kind: 'static'; place: string };

export interface DemoTracker {
  device_id: string;
  name: string;
  device_type: TrackerType;
  movement: Movement;
  /** A van's tracker charges from the van; the others run down over months, and 'low' ones are near empty. */
  battery: 'van' | 'cell' | 'low';
  /** Hours before now the tracker stopped reporting (0: it reports). */
  silentForHours: number;
}

/** The customer sites each depot's vans visit. */
const ROUNDS: Record<string, readonly string[]> = {
  'DUB-DEPOT': ['SITE-DUNDALK', 'SITE-ATHLONE', 'SITE-KILKENNY', 'SITE-WEXFORD'],
  'CORK-DEPOT': ['SITE-WATERFORD', 'SITE-TRALEE', 'SITE-KILKENNY'],
  'GALWAY-YARD': ['SITE-ATHLONE', 'SITE-SLIGO', 'SITE-LETTERKENNY'],
  'LIMERICK-YARD': ['SITE-TRALEE', 'SITE-ATHLONE', 'SITE-KILKENNY'],
};

/** Vans by depot with their Irish registrations (year, county, number). */
const VANS: readonly [string, string][] = [
  ['DUB-DEPOT', '221-D-18734'],
  ['DUB-DEPOT', '222-D-20517'],
  ['DUB-DEPOT', '231-D-4412'],
  ['DUB-DEPOT', '232-D-11908'],
  ['DUB-DEPOT', '241-D-7265'],
  ['DUB-DEPOT', '191-D-30441'],
  ['CORK-DEPOT', '211-C-5530'],
  ['CORK-DEPOT', '222-C-1187'],
  ['CORK-DEPOT', '231-C-9042'],
  ['CORK-DEPOT', '241-C-2216'],
  ['GALWAY-YARD', '201-G-3379'],
  ['GALWAY-YARD', '222-G-1450'],
  ['GALWAY-YARD', '232-G-806'],
  ['LIMERICK-YARD', '212-L-4021'],
  ['LIMERICK-YARD', '231-L-2398'],
  ['LIMERICK-YARD', '242-L-611'],
];

/** The van whose tracker went quiet (unplugged in the workshop, say): the "no message" alert's case. */
export const SILENT_TRACKER_ID = 'FC-VAN-16';
/** Trackers on their last few per cent: the low-battery alert's cases. */
export const LOW_BATTERY_TRACKER_IDS = ['FC-TRL-03', 'FC-CNT-02'] as const;
/** Equipment left at a customer site for days: the "static" case. */
export const STATIC_TRACKER_ID = 'FC-EQP-01';

const van = ([depot, registration]: [string, string], i: number): DemoTracker => {
  const number = String(i + 1).padStart(2, '0');
  const deviceId = `FC-VAN-${number}`;
  return {
    device_id: deviceId,
    name: `Van ${number} – ${registration}`,
    device_type: 'Vehicle',
    movement: { kind: 'rounds', depot, sites: ROUNDS[depot] ?? [] },
    battery: 'van',
    silentForHours: deviceId === SILENT_TRACKER_ID ? SILENT_FOR_HOURS : 0,
  };
};

const other = (device_id: string, name: string, device_type: TrackerType, movement: Movement): DemoTracker => ({
  device_id,
  name,
  device_type,
  movement,
  battery: (LOW_BATTERY_TRACKER_IDS as readonly string[]).includes(device_id) ? 'low' : 'cell',
  silentForHours: 0,
});

const roaming = (stintDays: number, ...places: string[]): Movement => ({ kind: 'roaming', places, stintDays });

/** FleetCo's 24 trackers: 16 vans, and trailers, containers and equipment that move rarely or not at all. */
export const DEMO_TRACKERS: readonly DemoTracker[] = [
  ...VANS.map(van),
  other('FC-TRL-01', 'Trailer 01 – curtainsider', 'Trailer', roaming(4, 'DUB-DEPOT', 'SITE-DUNDALK', 'SITE-KILKENNY')),
  other('FC-TRL-02', 'Trailer 02 – flatbed', 'Trailer', roaming(5, 'CORK-DEPOT', 'SITE-WATERFORD', 'SITE-TRALEE')),
  other('FC-TRL-03', 'Trailer 03 – refrigerated', 'Trailer', roaming(3, 'LIMERICK-YARD', 'SITE-ATHLONE', 'SITE-SLIGO')),
  other('FC-CNT-01', 'Container 01 – 20 ft site store', 'Container', roaming(6, 'GALWAY-YARD', 'SITE-SLIGO', 'SITE-LETTERKENNY')),
  other('FC-CNT-02', 'Container 02 – 40 ft storage', 'Container', roaming(7, 'SITE-WEXFORD', 'DUB-DEPOT')),
  other('FC-EQP-01', 'Generator 60 kVA', 'Equipment', { kind: 'static', place: 'SITE-KILKENNY' }),
  other('FC-EQP-02', 'Cable drum trailer', 'Equipment', roaming(5, 'DUB-DEPOT', 'SITE-WEXFORD', 'SITE-KILKENNY')),
  other('FC-EQP-03', 'Lighting tower', 'Equipment', { kind: 'static', place: 'GALWAY-YARD' }),
];

// ---------------------------------------------------------------------------------------------------------------
// Movement model

/** Where a tracker is at an instant, as the model means it (the server places positions in POIs itself). */
export interface TrackerState extends GeoPoint {
  /** The POI it is parked in, or null while on the road. */
  parkedAt: string | null;
  batteryPct: number;
}

const DUBLIN_CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Dublin',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

/** Irish local time as a day number and the time into that day: vans keep Irish hours, summer time included. */
export function dublinClock(atMs: number): { day: number; msOfDay: number } {
  const parts = DUBLIN_CLOCK.formatToParts(atMs);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const localMs = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute')) + (atMs % 60_000);
  const day = Math.floor(localMs / DAY_MS);
  return { day, msOfDay: localMs - day * DAY_MS };
}

/** A point moved north and east by some metres (flat-earth: fine over a few hundred metres). */
function shifted(point: GeoPoint, northM: number, eastM: number): GeoPoint {
  return {
    latitude: point.latitude + northM / METRES_PER_DEGREE,
    longitude: point.longitude + eastM / (METRES_PER_DEGREE * Math.cos((point.latitude * Math.PI) / 180)),
  };
}

/** A tracker's own parking spot in a POI, within the inner half of its radius, so GPS wander stays inside. */
function spotIn(deviceId: string, place: DemoPoi): GeoPoint {
  const random = seededRandom(seedOf(`${deviceId}:spot:${place.id}`));
  const angle = random() * 2 * Math.PI;
  const distanceM = place.radiusM * 0.45 * Math.sqrt(random());
  return shifted(place, distanceM * Math.cos(angle), distanceM * Math.sin(angle));
}

const otherThan = <T>(items: readonly T[], item: T) => items.filter((i) => i !== item);

const between = (a: GeoPoint, b: GeoPoint, fraction: number): GeoPoint => ({
  latitude: a.latitude + (b.latitude - a.latitude) * fraction,
  longitude: a.longitude + (b.longitude - a.longitude) * fraction,
});

const driveMs = (from: GeoPoint, to: GeoPoint) => ((distanceKm(from, to) * ROAD_FACTOR) / AVERAGE_SPEED_KMH) * HOUR_MS + DRIVE_OVERHEAD_MS;

/** A stretch of a van's day, in ms of the local day: a drive between two spots, or a stay at a POI. */
interface Segment {
  fromMs: number;
  toMs: number;
  from: GeoPoint;
  to: GeoPoint;
  parkedAt: string | null;
}

/** Drives from the depot through the sites and back, staying its dwell time at each site. */
function itinerary(deviceId: string, depot: DemoPoi, sites: readonly DemoPoi[], dwellsMs: readonly number[], departMs: number): Segment[] {
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
    segments.push({ fromMs: clock, toMs, from: here, to: here, parkedAt: site.id });
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
  const sites = movement.sites.map(poiOf);
  const first = pick(random, sites);
  const second = pick(random, otherThan(sites, first));
  const departMs = 7 * HOUR_MS + random() * 1.5 * HOUR_MS;
  const dwellsMs = [HOUR_MS + random() * 2 * HOUR_MS, HOUR_MS + random() * 2 * HOUR_MS];
  const depot = poiOf(movement.depot);
  const plan = itinerary(deviceId, depot, random() < 0.55 ? [first, second] : [first], dwellsMs, departMs);
  return (plan.at(-1)?.toMs ?? 0) > 20 * HOUR_MS ? itinerary(deviceId, depot, [first], dwellsMs, departMs) : plan;
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

function vanState(tracker: DemoTracker, movement: Extract<Movement, { kind: 'rounds' }>, atMs: number): TrackerState {
  const { day, msOfDay } = dublinClock(atMs);
  const plan = vanDay(tracker.device_id, movement, day);
  const batteryPct = vanBattery(tracker.device_id, plan, msOfDay);
  const segment = plan?.find((s) => msOfDay >= s.fromMs && msOfDay < s.toMs);
  if (!segment) return { ...spotIn(tracker.device_id, poiOf(movement.depot)), parkedAt: movement.depot, batteryPct };
  const fraction = (msOfDay - segment.fromMs) / (segment.toMs - segment.fromMs);
  return { ...between(segment.from, segment.to, fraction), parkedAt: segment.parkedAt, batteryPct };
}

/** A battery cell running down over months (swapped when flat); 'low' ones stay between 7 and 19 %. */
function cellBattery(tracker: DemoTracker, atMs: number): number {
  const days = (atMs - SLOT_EPOCH_MS) / DAY_MS + (seedOf(`${tracker.device_id}:battery`) % 240);
  return tracker.battery === 'low' ? 19 - (days % 60) * 0.2 : 100 - (days % 240) * 0.3;
}

/**
 * A trailer or container stays `stintDays` at one of its places, then moves to the next (often another, sometimes
 * the same); stints start at 09:00 UTC, on a day of its own, and the move takes the drive's time.
 */
function roamingState(tracker: DemoTracker, movement: Extract<Movement, { kind: 'roaming' }>, atMs: number): TrackerState {
  const stintMs = movement.stintDays * DAY_MS;
  const phaseMs = 9 * HOUR_MS + (seedOf(tracker.device_id) % movement.stintDays) * DAY_MS;
  const stint = Math.floor((atMs - SLOT_EPOCH_MS - phaseMs) / stintMs);
  const placeOf = (n: number) => poiOf(pick(seededRandom(seedOf(`${tracker.device_id}:stint:${n}`)), movement.places));
  const here = placeOf(stint);
  const before = placeOf(stint - 1);
  const batteryPct = cellBattery(tracker, atMs);
  const sinceMoveMs = atMs - (SLOT_EPOCH_MS + phaseMs + stint * stintMs);
  const from = spotIn(tracker.device_id, before);
  const to = spotIn(tracker.device_id, here);
  const moveMs = here === before ? 0 : driveMs(from, to);
  if (sinceMoveMs < moveMs) return { ...between(from, to, sinceMoveMs / moveMs), parkedAt: null, batteryPct };
  return { ...to, parkedAt: here.id, batteryPct };
}

/** Where a demo tracker is at an instant and what its battery says (GPS wander left out). */
export function trackerStateAt(tracker: DemoTracker, atMs: number): TrackerState {
  const movement = tracker.movement;
  switch (movement.kind) {
    case 'rounds':
      return vanState(tracker, movement, atMs);
    case 'roaming':
      return roamingState(tracker, movement, atMs);
    case 'static':
      return { ...spotIn(tracker.device_id, poiOf(movement.place)), parkedAt: movement.place, batteryPct: cellBattery(tracker, atMs) };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Messages

/** Each tracker reports at its own minute within the quarter hour, so live traffic is spread out. */
const offsetMs = (deviceId: string) => (seedOf(deviceId) % 15) * 60_000;
const chance = (deviceId: string, salt: string, slot: number) => seededRandom(seedOf(`${deviceId}:${salt}:${slot}`))();
const rounded = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** Inside a building's Wi-Fi a tracker often locates itself by access points instead of satellites. */
function messageTypeOf(state: TrackerState, deviceId: string, slot: number): PositionMessage['message_type'] {
  if (state.parkedAt === null) return 'gps';
  const r = chance(deviceId, 'wifi', slot);
  return r < 0.2 ? 'TwoWifi' : r < 0.45 ? 'OneWifi' : 'gps';
}

function positionMessage(tracker: DemoTracker, slot: number): PositionMessage {
  const atMs = SLOT_EPOCH_MS + offsetMs(tracker.device_id) + slot * POSITION_INTERVAL_MS;
  const state = trackerStateAt(tracker, atMs);
  const wander = (salt: string) => (chance(tracker.device_id, salt, slot) - 0.5) * 2 * GPS_JITTER_M;
  const fix = shifted(state, wander('north'), wander('east'));
  return {
    kind: 'position',
    device_id: tracker.device_id,
    seq: slot,
    time: new Date(atMs).toISOString(),
    latitude: rounded(fix.latitude, 6),
    longitude: rounded(fix.longitude, 6),
    message_type: messageTypeOf(state, tracker.device_id, slot),
    battery_pct: rounded(state.batteryPct, 1),
  };
}

/** Every position a tracker sends in (fromMs, toMs]; a silent one sends nothing after its silence began. */
function trackerMessages(tracker: DemoTracker, fromMs: number, toMs: number, nowMs: number): PositionMessage[] {
  const silentFromMs = tracker.silentForHours > 0 ? nowMs - tracker.silentForHours * HOUR_MS : Number.POSITIVE_INFINITY;
  const offset = offsetMs(tracker.device_id);
  const firstSlot = Math.floor((fromMs - SLOT_EPOCH_MS - offset) / POSITION_INTERVAL_MS) + 1;
  const lastSlot = Math.floor((Math.min(toMs, silentFromMs) - SLOT_EPOCH_MS - offset) / POSITION_INTERVAL_MS);
  const messages: PositionMessage[] = [];
  for (let slot = firstSlot; slot <= lastSlot; slot += 1) messages.push(positionMessage(tracker, slot));
  return messages;
}

/** Every demo tracker's positions in (fromMs, toMs], in time order; silence is judged from `nowMs`. */
export function trackingMessages(fromMs: number, toMs: number, nowMs: number = toMs): PositionMessage[] {
  return DEMO_TRACKERS.flatMap((t) => trackerMessages(t, fromMs, toMs, nowMs)).sort((a, b) =>
    a.time < b.time ? -1 : a.time > b.time ? 1 : 0,
  );
}

/**
 * Sends the demo trackers' positions in (fromMs, toMs] in time order and in batches the ingest API accepts (the
 * live simulator's tick). Time order means an interrupted run leaves a clean cut the next run resumes from.
 */
export async function sendTrackingWindow(send: SendMessages, fromMs: number, toMs: number, nowMs: number = toMs): Promise<number> {
  const messages = trackingMessages(fromMs, toMs, nowMs);
  for (let i = 0; i < messages.length; i += INGEST_BATCH_MAX) {
    await send(DEMO_TRACKING_TENANT, messages.slice(i, i + INGEST_BATCH_MAX));
    // PGlite settles its promises as microtasks; a macrotask turn lets HTTP requests in between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return messages.length;
}

// ---------------------------------------------------------------------------------------------------------------
// Seeding

/** The demo's alert rules: something for the Alerts screen to show from the start (low batteries, the silent van). */
const DEMO_RULES: readonly Pick<StoredRule, 'trigger_field' | 'trigger_operator' | 'trigger_value'>[] = [
  { trigger_field: 'battery', trigger_operator: '<', trigger_value: 20 },
  { trigger_field: 'no_message', trigger_operator: '>', trigger_value: 24 },
];
const FLEET_DESK = { name: 'Fleet desk', email: 'fleet-desk@fleetco.example', nickname: null };

/** Adds the POIs and trackers the tenant lacks; returns how many of each were new. */
async function registerDemoTracking(db: Database): Promise<{ pois: number; trackers: number }> {
  const tracking = createTrackingRepository(db);
  let pois = 0;
  for (const p of DEMO_POIS) if (await tracking.insertLocation(DEMO_TRACKING_TENANT, p)) pois += 1;
  let trackers = 0;
  for (const t of DEMO_TRACKERS) if (await tracking.insertDevice(DEMO_TRACKING_TENANT, t)) trackers += 1;
  return { pois, trackers };
}

/**
 * Adds the demo rules, each with the fleet desk as recipient, only while the tenant has no tracking rules: once a
 * user has changed or deleted them, a restart must not bring them back. Returns how many were added.
 */
async function seedDemoTrackingRules(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const rules = createAlertRulesRepository(tx);
    if ((await rules.list(DEMO_TRACKING_TENANT, 'tracking')).length > 0) return 0;
    for (const rule of DEMO_RULES) {
      const stored: StoredRule = {
        ...rule,
        device_id: null,
        device_type: null,
        location_id: null,
        location_type: null,
        notify_on_clear: false,
      };
      const id = await rules.insert(DEMO_TRACKING_TENANT, 'tracking', stored, 'demo-seed');
      await rules.addRecipient(DEMO_TRACKING_TENANT, id, FLEET_DESK);
    }
    return DEMO_RULES.length;
  });
}

/** When the tenant's newest stored position was taken, or null before its first. */
async function newestPositionMs(db: Database): Promise<number | null> {
  const states = await createTrackingRepository(db).states(DEMO_TRACKING_TENANT);
  const times = states.flatMap((s) => (s.last_message_at === null ? [] : [new Date(s.last_message_at).getTime()]));
  return times.length > 0 ? Math.max(...times) : null;
}

/**
 * Registers FleetCo's POIs, trackers and demo alert rules (idempotent), then sends the positions since the newest
 * stored one, at most TRACKING_HISTORY_DAYS (or `historyDays` when fewer). The rules go in first, so the history
 * is judged by them and the low-battery alerts are there when the demo opens.
 */
export async function seedDemoTracking(
  db: Database,
  send: SendMessages,
  nowMs: number,
  historyDays: number,
): Promise<{ messages: number; fromMs: number; pois: number; trackers: number; rules: number }> {
  const { pois, trackers } = await registerDemoTracking(db);
  const rules = await seedDemoTrackingRules(db);
  const newest = await newestPositionMs(db);
  const fromMs = Math.max(nowMs - Math.min(historyDays, TRACKING_HISTORY_DAYS) * DAY_MS, newest ?? 0);
  const messages = fromMs < nowMs ? await sendTrackingWindow(send, fromMs, nowMs, nowMs) : 0;
  return { messages, fromMs, pois, trackers, rules };
}
