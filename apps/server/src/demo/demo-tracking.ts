import { INGEST_BATCH_MAX, type DeviceMessage, type PositionMessage } from '@gridlens/contract/ingest';
import { seedOf, seededRandom } from '@gridlens/domain/seeded-random';
import { DAY_MS } from '@gridlens/domain/time-range';
import type { ModuleGraph } from '../module-graph';
import type { StoredRule } from '../modules/alerts/alerts.module';
import type { SendMessages } from './demo-power-seed';
import { DEMO_TRACKERS, type DemoTracker } from './demo-tracking-fleet';
import { DEMO_EPOCH_MS, memoSeed, stayEndMs, trackerStateAt, type TrackerState } from './demo-tracking-movement';
import { DEMO_CUSTOMERS, DEMO_POIS, DEMO_YARDS, shifted } from './demo-tracking-places';

/**
 * The tracking demo: FleetCo Logistics' 500 trackers on vans and returnable assets (roll cages, trailers,
 * containers) going between its depots and its customers' sites across Ireland (the model is in
 * demo-tracking-fleet.ts, -places.ts and -movement.ts). This file turns the model into the messages a tracker
 * sends and seeds them through the ingest service.
 */

export const DEMO_TRACKING_TENANT = 'fleetco';
/** The slot grid: a tracker reports on a 15-minute slot of its own; a message's seq is its slot number. */
export const POSITION_INTERVAL_MS = 15 * 60_000;
/** At rest a tracker reports once every this many slots (6 h: asset trackers save their battery when still). */
export const REST_EVERY_SLOTS = 24;
const HOUR_MS = 3_600_000;
/**
 * Messages per ingest call, well under the API's INGEST_BATCH_MAX: on PGlite a batch holds the one thread (and so
 * every request) for its whole transaction, and the history is sent while the portal already answers.
 */
const SEND_BATCH = Math.min(1_000, INGEST_BATCH_MAX);
/** GPS fixes of a parked tracker wander by some metres; well inside any POI and the 250 m "still" radius. */
const GPS_JITTER_M = 15;

const YARD_IDS = new Set(DEMO_YARDS.map((y) => y.id));
/** Each tracker reports at its own minute within the quarter hour, so live traffic is spread out. */
const offsetMs = (deviceId: string) => (memoSeed(deviceId) % 15) * 60_000;
const chance = (deviceId: string, salt: string, slot: number) => seededRandom(seedOf(`${deviceId}:${salt}:${slot}`))();
const rounded = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const slotTimeMs = (tracker: DemoTracker, slot: number) => DEMO_EPOCH_MS + offsetMs(tracker.device_id) + slot * POSITION_INTERVAL_MS;

/** Irish air: 5 °C in mid-January, 15 °C in mid-July, 3 °C warmer in the afternoon; a reefer's box stays near 3 °C. */
function temperatureC(tracker: DemoTracker, atMs: number, slot: number): number {
  const noise = chance(tracker.device_id, 'temperature', slot) - 0.5;
  if (tracker.refrigerated) return rounded(3 + noise * 1.6, 1);
  const season = Math.cos((2 * Math.PI * ((atMs / DAY_MS - 15) % 365.25)) / 365.25);
  const daily = Math.cos((2 * Math.PI * (((atMs % DAY_MS) / HOUR_MS - 15) % 24)) / 24);
  return rounded(10 - 5 * season + 3 * daily + noise * 3, 1);
}

/**
 * How a fix is found: on the road and in open yards by satellites; parked in a building's Wi-Fi often by access
 * points, and then less accurately (metres, as the tracker reports its fix's accuracy).
 */
function fixOf(state: TrackerState, deviceId: string, slot: number): { type: PositionMessage['message_type']; accuracyM: number } {
  const spread = chance(deviceId, 'accuracy', slot);
  if (state.parkedAt === null) return { type: 'gps', accuracyM: Math.round(5 + spread * 10) };
  if (YARD_IDS.has(state.parkedAt)) return { type: 'gps', accuracyM: Math.round(5 + spread * 20) }; // an open yard: no Wi-Fi
  const r = chance(deviceId, 'wifi', slot);
  if (r < 0.2) return { type: 'TwoWifi', accuracyM: Math.round(25 + spread * 55) };
  if (r < 0.45) return { type: 'OneWifi', accuracyM: Math.round(60 + spread * 90) };
  return { type: 'gps', accuracyM: Math.round(5 + spread * 20) };
}

function positionMessage(tracker: DemoTracker, slot: number, state: TrackerState): PositionMessage {
  const atMs = slotTimeMs(tracker, slot);
  const fix = fixOf(state, tracker.device_id, slot);
  // A Wi-Fi fix wanders further than a satellite one, as its accuracy says, but stays within the POI.
  const jitterM = fix.type === 'gps' ? GPS_JITTER_M : Math.min(fix.accuracyM * 0.3, 30);
  const wander = (salt: string) => (chance(tracker.device_id, salt, slot) - 0.5) * 2 * jitterM;
  const point = shifted(state, wander('north'), wander('east'));
  return {
    kind: 'position',
    device_id: tracker.device_id,
    seq: slot,
    time: new Date(atMs).toISOString(),
    latitude: rounded(point.latitude, 6),
    longitude: rounded(point.longitude, 6),
    message_type: fix.type,
    battery_pct: rounded(state.batteryPct, 1),
    accuracy_m: fix.accuracyM,
    temperature_c: temperatureC(tracker, atMs, slot),
  };
}

