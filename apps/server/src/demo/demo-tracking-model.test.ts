import { describe, expect, it, vi } from 'vitest';
import { DeviceMessageSchema, type PositionMessage } from '@gridlens/contract/ingest';
import { distanceKm } from '@gridlens/domain/geo';
import { locationAt } from '@gridlens/domain/tracking/positions';
import { DEMO_TRACKERS, LOW_BATTERY_TRACKER_IDS, SILENT_TRACKER_ID, STATIC_TRACKER_ID, type DemoTracker } from './demo-tracking-fleet';
import { trackerStateAt } from './demo-tracking-movement';
import { DEMO_CUSTOMERS, DEMO_POIS, DEMO_YARDS, spotIn, type DemoPoi } from './demo-tracking-places';
import { POSITION_INTERVAL_MS, REST_EVERY_SLOTS, trackingMessages } from './demo-tracking';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** A Wednesday in winter time: the seed's "now" in every run. */
const NOW = Date.parse('2026-03-11T10:07:30Z');
const WEEKS_8 = 56 * DAY_MS;

const cycling = DEMO_TRACKERS.filter((t) => t.movement.kind === 'cycle');
const poiAt = (point: { latitude: number; longitude: number }) => locationAt(point, DEMO_POIS)?.id ?? null;
const poiById = new Map(DEMO_POIS.map((p) => [p.id, p]));
const positionsOf = (messages: ReturnType<typeof trackingMessages>) => messages.filter((m): m is PositionMessage => m.kind === 'position');
/** The places a tracker was parked at, sampled every `stepMs` over (fromMs, toMs], with consecutive repeats merged. */
function staysOf(tracker: DemoTracker, fromMs: number, toMs: number, stepMs = HOUR_MS): { place: string; fromMs: number; toMs: number }[] {
  const stays: { place: string; fromMs: number; toMs: number }[] = [];
  for (let t = fromMs; t <= toMs; t += stepMs) {
    const place = trackerStateAt(tracker, t).parkedAt;
    if (place === null) continue;
    const last = stays.at(-1);
    if (last?.place === place && t - last.toMs <= stepMs * 3) last.toMs = t;
    else stays.push({ place, fromMs: t, toMs: t });
  }
  return stays;
}

/** Ray casting over a polygon's outer ring of [longitude, latitude]. */
function insidePolygon(poi: DemoPoi, point: { latitude: number; longitude: number }): boolean {
  const ring = poi.polygon?.[0] ?? [];
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > point.latitude !== yj > point.latitude && point.longitude < ((xj - xi) * (point.latitude - yi)) / (yj - yi) + xi)
      inside = !inside;
  }
  return inside;
}

describe('demo tracking places', () => {
  it('has 8–12 customers, each owning sites, and Non-Friendly sites only, each owned by one of them', () => {
    expect(DEMO_CUSTOMERS.length).toBeGreaterThanOrEqual(8);
    expect(DEMO_CUSTOMERS.length).toBeLessThanOrEqual(12);
    expect(new Set(DEMO_CUSTOMERS.map((c) => c.name)).size).toBe(DEMO_CUSTOMERS.length);
    const customerIds = new Set(DEMO_CUSTOMERS.map((c) => c.id));
    for (const p of DEMO_POIS) {
      if (p.type === 'Friendly') expect(p.customerId, p.id).toBeNull();
      else expect(customerIds.has(p.customerId ?? ''), p.id).toBe(true);
    }
    for (const c of DEMO_CUSTOMERS) expect(DEMO_POIS.filter((p) => p.customerId === c.id).length, c.id).toBeGreaterThanOrEqual(2);
    expect(new Set(DEMO_CUSTOMERS.map((c) => c.sector))).toEqual(new Set(['retail', 'construction']));
  });

  it('keeps every POI in Ireland, apart from the others, and the original depot where the browser tests expect it', () => {
    expect(new Set(DEMO_POIS.map((p) => p.id)).size).toBe(DEMO_POIS.length);
    for (const p of DEMO_POIS) {
      expect(p.latitude, p.id).toBeGreaterThan(51.4);
      expect(p.latitude, p.id).toBeLessThan(55.4);
      expect(p.longitude, p.id).toBeGreaterThan(-10.5);
      expect(p.longitude, p.id).toBeLessThan(-6);
      expect(p.radiusM, p.id).toBeLessThanOrEqual(600);
    }
    // No two POIs overlap, so a position is never in two of them.
    for (const a of DEMO_POIS)
      for (const b of DEMO_POIS) if (a !== b) expect(distanceKm(a, b) * 1000, `${a.id}–${b.id}`).toBeGreaterThan(a.radiusM + b.radiusM);
    expect(poiById.get('DUB-DEPOT')).toMatchObject({
      name: 'Dublin Depot – Dublin Industrial Estate',
      latitude: 53.3707,
      longitude: -6.2797,
    });
  });

  it('draws a few POIs as closed polygons whose parking spots lie inside them, within the radius a circle index reads', () => {
    const polygons = DEMO_POIS.filter((p) => p.polygon !== null);
    expect(polygons.length).toBeGreaterThanOrEqual(3);
    expect(polygons.some((p) => p.type === 'Friendly')).toBe(true);
    expect(polygons.some((p) => p.type === 'Non-Friendly')).toBe(true);
    for (const p of polygons) {
      const ring = p.polygon![0]!;
      expect(ring.length, p.id).toBeGreaterThanOrEqual(5);
      expect(ring.at(-1), p.id).toEqual(ring[0]);
      for (const [longitude, latitude] of ring)
        expect(distanceKm(p, { latitude, longitude }) * 1000, p.id).toBeLessThanOrEqual(p.radiusM + 1);
      for (const tracker of DEMO_TRACKERS.slice(0, 200)) expect(insidePolygon(p, spotIn(tracker.device_id, p.id)), p.id).toBe(true);
    }
  });

  it('keeps the yards that are no POI at least 2 km from every POI', () => {
    expect(DEMO_YARDS.length).toBeGreaterThanOrEqual(3);
    for (const yard of DEMO_YARDS) for (const p of DEMO_POIS) expect(distanceKm(yard, p), `${yard.id}–${p.id}`).toBeGreaterThan(2);
  });
});

