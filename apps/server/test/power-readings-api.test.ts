import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { periodOfRange } from '@gridlens/domain/time-range';
import type { Database } from '../src/db/database';
import { ingest, minutesBefore, reading, registerDeviceWithKey } from './support/power-fixtures';
import { authHeaders, createTestApp } from './support/test-app';
import { TEST_DATABASES } from './support/test-databases';

for (const backend of TEST_DATABASES) {
  describe(`power readings API [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let token: string;
    let otherToken: string;
    const now = Date.now();
    const at = (minutesAgo: number) => minutesBefore(now, minutesAgo);
    const get = (url: string, t = token, tenant = 'netzero') => app.inject({ method: 'GET', url, headers: authHeaders(t, tenant) });

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      token = await created.issuer.token({ sub: 'u1', tenant: 'netzero' });
      otherToken = await created.issuer.token({ sub: 'u9', tenant: 'gridwest' });
      const key = await registerDeviceWithKey(app, token, 'netzero', { device_id: 'TX-R', rating_kva: 200 });
      // 3,000 readings a minute apart (50 h) with one sharp peak; seq 2,500 is missing.
      const messages = [];
      for (let seq = 1; seq <= 3001; seq += 1) {
        if (seq === 2500) continue;
        const peak = seq === 1234 ? 900 : 0;
        messages.push(reading('TX-R', seq, at(3001 - seq), { current_max_a: [100 + peak, 90, 80 + (seq % 7)] }));
      }
      for (let i = 0; i < messages.length; i += 1000) expect((await ingest(app, key, messages.slice(i, i + 1000))).statusCode).toBe(200);
    });
    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    it('pages messages newest first and marks the message after a sequence gap as missed', async () => {
      const response = await get(`/api/powerdata/messages/device/TX-R?from=${encodeURIComponent(at(3100))}&page=2&page_size=500`);
      expect(response.statusCode).toBe(200);
      const body = response.json<{ items: { seq: number; missed: boolean; capacity_percent: number }[]; total: number }>();
      expect(body.total).toBe(3000);
      expect(body.items).toHaveLength(500);
      expect(body.items[0]?.seq).toBe(2501); // page 1 held 3001..2502
      expect(body.items[0]?.missed).toBe(true);
      expect(body.items[1]?.missed).toBe(false);
      // (100 + 90 + 80 + 2501 % 7) A × 230 V / 200 kVA
      expect(body.items[0]?.capacity_percent).toBeCloseTo(((270 + (2501 % 7)) * 0.23 * 100) / 200, 5);
    });

    it('still gives the total on a page past the last one', async () => {
      const response = await get(`/api/powerdata/messages/device/TX-R?from=${encodeURIComponent(at(3100))}&page=7&page_size=500`);
      const body = response.json<{ items: unknown[]; total: number }>();
      expect(body.items).toEqual([]);
      expect(body.total).toBe(3000);
    });

    it('downsamples chart series to at most 2,000 points and keeps the peak', async () => {
      const response = await get(`/api/powerdata/device/chartdata/TX-R?from=${encodeURIComponent(at(3100))}`);
      expect(response.statusCode).toBe(200);
      const body = response.json<{ points_in_period: number; series: Record<string, [number, number | null][]> }>();
      expect(body.points_in_period).toBe(3000);
      const phase1 = body.series['current_max_a_1'] ?? [];
      expect(phase1.length).toBeLessThanOrEqual(2000);
      expect(phase1.length).toBeGreaterThan(1000);
      expect(Math.max(...phase1.map((p) => p[1] ?? 0))).toBe(1000);
      expect(phase1.map((p) => p[0])).toEqual([...phase1.map((p) => p[0])].sort((a, b) => a - b));
    });

    it('charts periods over a month from the hourly rollup, keeping the peak', async () => {
      const response = await get('/api/powerdata/device/chartdata/TX-R?range=3m');
      expect(response.statusCode).toBe(200);
      const body = response.json<{ resolution: string; points_in_period: number; series: Record<string, [number, number | null][]> }>();
      expect(body.resolution).toBe('hour');
      // 3,000 readings a minute apart span 51 hours (the first and last hour partly).
      expect(body.points_in_period).toBeGreaterThanOrEqual(50);
      expect(body.points_in_period).toBeLessThanOrEqual(52);
      const phase1 = body.series['current_max_a_1'] ?? [];
      expect(Math.max(...phase1.map((p) => p[1] ?? 0))).toBe(1000);
      expect(Math.min(...phase1.map((p) => p[1] ?? Infinity))).toBe(100);
      const capacity = body.series['capacity_percent'] ?? [];
      // The peak reading: (1000 + 90 + 80 + 1234 % 7) A × 230 V over 200 kVA.
      expect(Math.max(...capacity.map((p) => p[1] ?? 0))).toBeCloseTo(((1170 + (1234 % 7)) * 0.23 * 100) / 200, 3);
      const rows = await db.query<{ n: number }>(
        "SELECT sum(message_count)::int AS n FROM power_device_hourly WHERE tenant_id = 'netzero' AND device_id = 'TX-R'",
      );
      expect(rows[0]?.n).toBe(3000);
    });

    it('merges hours into buckets in the database for a year, so the answer stays small and keeps the peak', async () => {
      const response = await get('/api/powerdata/device/chartdata/TX-R?range=1y');
      const body = response.json<{ points_in_period: number; series: Record<string, [number, number | null][]> }>();
      expect(body.points_in_period).toBeGreaterThanOrEqual(50); // hours of data in the period
      const phase1 = body.series['current_max_a_1'] ?? [];
      // A year is ~8,784 hours: 9-hour buckets, so 51 hours of data make at most 7 buckets of two points each.
      expect(phase1.length).toBeLessThanOrEqual(14);
      expect(phase1.length).toBeGreaterThanOrEqual(12);
      expect(Math.max(...phase1.map((p) => p[1] ?? 0))).toBe(1000);
      expect(Math.min(...phase1.map((p) => p[1] ?? Infinity))).toBe(100);
    });

    it('serves daily trends from the rollups', async () => {
      const response = await get(`/api/powerdata/device/intchartdata/TX-R?range=7d`);
      const days = response.json<{ days: { message_count: number; current_max_a: number[] }[] }>().days;
      expect(days.reduce((sum, d) => sum + d.message_count, 0)).toBe(3000);
      expect(Math.max(...days.map((d) => d.current_max_a[0] ?? 0))).toBe(1000);
    });

    it('counts the fleet for the summary charts and totals power per hour', async () => {
      const stats = (await get('/api/powerdata/device/stats/7d')).json<{
        device_count: number;
        communication: Record<string, number>;
        issues: Record<string, number>;
      }>();
      expect(stats.device_count).toBe(1);
      expect(stats.communication['missed_messages']).toBe(1);
      expect(stats.issues['HasMissedMessages']).toBe(1);
      const totals = (await get('/api/powerdata/device/totalstats/24h')).json<{
        resolution: string;
        points: { mean_kva: number }[];
        total_rating_kva: number;
      }>();
      expect(totals.resolution).toBe('hour');
      expect(totals.total_rating_kva).toBe(200);
      expect(totals.points.length).toBeGreaterThanOrEqual(24);
      expect(totals.points[0]?.mean_kva).toBeCloseTo((60 + 55 + 50) * 0.23, 5);
    });

    it('counts issue flags over time, bucket by bucket, in the caller’s tenant only', async () => {
      type Timeline = {
        buckets: { from: string; to: string; device_count: number; reporting_devices: number; issues: Record<string, number> }[];
      };
      const timeline = (await get('/api/powerdata/device/issuestats/7d')).json<Timeline>();
      expect(timeline.buckets.length).toBeGreaterThanOrEqual(7);
      expect(timeline.buckets.every((b) => b.device_count === 1)).toBe(true);
      // The 1,000 A peak (seq 1234) is over the 200 kVA transformer's rated phase current in its bucket only.
      const peakAt = Date.parse(at(3001 - 1234));
      const overLimit = timeline.buckets.filter((b) => b.issues['HasCurrentOverLimit'] === 1);
      expect(overLimit).toHaveLength(1);
      expect(Date.parse(overLimit[0]!.from) <= peakAt && peakAt < Date.parse(overLimit[0]!.to)).toBe(true);
      // Readings span the last 50 hours: only the last two or three day-buckets have any.
      expect(timeline.buckets.filter((b) => b.reporting_devices === 1).length).toBeLessThanOrEqual(3);
      expect(timeline.buckets[0]?.reporting_devices).toBe(0);

      const other = (await get('/api/powerdata/device/issuestats/7d', otherToken, 'gridwest')).json<Timeline>();
      // gridwest has no device yet (its TX-LW comes in the next test): netzero's peak must not count there.
      expect(other.buckets.map((b) => [b.device_count, b.issues['HasCurrentOverLimit']])).toEqual(other.buckets.map(() => [0, 0]));
      const bad = await get('/api/powerdata/device/issuestats/2y');
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ details: { field: string }[] }>().details[0]?.field).toBe('duration');
    });

    it('reports a day: today as the list shows it, a past day from its own rollups only, for the caller’s tenant', async () => {
      type Report = {
        day: string;
        fleet: { device_count: number; communication: Record<string, number> };
        devices: { count: number; columns: Record<string, unknown[]> };
      };
      const dayOf = (daysAgo: number) => new Date(now - daysAgo * 86_400_000).toISOString().slice(0, 10);
      const today = (await get('/api/powerdata/report')).json<Report>();
      expect(today.day).toBe(dayOf(0));
      expect(today.devices.columns['device_id']).toEqual(['TX-R']);
      expect(today.devices.columns['last_message_at']?.[0]).not.toBeNull();

      // The readings span the last 50 hours, so the day before yesterday has some of them too.
      const past = (await get(`/api/powerdata/report?day=${dayOf(2)}`)).json<Report>();
      expect(past.day).toBe(dayOf(2));
      expect(past.devices.columns['message_count']?.[0]).toBeGreaterThan(0);
      expect(past.devices.columns['last_message_at']).toEqual([null]); // only the latest state knows it
      expect(past.devices.columns['total_kva']).toEqual([null]);
      expect(past.fleet.communication['no_communication_24h']).toBe(0);

      const silent = (await get(`/api/powerdata/report?day=${dayOf(10)}`)).json<Report>();
      expect(silent.devices.columns['message_count']).toEqual([0]);
      expect(silent.fleet.communication['no_communication_24h']).toBe(1);

      const other = (await get('/api/powerdata/report', otherToken, 'gridwest')).json<Report>();
      expect(other.devices.columns['device_id']).not.toContain('TX-R');
      for (const day of [dayOf(-1), '2026-13-01', 'yesterday', '0000-01-01', '1970-01-01']) {
        const bad = await get(`/api/powerdata/report?day=${day}`);
        expect(bad.statusCode, day).toBe(400);
        expect(bad.json<{ details: { field: string }[] }>().details[0]?.field).toBe('day');
      }
    });

    it('reads last week as the previous Monday to Sunday, leaving this week out', async () => {
      // In the other tenant, so that netzero's device does not blur the counts: one reading early last
      // Monday (outside the last 7 × 24 h on every day but this Monday's first hour), and one this week,
      // hot enough to raise HasTemperatureOverLimit if this week leaked in.
      const lastWeek = periodOfRange('last_week', now);
      const thisWeekAt = Math.min(now - 1000, lastWeek.toMs + 3_600_000);
      const key = await registerDeviceWithKey(app, otherToken, 'gridwest', { device_id: 'TX-LW', rating_kva: 100 });
      const sent = await ingest(app, key, [
        reading('TX-LW', 1, new Date(lastWeek.fromMs + 3_600_000).toISOString(), { current_max_a: [400, 50, 50] }),
        reading('TX-LW', 2, new Date(thisWeekAt).toISOString(), { temperature_max_c: 95 }),
      ]);
      expect(sent.json()).toMatchObject({ accepted: 2 });

      const stats = (await get('/api/powerdata/device/stats/last_week', otherToken, 'gridwest')).json<{ issues: Record<string, number> }>();
      expect(stats.issues).toMatchObject({ HasCurrentOverLimit: 1, HasTemperatureOverLimit: 0 });
      const trends = (await get('/api/powerdata/device/intchartdata/TX-LW?range=last_week', otherToken, 'gridwest')).json<{
        days: { day: string }[];
      }>();
      expect(trends.days.map((d) => d.day)).toEqual([new Date(lastWeek.fromMs).toISOString().slice(0, 10)]);
    });

    it("answers 404 for another tenant's device and 400 for a bad period", async () => {
      expect((await get('/api/powerdata/device/chartdata/TX-R', otherToken, 'gridwest')).statusCode).toBe(404);
      expect((await get('/api/powerdata/messages/device/TX-R', otherToken, 'gridwest')).statusCode).toBe(404);
      const bad = await get(`/api/powerdata/device/chartdata/TX-R?from=${encodeURIComponent(at(0))}&to=${encodeURIComponent(at(10))}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ details: { field: string }[] }>().details[0]?.field).toBe('from');
      expect((await get('/api/powerdata/device/stats/2y')).statusCode).toBe(400);
    });
  });
}
