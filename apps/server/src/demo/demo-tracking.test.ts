import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnRows } from '@gridlens/contract/columnar';
import type { FastifyInstance } from 'fastify';
import type { EndpointDescription } from '@gridlens/contract/endpoint';
import { trackingApi } from '@gridlens/contract/tracking';
import { trackingAlertsApi } from '@gridlens/contract/tracking-alerts';
import { distanceKm } from '@gridlens/domain/geo';
import type { Database } from '../db/database';
import { seedDemoPowerData, type SendMessages } from './demo-power-seed';
import { DEMO_TRACKERS, LOW_BATTERY_TRACKER_IDS, SILENT_TRACKER_ID, STATIC_TRACKER_ID } from './demo-tracking-fleet';
import { trackerStateAt } from './demo-tracking-movement';
import { DEMO_CUSTOMERS, DEMO_POIS, DEMO_YARDS } from './demo-tracking-places';
import { seedDemoTracking, sendTrackingWindow, trackingMessages } from './demo-tracking';
import { httpSender } from './start-demo';
import { inject, type EndpointCall } from '../../test/support/inject';
import { countRows } from '../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../test/support/test-app';
import type { ModuleGraph } from '../module-graph';
import { TEST_DATABASES } from '../../test/support/test-databases';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** A Wednesday in winter time, when Irish time is UTC: the seed's "now" in every run. */
const NOW = Date.parse('2026-03-11T10:07:30Z');
/** Two days of history keep the test quick; the model's tests cover the eight weeks. */
const HISTORY_DAYS = 2;
const YARD_IDS = new Set(DEMO_YARDS.map((y) => y.id));

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
    let graph: ModuleGraph;
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
    const devices = async () => new Map(columnRows(await get(trackingApi.devices)).map((d) => [d.device_id, d]));
    // Every message stored once: positions in tracking_positions, the reports without a position in tracker_messages.
    const messageRows = () =>
      countRows(
        db,
        `SELECT 1 FROM tracking_positions WHERE tenant_id = 'fleetco' UNION ALL SELECT 1 FROM tracker_messages WHERE tenant_id = 'fleetco'`,
      );

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      graph = created.graph;
      token = await created.issuer.token({ sub: 'fleet-user', tenant: 'fleetco' });
      send = async (tenantId, messages) => {
        const result = await graph.ingest.service.ingest(tenantId, 'http', messages);
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
      await seedDemoPowerData(graph, send, NOW, 0);
      first = await seedDemoTracking(graph, send, NOW, HISTORY_DAYS);
      firstTally = tally;
    });
    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    it('registers the customers, the POIs with their owners and shapes, and the 500 trackers as the model describes them', async () => {
      expect([first.customers, first.pois, first.trackers, first.rules]).toEqual([DEMO_CUSTOMERS.length, DEMO_POIS.length, 500, 2]);
      const customers = await db.query<{ customer_id: string; name: string }>(
        `SELECT customer_id, name FROM customers WHERE tenant_id = 'fleetco' ORDER BY customer_id`,
      );
      expect(customers.map((c) => [c.customer_id, c.name])).toEqual(DEMO_CUSTOMERS.map((c) => [c.id, c.name]).sort());
      const rows = await db.query<{ location_id: string; customer_id: string | null; shape: string; polygon: unknown }>(
        `SELECT location_id, customer_id, shape, polygon FROM locations WHERE tenant_id = 'fleetco' ORDER BY location_id`,
      );
      const stored = (p: (typeof DEMO_POIS)[number]) => [p.id, p.customerId, p.polygon === null ? 'circle' : 'polygon', p.polygon];
      expect(rows.map((r) => [r.location_id, r.customer_id, r.shape, r.polygon])).toEqual(
        [...DEMO_POIS].sort((a, b) => (a.id < b.id ? -1 : 1)).map(stored),
      );
      const locations = await get(trackingApi.locations);
      expect(locations.map((l) => [l.LocationID, l.FullName, l.LocationType, l.RadiusM]).sort()).toEqual(
        DEMO_POIS.map((p) => [p.id, p.name, p.type, p.radiusM]).sort(),
      );
      const trackers = await devices();
      expect([...trackers.values()].map((d) => [d.device_id, d.name, d.device_type]).sort()).toEqual(
        DEMO_TRACKERS.map((t) => [t.device_id, t.name, t.device_type]).sort(),
      );
    });

    it('sends the history asked for through the ingest service in accepted batches of at most 5000', async () => {
      expect(first.fromMs).toBe(NOW - HISTORY_DAYS * DAY_MS);
      expect(firstTally.reasons).toEqual([]);
      expect(firstTally.rejected).toBe(0);
      expect(firstTally.duplicates).toBe(0);
      expect(first.messages).toBe(trackingMessages(NOW - HISTORY_DAYS * DAY_MS, NOW).length);
      expect(first.messages).toBeGreaterThan(500 * 4 * HISTORY_DAYS);
      expect(firstTally.accepted).toBe(first.messages);
      expect(firstTally.largestBatch).toBeLessThanOrEqual(5000);
      expect(firstTally.batches).toBeGreaterThanOrEqual(HISTORY_DAYS); // a day at a time at least
      expect(await messageRows()).toBe(first.messages);
    });

    it('stores the stops at yards that are no POI outside every POI, as many as the model makes, by several trackers', async () => {
      const history = trackingMessages(NOW - HISTORY_DAYS * DAY_MS, NOW);
      const atYards = history.filter((m) => {
        if (m.kind !== 'position') return false;
        const tracker = DEMO_TRACKERS.find((t) => t.device_id === m.device_id)!;
        return YARD_IDS.has(trackerStateAt(tracker, Date.parse(m.time)).parkedAt ?? '');
      });
      expect(new Set(atYards.map((m) => m.device_id)).size).toBeGreaterThanOrEqual(3);
      const outside = await db.query<{ latitude: number; longitude: number }>(
        `SELECT latitude, longitude FROM tracking_positions WHERE tenant_id = 'fleetco' AND location_id IS NULL`,
      );
      const nearYard = outside.filter((p) => DEMO_YARDS.some((y) => distanceKm(p, y) < 0.2));
      expect(nearYard).toHaveLength(atYards.length);
    });

    it('places every tracker in a POI or outside them as the server sees it, agreeing with the model where it is parked', async () => {
      const trackers = [...(await devices()).values()].filter((d) => d.last_message_at !== null);
      const categories = new Set(trackers.map((d) => d.position_category));
      expect(categories).toEqual(new Set(['Friendly', 'Non-Friendly', 'Outside POIs']));
      for (const d of trackers) {
        const tracker = DEMO_TRACKERS.find((t) => t.device_id === d.device_id)!;
        const modelled = trackerStateAt(tracker, Date.parse(d.last_message_at!));
        if (modelled.parkedAt !== null) expect(d.location_id, d.device_id).toBe(YARD_IDS.has(modelled.parkedAt) ? null : modelled.parkedAt);
        else expect(distanceKm({ latitude: d.latitude!, longitude: d.longitude! }, modelled), d.device_id).toBeLessThan(0.1);
      }
    });

    it('shows the silent trackers quiet for over 24 h, the generator still at a customer site, and the low batteries under 20 %', async () => {
      const trackers = await devices();
      for (const d of trackers.values()) {
        const tracker = DEMO_TRACKERS.find((t) => t.device_id === d.device_id)!;
        if (d.last_message_at === null) {
          // Silent since before the history began: registered, never heard from.
          expect(tracker.silentForHours, d.device_id).toBeGreaterThan(HISTORY_DAYS * 24 - 1);
          continue;
        }
        const ageHours = (NOW - Date.parse(d.last_message_at)) / HOUR_MS;
        if (tracker.silentForHours > 0) expect(ageHours, d.device_id).toBeGreaterThan(tracker.silentForHours);
        else expect(ageHours, d.device_id).toBeLessThan(6.25); // a parked tracker reports every 6 hours
      }
      const generator = trackers.get(STATIC_TRACKER_ID)!;
      expect(generator.position_category).toBe('Non-Friendly');
      expect(NOW - Date.parse(generator.still_since!)).toBeGreaterThan(1.5 * DAY_MS);
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
      await graph.alerts.judgeTrackingTimers(NOW);
      // Every tracker heard from in the history and quiet for over 24 h: the van, and assets that went quiet lately.
      const heard = new Set(trackingMessages(NOW - HISTORY_DAYS * DAY_MS, NOW).map((m) => m.device_id));
      const quiet = DEMO_TRACKERS.filter((t) => t.silentForHours > 24 && heard.has(t.device_id)).map((t) => [t.device_id, 'no_message']);
      expect(quiet).toContainEqual([SILENT_TRACKER_ID, 'no_message']);
      expect((await active()).filter(([, field]) => field === 'no_message').sort()).toEqual(quiet.sort());
    });

    it('adds no positions, trackers or rules when seeded again, and re-sent positions are duplicates', async () => {
      const before = await messageRows();
      tally = emptyTally();
      const again = await seedDemoTracking(graph, send, NOW, HISTORY_DAYS);
      expect([again.messages, again.customers, again.pois, again.trackers, again.rules]).toEqual([0, 0, 0, 0, 0]);
      // A window within the first sent again: sequence numbers come from the time, so every position is a duplicate.
      const resent = await sendTrackingWindow(send, NOW - 1.5 * DAY_MS, NOW);
      expect(resent).toBe(trackingMessages(NOW - 1.5 * DAY_MS, NOW).length);
      expect(resent).toBeGreaterThan(first.messages / 2);
      expect([tally.accepted, tally.duplicates, tally.rejected]).toEqual([0, resent, 0]);
      expect(await messageRows()).toBe(before);
      expect(await countRows(db, `SELECT 1 FROM alert_rules WHERE tenant_id = 'fleetco'`)).toBe(2);
    });

    it('keeps reporting through the HTTP ingest route with the fleetco demo key (the live simulator’s path)', async () => {
      const before = await messageRows();
      const later = NOW + 30 * 60_000;
      const sent = await sendTrackingWindow(httpSender(app), NOW, later);
      expect(sent).toBe(trackingMessages(NOW, later).length);
      expect(sent).toBeGreaterThanOrEqual(40); // the vans and assets on the road, and a few rest reports
      expect(await messageRows()).toBe(before + sent);
      const newest = Math.max(
        ...[...(await devices()).values()].flatMap((d) => (d.last_message_at ? [Date.parse(d.last_message_at)] : [])),
      );
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
      expect((await seedDemoTracking(graph, send, NOW + HOUR_MS, HISTORY_DAYS)).rules).toBe(0);
      expect(await get(trackingAlertsApi.list)).toHaveLength(1);
    });
  });
}