describe('demo tracking fleet', () => {
  it('has 500 trackers with unique ids and short names: 40 vans, 230 cages and equipment, 125 trailers, 105 containers', () => {
    expect(DEMO_TRACKERS).toHaveLength(500);
    expect(new Set(DEMO_TRACKERS.map((t) => t.device_id)).size).toBe(500);
    for (const t of DEMO_TRACKERS) expect(t.name.length, t.device_id).toBeLessThan(50);
    const count = (type: string) => DEMO_TRACKERS.filter((t) => t.device_type === type).length;
    expect([count('Vehicle'), count('Equipment'), count('Trailer'), count('Container')]).toEqual([40, 230, 125, 105]);
    // The original demo's 24 stay, so a database seeded before keeps its trackers.
    for (const id of ['FC-VAN-01', 'FC-VAN-16', 'FC-TRL-01', 'FC-TRL-03', 'FC-CNT-02', 'FC-EQP-01', 'FC-EQP-03'])
      expect(
        DEMO_TRACKERS.some((t) => t.device_id === id),
        id,
      ).toBe(true);
  });

  it('cycles returnable assets between their depot and customer sites of their sector, coming back to the depot', () => {
    let roundTrips = 0;
    for (const tracker of cycling.slice(0, 120)) {
      const movement = tracker.movement.kind === 'cycle' ? tracker.movement : null;
      const stays = staysOf(tracker, NOW - WEEKS_8, NOW);
      for (const stay of stays) {
        const allowed = [movement!.depot, ...movement!.sites, ...(movement!.yard ? [movement!.yard] : [])];
        expect(allowed, `${tracker.device_id} at ${stay.place}`).toContain(stay.place);
      }
      const sector = new Set(movement!.sites.map((s) => DEMO_CUSTOMERS.find((c) => c.id === poiById.get(s)?.customerId)?.sector));
      if (movement!.profile === 'cage') expect([...sector], tracker.device_id).toEqual(['retail']);
      if (movement!.profile === 'container') expect([...sector], tracker.device_id).toEqual(['construction']);
      roundTrips += stays.filter(
        (s, i) => i > 1 && s.place === movement!.depot && poiById.get(stays[i - 1]!.place)?.type === 'Non-Friendly',
      ).length;
    }
    expect(roundTrips).toBeGreaterThan(120 * 2);
  });

  it('leaves some assets stuck at a customer site for two weeks and more, and the generator there for good', () => {
    const stuck = cycling.filter((tracker) => {
      const stay = staysOf(tracker, NOW - 14 * DAY_MS, NOW, 6 * HOUR_MS);
      return stay.length === 1 && poiById.get(stay[0]!.place)?.type === 'Non-Friendly';
    });
    expect(stuck.length).toBeGreaterThanOrEqual(10);
    expect(stuck.length).toBeLessThan(cycling.length / 3);
    const generator = DEMO_TRACKERS.find((t) => t.device_id === STATIC_TRACKER_ID)!;
    expect(staysOf(generator, NOW - WEEKS_8, NOW, DAY_MS).map((s) => s.place)).toEqual(['SITE-KILKENNY']);
  });

  it('has several assets stop again and again at each yard that is no POI, outside every POI', () => {
    for (const yard of DEMO_YARDS) {
      const visitors = new Set<string>();
      let stops = 0;
      for (const tracker of cycling) {
        if (tracker.movement.kind !== 'cycle' || tracker.movement.yard !== yard.id) continue;
        const here = staysOf(tracker, NOW - WEEKS_8, NOW).filter((s) => s.place === yard.id);
        if (here.length > 0) visitors.add(tracker.device_id);
        stops += here.length;
      }
      expect(visitors.size, yard.id).toBeGreaterThanOrEqual(5);
      expect(stops, yard.id).toBeGreaterThanOrEqual(15);
    }
  });

  it('drains a van’s battery on the road; the low-battery trackers stay under 20 %, the others above', () => {
    const days = Array.from({ length: 120 }, (_u, i) => NOW + i * DAY_MS);
    for (const tracker of DEMO_TRACKERS.filter((_t, i) => i % 5 === 0 || i < 24)) {
      const levels = days.map((t) => trackerStateAt(tracker, t).batteryPct);
      if ((LOW_BATTERY_TRACKER_IDS as readonly string[]).includes(tracker.device_id))
        expect(Math.max(...levels), tracker.device_id).toBeLessThan(20);
      else expect(Math.min(...levels), tracker.device_id).toBeGreaterThanOrEqual(20);
    }
    const van = DEMO_TRACKERS[0]!;
    const day = Array.from({ length: 96 }, (_u, i) => trackerStateAt(van, NOW - 10 * HOUR_MS + i * 15 * 60_000).batteryPct);
    expect(Math.min(...day)).toBeLessThan(Math.max(...day) - 3);
  });
});

