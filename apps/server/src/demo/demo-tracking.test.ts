import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DeviceMessageSchema } from '@gridlens/contract/ingest';
import type { EndpointDescription } from '@gridlens/contract/endpoint';
import { trackingApi } from '@gridlens/contract/tracking';
import { trackingAlertsApi } from '@gridlens/contract/tracking-alerts';
import { distanceKm } from '@gridlens/domain/geo';
import { locationAt } from '@gridlens/domain/tracking/positions';
import type { Database } from '../db/database';
import { seedDemoPowerData, type SendMessages } from './demo-power-seed';
import {
  DEMO_POIS,
  DEMO_TRACKERS,
  LOW_BATTERY_TRACKER_IDS,
  POSITION_INTERVAL_MS,
  SILENT_TRACKER_ID,
  STATIC_TRACKER_ID,
  seedDemoTracking,
  sendTrackingWindow,
  trackerStateAt,
  trackingMessages,
  type DemoTracker,
} from './demo-tracking';
import { httpSender } from './start-demo';
import { inject, type EndpointCall } from '../../test/support/inject';
import { countRows } from '../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../test/support/test-app';
import { TEST_DATABASES } from '../../test/support/test-databases';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** A Wednesday in winter time, when Irish time is UTC: the seed's "now" in every run. */
const NOW = Date.parse('2026-03-11T10:07:30Z');
const MONDAY = Date.parse('2026-03-09T00:00:00Z');
/** A Monday in summer time (Irish time is UTC+1). */
const SUMMER_MONDAY = Date.parse('2026-07-13T00:00:00Z');

const vans = DEMO_TRACKERS.filter((t) => t.movement.kind === 'rounds');
const depotOf = (tracker: DemoTracker) => {
  const id = tracker.movement.kind === 'rounds' ? tracker.movement.depot : '';
  const depot = DEMO_POIS.find((p) => p.id === id);
  if (!depot) throw new Error(`${tracker.device_id} has no depot`);
  return depot;
};
const poiAt = (point: { latitude: number; longitude: number }) => locationAt(point, DEMO_POIS)?.id ?? null;
/** Instants every 15 minutes in [fromMs, toMs). */
const quarterHours = (fromMs: number, toMs: number) =>
  Array.from({ length: (toMs - fromMs) / POSITION_INTERVAL_MS }, (_u, i) => fromMs + i * POSITION_INTERVAL_MS);