type StatusType = 'None' | 'NoPositionData';

/**
 * Whether a parked tracker's rest report comes without a position: inside a steel container or a shed it finds no
 * fix (NoPositionData, one rest report in 12), and one near empty saves its battery by reporting only its status
 * (None, every other rest report). Null: it reports a position.
 */
function statusTypeOf(tracker: DemoTracker, slot: number): StatusType | null {
  const r = chance(tracker.device_id, 'status', slot);
  return tracker.battery === 'low' && r < 0.5 ? 'None' : r > 11 / 12 ? 'NoPositionData' : null;
}

/** The `tracker` kind of issue 19's message shapes: what a tracker reports without a position. */
function statusMessage(tracker: DemoTracker, slot: number, state: TrackerState, messageType: StatusType): DeviceMessage {
  const atMs = slotTimeMs(tracker, slot);
  return {
    kind: 'tracker',
    device_id: tracker.device_id,
    seq: slot,
    time: new Date(atMs).toISOString(),
    message_type: messageType,
    battery_pct: rounded(state.batteryPct, 1),
    temperature_c: temperatureC(tracker, atMs, slot),
  };
}

/** Whether a tracker parked at `slot` reports then: its rest slot comes round every REST_EVERY_SLOTS. */
const restSlot = (tracker: DemoTracker, slot: number) => (slot + memoSeed(`${tracker.device_id}:rest`)) % REST_EVERY_SLOTS === 0;

/**
 * Every message a tracker sends in (fromMs, toMs]: every slot while it moves, the slots just before it sets off and
 * just after it stops (the tracker's motion sensor wakes it), and one in REST_EVERY_SLOTS while it is parked.
 * A silent one sends nothing after its silence began.
 */
function trackerMessages(tracker: DemoTracker, fromMs: number, toMs: number, nowMs: number): DeviceMessage[] {
  const silentFromMs = tracker.silentForHours > 0 ? nowMs - tracker.silentForHours * HOUR_MS : Number.POSITIVE_INFINITY;
  const offset = offsetMs(tracker.device_id);
  const firstSlot = Math.floor((fromMs - DEMO_EPOCH_MS - offset) / POSITION_INTERVAL_MS) + 1;
  const lastSlot = Math.floor((Math.min(toMs, silentFromMs) - DEMO_EPOCH_MS - offset) / POSITION_INTERVAL_MS);
  const messages: DeviceMessage[] = [];
  if (lastSlot < firstSlot) return messages;
  const stateOf = (slot: number) => trackerStateAt(tracker, slotTimeMs(tracker, slot));
  let previous = stateOf(firstSlot - 1);
  let current = stateOf(firstSlot);
  for (let slot = firstSlot; slot <= lastSlot; slot += 1) {
    const next = stateOf(slot + 1);
    const awake = current.parkedAt === null || previous.parkedAt !== current.parkedAt || next.parkedAt !== current.parkedAt;
    if (awake) messages.push(positionMessage(tracker, slot, current));
    else if (restSlot(tracker, slot)) messages.push(restMessage(tracker, slot, current));
    // Asleep through a stay: the slots until the one before it sets off send only their rest reports.
    const untilMs = awake ? null : stayEndMs(tracker, slotTimeMs(tracker, slot));
    const lastQuiet =
      untilMs === null ? slot : Math.min(lastSlot, Math.ceil((untilMs - DEMO_EPOCH_MS - offset) / POSITION_INTERVAL_MS) - 2);
    for (let quiet = slot + 1; quiet <= lastQuiet; quiet += 1)
      if (restSlot(tracker, quiet)) messages.push(restMessage(tracker, quiet, stateOf(quiet)));
    if (lastQuiet > slot) {
      slot = lastQuiet;
      previous = stateOf(slot);
      current = stateOf(slot + 1);
    } else {
      previous = current;
      current = next;
    }
  }
  return messages;
}

/** A parked tracker's rest report: a position, or now and then a report without one (None, NoPositionData). */
function restMessage(tracker: DemoTracker, slot: number, state: TrackerState): DeviceMessage {
  const status = statusTypeOf(tracker, slot);
  return status === null ? positionMessage(tracker, slot, state) : statusMessage(tracker, slot, state, status);
}

const byTime = (a: DeviceMessage, b: DeviceMessage) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0);

/** Every demo tracker's messages in (fromMs, toMs], in time order; silence is judged from `nowMs`. */
export function trackingMessages(fromMs: number, toMs: number, nowMs: number = toMs, trackers = DEMO_TRACKERS): DeviceMessage[] {
  return trackers.flatMap((t) => trackerMessages(t, fromMs, toMs, nowMs)).sort(byTime);
}