describe('demo tracking messages', () => {
  const messages = trackingMessages(NOW - 2 * DAY_MS, NOW);
  const positions = positionsOf(messages);

  it('are the same on every run, and the same whichever instants were asked for first', async () => {
    expect(trackingMessages(NOW - 2 * DAY_MS, NOW)).toEqual(messages);
    vi.resetModules();
    const fresh = await import('./demo-tracking');
    fresh.trackingMessages(NOW + 30 * DAY_MS, NOW + 31 * DAY_MS); // timelines drawn far ahead first
    expect(fresh.trackingMessages(NOW - 2 * DAY_MS, NOW)).toEqual(messages);
  });

  it('are all valid ingest messages with a fix accuracy and a temperature, and Wi-Fi fixes only inside POIs', () => {
    for (const m of messages) expect(DeviceMessageSchema.safeParse(m).success, `${m.device_id} ${m.seq}`).toBe(true);
    for (const m of positions as (PositionMessage & { accuracy_m: number; temperature_c: number })[]) {
      expect(m.accuracy_m).toBeGreaterThanOrEqual(5);
      expect(m.accuracy_m).toBeLessThanOrEqual(150);
      expect(m.temperature_c).toBeGreaterThan(-15);
      expect(m.temperature_c).toBeLessThan(35);
    }
    const types = new Set(positions.map((m) => m.message_type));
    expect(types).toEqual(new Set(['gps', 'OneWifi', 'TwoWifi']));
    expect(positions.filter((m) => m.message_type !== 'gps' && poiAt(m) === null)).toEqual([]);
  });

  it('report every 15 minutes on the road and about every 6 hours at rest, numbered by their time', () => {
    for (const tracker of DEMO_TRACKERS.filter((_t, i) => i % 10 === 3)) {
      const own = positions.filter((m) => m.device_id === tracker.device_id);
      own.slice(1).forEach((m, i) => {
        const gapMs = Date.parse(m.time) - Date.parse(own[i]!.time);
        expect((m.seq - own[i]!.seq) * POSITION_INTERVAL_MS, tracker.device_id).toBe(gapMs);
        // Two missed rest reports at most (no fix inside a container).
        expect(gapMs, tracker.device_id).toBeLessThanOrEqual(3 * REST_EVERY_SLOTS * POSITION_INTERVAL_MS);
        const onTheRoad = (p: PositionMessage) => trackerStateAt(tracker, Date.parse(p.time)).parkedAt === null;
        if (onTheRoad(own[i]!) && onTheRoad(m)) expect(gapMs, tracker.device_id).toBe(POSITION_INTERVAL_MS);
      });
    }
  });

  it('lets silent trackers stop: the van 30 hours ago, about one asset in 30 between 2 and 20 days ago', () => {
    const silent = DEMO_TRACKERS.filter((t) => t.silentForHours > 0);
    expect(silent.length).toBeGreaterThanOrEqual(8);
    expect(silent.length).toBeLessThan(35);
    const long = trackingMessages(NOW - 21 * DAY_MS, NOW, NOW, silent);
    for (const tracker of silent) {
      const last = long.filter((m) => m.device_id === tracker.device_id).at(-1);
      expect(Date.parse(last!.time), tracker.device_id).toBeLessThanOrEqual(NOW - tracker.silentForHours * HOUR_MS);
    }
    expect(silent.find((t) => t.device_id === SILENT_TRACKER_ID)?.silentForHours).toBe(30);
  });

  it('cuts windows without gaps or overlaps', () => {
    const middle = NOW - 7 * HOUR_MS - 123_456;
    expect([...trackingMessages(NOW - DAY_MS, middle, NOW), ...trackingMessages(middle, NOW, NOW)]).toEqual(
      trackingMessages(NOW - DAY_MS, NOW, NOW),
    );
  });
});