describe('demo tracking model', () => {
  it('has 12 POIs on the island of Ireland: 4 Friendly depots and yards, 8 customer sites, short names and 150–400 m radii', () => {
    expect(DEMO_POIS).toHaveLength(12);
    expect(DEMO_POIS.filter((p) => p.type === 'Friendly').map((p) => p.id)).toEqual([
      'DUB-DEPOT',
      'CORK-DEPOT',
      'GALWAY-YARD',
      'LIMERICK-YARD',
    ]);
    expect(new Set(DEMO_POIS.map((p) => p.id)).size).toBe(12);
    for (const p of DEMO_POIS) {
      expect(p.name.length, p.id).toBeLessThan(50);
      expect(p.radiusM, p.id).toBeGreaterThanOrEqual(150);
      expect(p.radiusM, p.id).toBeLessThanOrEqual(400);
      expect(p.latitude, p.id).toBeGreaterThan(51.4);
      expect(p.latitude, p.id).toBeLessThan(55.4);
      expect(p.longitude, p.id).toBeGreaterThan(-10.5);
      expect(p.longitude, p.id).toBeLessThan(-6);
    }
    // POIs far apart, so a position is never in two of them.
    for (const a of DEMO_POIS) for (const b of DEMO_POIS) if (a !== b) expect(distanceKm(a, b), `${a.id}–${b.id}`).toBeGreaterThan(20);
  });

  it('has 24 trackers with unique ids and short names, mostly vans, and one of every type', () => {
    expect(DEMO_TRACKERS).toHaveLength(24);
    expect(new Set(DEMO_TRACKERS.map((t) => t.device_id)).size).toBe(24);
    for (const t of DEMO_TRACKERS) expect(t.name.length, t.device_id).toBeLessThan(50);
    expect(vans).toHaveLength(16);
    expect(vans.every((t) => t.device_type === 'Vehicle')).toBe(true);
    expect(new Set(DEMO_TRACKERS.map((t) => t.device_type))).toEqual(new Set(['Vehicle', 'Trailer', 'Container', 'Equipment']));
  });

  it('parks every van at its depot at 03:00 Irish time, in winter and in summer time', () => {
    for (const tracker of vans) {
      for (let day = 0; day < 7; day += 1) {
        for (const instant of [MONDAY + day * DAY_MS + 3 * HOUR_MS, SUMMER_MONDAY + day * DAY_MS + 2 * HOUR_MS]) {
          const state = trackerStateAt(tracker, instant);
          expect([state.parkedAt, poiAt(state)], `${tracker.device_id} ${new Date(instant).toISOString()}`).toEqual([
            depotOf(tracker).id,
            depotOf(tracker).id,
          ]);
        }
      }
    }
  });

  it('sends every van to customer sites of its round on a working day and home by the evening; Sundays stay at the depot', () => {
    const wednesday = MONDAY + 2 * DAY_MS;
    const sunday = MONDAY + 6 * DAY_MS;
    for (const tracker of vans) {
      const depot = depotOf(tracker);
      const day = quarterHours(wednesday + 8 * HOUR_MS, wednesday + 18 * HOUR_MS).map((t) => trackerStateAt(tracker, t));
      expect(Math.max(...day.map((s) => distanceKm(s, depot))), tracker.device_id).toBeGreaterThan(30);
      const sites = new Set(day.map((s) => s.parkedAt).filter((id) => id !== null && id !== depot.id));
      expect(sites.size, tracker.device_id).toBeGreaterThanOrEqual(1);
      expect(sites.size, tracker.device_id).toBeLessThanOrEqual(2);
      const round = tracker.movement.kind === 'rounds' ? tracker.movement.sites : [];
      for (const site of sites) expect(round, tracker.device_id).toContain(site);
      expect(poiAt(trackerStateAt(tracker, wednesday + 21 * HOUR_MS)), tracker.device_id).toBe(depot.id);
      for (const t of quarterHours(sunday, sunday + DAY_MS)) expect(poiAt(trackerStateAt(tracker, t)), tracker.device_id).toBe(depot.id);
    }
  });

  it('drives vans along the way: 15 minutes apart, positions are never further apart than a van drives', () => {
    for (const tracker of vans) {
      const states = quarterHours(MONDAY, MONDAY + 7 * DAY_MS).map((t) => trackerStateAt(tracker, t));
      const steps = states.slice(1).map((s, i) => distanceKm(states[i]!, s));
      expect(Math.max(...steps), tracker.device_id).toBeLessThan(15);
      expect(Math.max(...steps), tracker.device_id).toBeGreaterThan(5); // it does drive
    }
  });

  it('moves trailers and containers rarely, and leaves the static equipment where it is', () => {
    const hours = Array.from({ length: 28 * 24 }, (_u, i) => MONDAY + i * HOUR_MS);
    let moves = 0;
    for (const tracker of DEMO_TRACKERS) {
      const movement = tracker.movement;
      if (movement.kind === 'rounds') continue;
      const places = hours.map((t) => trackerStateAt(tracker, t).parkedAt).filter((id) => id !== null);
      const changes = places.slice(1).filter((id, i) => id !== places[i]).length;
      if (movement.kind === 'static') {
        expect(changes, tracker.device_id).toBe(0);
        expect(new Set(places), tracker.device_id).toEqual(new Set([movement.place]));
      } else {
        expect(changes, tracker.device_id).toBeLessThanOrEqual(Math.ceil(28 / movement.stintDays));
      }
      moves += changes;
    }
    expect(moves).toBeGreaterThan(5);
    const generator = DEMO_TRACKERS.find((t) => t.device_id === STATIC_TRACKER_ID)!;
    expect(DEMO_POIS.find((p) => p.id === trackerStateAt(generator, NOW).parkedAt)?.type).toBe('Non-Friendly');
  });

  it('drains a van’s battery on the road and recharges it at the depot; the low-battery trackers stay under 20 %, the others above', () => {
    const wednesday = MONDAY + 2 * DAY_MS;
    for (const tracker of vans) {
      const morning = trackerStateAt(tracker, wednesday + 6 * HOUR_MS).batteryPct;
      const lowest = Math.min(...quarterHours(wednesday, wednesday + DAY_MS).map((t) => trackerStateAt(tracker, t).batteryPct));
      expect(lowest, tracker.device_id).toBeLessThan(morning - 3);
      expect(lowest, tracker.device_id).toBeGreaterThan(70);
      expect(trackerStateAt(tracker, wednesday + 23 * HOUR_MS).batteryPct, tracker.device_id).toBe(morning);
    }
    const days = Array.from({ length: 365 }, (_u, i) => MONDAY + i * DAY_MS);
    for (const tracker of DEMO_TRACKERS) {
      const levels = days.map((t) => trackerStateAt(tracker, t).batteryPct);
      if ((LOW_BATTERY_TRACKER_IDS as readonly string[]).includes(tracker.device_id))
        expect(Math.max(...levels), tracker.device_id).toBeLessThan(20);
      else expect(Math.min(...levels), tracker.device_id).toBeGreaterThanOrEqual(20);
    }
  });

  it('sends a valid position every 15 minutes per tracker, numbered by its time, the same on every run', () => {
    const messages = trackingMessages(NOW - DAY_MS, NOW);
    expect(trackingMessages(NOW - DAY_MS, NOW)).toEqual(messages);
    for (const m of messages) expect(DeviceMessageSchema.safeParse(m).success, `${m.device_id} ${m.seq}`).toBe(true);
    for (const tracker of DEMO_TRACKERS.filter((t) => t.device_id !== SILENT_TRACKER_ID)) {
      const own = messages.filter((m) => m.device_id === tracker.device_id);
      expect(own, tracker.device_id).toHaveLength(96);
      own.slice(1).forEach((m, i) => {
        expect(m.seq - own[i]!.seq).toBe(1);
        expect(Date.parse(m.time) - Date.parse(own[i]!.time)).toBe(POSITION_INTERVAL_MS);
      });
    }
    const types = new Map<string, number>();
    for (const m of messages) types.set(m.message_type, (types.get(m.message_type) ?? 0) + 1);
    expect(types.get('gps')).toBeGreaterThan(messages.length / 2);
    expect(types.get('OneWifi')).toBeGreaterThan(0);
    expect(types.get('TwoWifi')).toBeGreaterThan(0);
    // Wi-Fi fixes come only from inside POIs.
    expect(messages.filter((m) => m.message_type !== 'gps' && poiAt(m) === null)).toEqual([]);
  });

  it('lets the silent tracker report until 30 hours before now, and cuts windows without gaps or overlaps', () => {
    const silent = trackingMessages(NOW - 2 * DAY_MS, NOW).filter((m) => m.device_id === SILENT_TRACKER_ID);
    expect(silent.length).toBeGreaterThan(60);
    expect(Date.parse(silent.at(-1)!.time)).toBeLessThanOrEqual(NOW - 30 * HOUR_MS);
    expect(Date.parse(silent.at(-1)!.time)).toBeGreaterThan(NOW - 30 * HOUR_MS - POSITION_INTERVAL_MS);
    const middle = NOW - 7 * HOUR_MS - 123_456;
    expect([...trackingMessages(NOW - DAY_MS, middle, NOW), ...trackingMessages(middle, NOW, NOW)]).toEqual(
      trackingMessages(NOW - DAY_MS, NOW, NOW),
    );
  });
});