/**
 * Sends the demo trackers' messages in (fromMs, toMs] a day at a time, in time order and in batches the ingest API
 * accepts (the seed's history and the live simulator's tick). Time order means an interrupted run leaves a clean
 * cut the next run resumes from.
 */
export async function sendTrackingWindow(send: SendMessages, fromMs: number, toMs: number, nowMs: number = toMs): Promise<number> {
  let sent = 0;
  for (let start = fromMs; start < toMs; start += DAY_MS) {
    const messages = trackingMessages(start, Math.min(toMs, start + DAY_MS), nowMs);
    for (let i = 0; i < messages.length; i += SEND_BATCH) {
      await send(DEMO_TRACKING_TENANT, messages.slice(i, i + SEND_BATCH));
      // PGlite settles its promises as microtasks; a macrotask turn lets HTTP requests in between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
    sent += messages.length;
  }
  return sent;
}

// ---------------------------------------------------------------------------------------------------------------
// Seeding

/** The demo's alert rules: something for the Alerts screen to show from the start (low batteries, the silent van). */
const DEMO_RULES: readonly Pick<StoredRule, 'trigger_field' | 'trigger_operator' | 'trigger_value'>[] = [
  { trigger_field: 'battery', trigger_operator: '<', trigger_value: 20 },
  { trigger_field: 'no_message', trigger_operator: '>', trigger_value: 24 },
];
const FLEET_DESK = { name: 'Fleet desk', email: 'fleet-desk@fleetco.example', nickname: null };

/** The modules the tracking demo writes through: tracking's registers and the alerts' rules. */
export type DemoTrackingModules = Pick<ModuleGraph, 'tracking' | 'alerts'>;

/** Adds the customers, POIs and trackers the tenant lacks, through the tracking module; how many of each were new. */
async function registerDemoTracking({ tracking }: DemoTrackingModules): Promise<{ customers: number; pois: number; trackers: number }> {
  let customers = 0;
  for (const c of DEMO_CUSTOMERS) if (await tracking.registerCustomer(DEMO_TRACKING_TENANT, c)) customers += 1;
  let pois = 0;
  for (const p of DEMO_POIS) if (await tracking.registerPoi(DEMO_TRACKING_TENANT, p)) pois += 1;
  let trackers = 0;
  for (const t of DEMO_TRACKERS) if (await tracking.registerTracker(DEMO_TRACKING_TENANT, t)) trackers += 1;
  return { customers, pois, trackers };
}

/**
 * Adds the demo rules, each with the fleet desk as recipient, only while the tenant has no tracking rules: once a
 * user has changed or deleted them, a restart must not bring them back. Returns how many were added.
 */
function seedDemoTrackingRules({ alerts }: DemoTrackingModules): Promise<number> {
  const rules = DEMO_RULES.map((rule): StoredRule => ({
    ...rule,
    device_id: null,
    device_type: null,
    location_id: null,
    location_type: null,
    notify_on_clear: false,
  }));
  return alerts.addRulesUnlessAny(DEMO_TRACKING_TENANT, 'tracking', rules, FLEET_DESK, 'demo-seed');
}

/** When the tenant's newest stored position was taken, or null before its first. */
async function newestPositionMs({ tracking }: DemoTrackingModules): Promise<number | null> {
  const states = await tracking.states(DEMO_TRACKING_TENANT);
  const times = states.flatMap((s) => (s.last_message_at === null ? [] : [new Date(s.last_message_at).getTime()]));
  return times.length > 0 ? Math.max(...times) : null;
}

/**
 * Registers FleetCo's customers, POIs, trackers and demo alert rules (idempotent). The rules go in before any
 * message, so the history is judged by them and the low-battery alerts are there when the demo opens.
 */
export async function prepareDemoTracking(
  modules: DemoTrackingModules,
): Promise<{ customers: number; pois: number; trackers: number; rules: number }> {
  const registered = await registerDemoTracking(modules);
  return { ...registered, rules: await seedDemoTrackingRules(modules) };
}

/** Sends FleetCo's messages since the newest stored one, at most `historyDays` (DEMO_TRACKING_HISTORY_DAYS). */
export async function sendDemoTrackingHistory(
  modules: DemoTrackingModules,
  send: SendMessages,
  nowMs: number,
  historyDays: number,
): Promise<{ messages: number; fromMs: number }> {
  const newest = await newestPositionMs(modules);
  const fromMs = Math.max(nowMs - historyDays * DAY_MS, newest ?? 0);
  const messages = fromMs < nowMs ? await sendTrackingWindow(send, fromMs, nowMs, nowMs) : 0;
  return { messages, fromMs };
}

/** The whole tracking demo: registered, then its history sent. */
export async function seedDemoTracking(
  modules: DemoTrackingModules,
  send: SendMessages,
  nowMs: number,
  historyDays: number,
): Promise<{ messages: number; fromMs: number; customers: number; pois: number; trackers: number; rules: number }> {
  const prepared = await prepareDemoTracking(modules);
  return { ...prepared, ...(await sendDemoTrackingHistory(modules, send, nowMs, historyDays)) };
}