interface Tally {
  messages: number;
  accepted: number;
  duplicates: number;
  rejected: number;
  batches: number;
  largestBatch: number;
  reasons: string[];
}
const emptyTally = (): Tally => ({ messages: 0, accepted: 0, duplicates: 0, rejected: 0, batches: 0, largestBatch: 0, reasons: [] });

for (const backend of TEST_DATABASES) {
  describe(`demo tracking seed [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let token: string;
    let tally: Tally;
    let send: SendMessages;
    let first: Awaited<ReturnType<typeof seedDemoTracking>>;
    let firstTally: Tally;

    const get = async <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}) => {
      const response = await inject(app, endpoint, { ...request, headers: authHeaders(token, 'fleetco') });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const devices = async () => new Map((await get(trackingApi.devices)).map((d) => [d.device_id, d]));
    const positionRows = () => countRows(db, `SELECT 1 FROM tracking_positions WHERE tenant_id = 'fleetco'`);

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      token = await created.issuer.token({ sub: 'fleet-user', tenant: 'fleetco' });
      send = async (tenantId, messages) => {
        const result = await app.ingest.ingest(tenantId, 'http', messages);
        tally.messages += messages.length;
        tally.accepted += result.accepted;
        tally.duplicates += result.duplicates;
        tally.rejected += result.rejected;
        tally.batches += 1;
        tally.largestBatch = Math.max(tally.largestBatch, messages.length);
        for (const r of result.results) if (r.reason) tally.reasons.push(r.reason);
      };
      tally = emptyTally();
      // As the demo starts: the power seed (no history here) registers every demo ingest key, fleetco's too.
      await seedDemoPowerData(db, send, NOW, 0);
      first = await seedDemoTracking(db, send, NOW, 21);
      firstTally = tally;
    });
    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    it('registers the 12 POIs and 24 trackers as the model describes them', async () => {
      expect([first.pois, first.trackers, first.rules]).toEqual([12, 24, 2]);
      const locations = await get(trackingApi.locations);
      expect(locations.map((l) => [l.LocationID, l.FullName, l.LocationType, l.RadiusM]).sort()).toEqual(
        DEMO_POIS.map((p) => [p.id, p.name, p.type, p.radiusM]).sort(),
      );
      const trackers = await devices();
      expect([...trackers.values()].map((d) => [d.device_id, d.name, d.device_type]).sort()).toEqual(
        DEMO_TRACKERS.map((t) => [t.device_id, t.name, t.device_type]).sort(),
      );
    });

    it('sends two days of history (not the 21 asked for) in accepted batches of at most 5000', async () => {
      expect(first.fromMs).toBe(NOW - 2 * DAY_MS);
      expect(firstTally.reasons).toEqual([]);
      expect(firstTally.rejected).toBe(0);
      expect(firstTally.duplicates).toBe(0);
      expect(first.messages).toBe(trackingMessages(NOW - 2 * DAY_MS, NOW).length);
      expect(first.messages).toBeGreaterThan(23 * 190);
      expect(firstTally.accepted).toBe(first.messages);
      expect(firstTally.largestBatch).toBeLessThanOrEqual(5000);
      expect(await positionRows()).toBe(first.messages);
    });

    it('places every tracker in a POI or outside them as the server sees it, agreeing with the model where it is parked', async () => {
      const trackers = [...(await devices()).values()];
      const categories = new Set(trackers.map((d) => d.position_category));
      expect([...categories].every((c) => ['Friendly', 'Non-Friendly', 'Outside POIs'].includes(c))).toBe(true);
      expect(categories).toContain('Friendly');
      expect(categories).toContain('Non-Friendly');
      expect(trackers.filter((d) => d.position_category === 'Friendly').length).toBeGreaterThanOrEqual(1);
      for (const d of trackers) {
        const tracker = DEMO_TRACKERS.find((t) => t.device_id === d.device_id)!;
        const modelled = trackerStateAt(tracker, Date.parse(d.last_message_at!));
        if (modelled.parkedAt !== null) expect(d.location_id, d.device_id).toBe(modelled.parkedAt);
        else expect(distanceKm({ latitude: d.latitude!, longitude: d.longitude! }, modelled), d.device_id).toBeLessThan(0.1);
      }
    });

    it('shows the silent van quiet for over 24 h, the generator still for days at a customer site, and the low batteries under 20 %', async () => {
      const trackers = await devices();
      for (const d of trackers.values()) {
        const ageHours = (NOW - Date.parse(d.last_message_at!)) / HOUR_MS;
        if (d.device_id === SILENT_TRACKER_ID) expect(ageHours).toBeGreaterThan(24);
        else expect(ageHours, d.device_id).toBeLessThan(0.25);
      }
      const generator = trackers.get(STATIC_TRACKER_ID)!;
      expect(generator.position_category).toBe('Non-Friendly');
      expect(NOW - Date.parse(generator.still_since!)).toBeGreaterThan(1.9 * DAY_MS);
      const low = [...trackers.values()].filter((d) => (d.battery_pct ?? 100) < 20).map((d) => d.device_id);
      expect(low.sort()).toEqual([...LOW_BATTERY_TRACKER_IDS].sort());
    });

    it('seeds the two demo alert rules for the fleet desk: low batteries alert at once, the silent van on the timer', async () => {
      const rules = await get(trackingAlertsApi.list);
      // Both were created in one transaction: same created_at, so the list's order between them is the ids'.
      expect(rules.map((r) => [r.device_id, r.trigger_field, r.trigger_operator, r.trigger_value, r.recipient_count]).sort()).toEqual([
        [null, 'battery', '<', 20, 1],
        [null, 'no_message', '>', 24, 1],
      ]);
      for (const rule of rules) {
        const recipients = await get(trackingAlertsApi.recipients, { params: { id: rule.alert_id } });
        expect(recipients.map((r) => [r.name, r.email])).toEqual([['Fleet desk', 'fleet-desk@fleetco.example']]);
      }
      const active = async () => (await get(trackingAlertsApi.active)).items.map((a) => [a.device_id, a.trigger_field]);
      expect((await active()).sort()).toEqual(LOW_BATTERY_TRACKER_IDS.map((id) => [id, 'battery']).sort());
      await app.judgeTrackingTimers(NOW);
      expect((await active()).filter(([, field]) => field === 'no_message')).toEqual([[SILENT_TRACKER_ID, 'no_message']]);
    });

    it('adds no positions, trackers or rules when seeded again, and re-sent positions are duplicates', async () => {
      const before = await positionRows();
      tally = emptyTally();
      const again = await seedDemoTracking(db, send, NOW, 21);
      expect([again.messages, again.pois, again.trackers, again.rules]).toEqual([0, 0, 0, 0]);
      // A window within the first sent again: sequence numbers come from the time, so every position is a duplicate.
      const resent = await sendTrackingWindow(send, NOW - 1.5 * DAY_MS, NOW);
      expect(resent).toBe(trackingMessages(NOW - 1.5 * DAY_MS, NOW).length);
      expect(resent).toBeGreaterThan(first.messages / 2);
      expect([tally.accepted, tally.duplicates, tally.rejected]).toEqual([0, resent, 0]);
      expect(await positionRows()).toBe(before);
      expect(await countRows(db, `SELECT 1 FROM alert_rules WHERE tenant_id = 'fleetco'`)).toBe(2);
    });

    it('keeps reporting through the HTTP ingest route with the fleetco demo key (the live simulator’s path)', async () => {
      const before = await positionRows();
      const later = NOW + 30 * 60_000;
      const sent = await sendTrackingWindow(httpSender(app), NOW, later);
      expect(sent).toBe(trackingMessages(NOW, later).length);
      expect(sent).toBeGreaterThanOrEqual(40); // about two per reporting tracker
      expect(await positionRows()).toBe(before + sent);
      const newest = Math.max(...[...(await devices()).values()].map((d) => Date.parse(d.last_message_at!)));
      expect(newest).toBeGreaterThan(NOW + 15 * 60_000);
      expect(newest).toBeLessThanOrEqual(later);
    });

    it('does not bring back a demo rule a user deleted', async () => {
      const [rule] = await get(trackingAlertsApi.list);
      const removed = await inject(app, trackingAlertsApi.remove, {
        params: { id: rule!.alert_id },
        headers: authHeaders(token, 'fleetco'),
      });
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await seedDemoTracking(db, send, NOW + HOUR_MS, 2)).rules).toBe(0);
      expect(await get(trackingAlertsApi.list)).toHaveLength(1);
    });
  });
}
