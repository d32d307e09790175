import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { periodOfRange } from '@gridlens/domain/time-range';
import type { EndpointDescription } from '@gridlens/contract/endpoint';
import type { ApiError } from '@gridlens/contract/errors';
import { powerReadingsApi as api } from '@gridlens/contract/power-readings';
import type { Database } from '../../db/database';
import { inject, type EndpointCall } from '../../../test/support/inject';
import { ingest, minutesBefore, reading, registerDeviceWithKey } from '../../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';

for (const backend of TEST_DATABASES) {
  describe(`power readings API [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let token: string;
    let otherToken: string;
    const now = Date.now();
    const at = (minutesAgo: number) => minutesBefore(now, minutesAgo);
    const call = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}, t = token, tenant = 'netzero') =>
      inject(app, endpoint, { ...request, headers: authHeaders(t, tenant) });
    const TX_R = { device_id: 'TX-R' };

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
      const response = await call(api.messages, { params: TX_R, query: { from: at(3100), page: 2, page_size: 500 } });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.total).toBe(3000);
      expect(body.items).toHaveLength(500);
      expect(body.items[0]?.seq).toBe(2501); // page 1 held 3001..2502
      expect(body.items[0]?.missed).toBe(true);
      expect(body.items[1]?.missed).toBe(false);
      // (100 + 90 + 80 + 2501 % 7) A × 230 V / 200 kVA
      expect(body.items[0]?.capacity_percent).toBeCloseTo(((270 + (2501 % 7)) * 0.23 * 100) / 200, 5);
    });

    it('still gives the total on a page past the last one', async () => {
      const response = await call(api.messages, { params: TX_R, query: { from: at(3100), page: 7, page_size: 500 } });
      const body = response.json();
      expect(body.items).toEqual([]);
      expect(body.total).toBe(3000);
    });

    it('downsamples chart series to at most 2,000 points and keeps the peak', async () => {
      const response = await call(api.chart, { params: { id: 'TX-R' }, query: { from: at(3100) } });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.points_in_period).toBe(3000);
      const phase1 = body.series.current_max_a_1;
      expect(phase1.length).toBeLessThanOrEqual(2000);
      expect(phase1.length).toBeGreaterThan(1000);
      expect(Math.max(...phase1.map((p) => p[1] ?? 0))).toBe(1000);
      expect(phase1.map((p) => p[0])).toEqual([...phase1.map((p) => p[0])].sort((a, b) => a - b));
    });

    it('charts periods over a month from the hourly rollup, keeping the peak', async () => {
      const response = await call(api.chart, { params: { id: 'TX-R' }, query: { range: '3m' } });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.resolution).toBe('hour');
      // 3,000 readings a minute apart span 51 hours (the first and last hour partly).
      expect(body.points_in_period).toBeGreaterThanOrEqual(50);
      expect(body.points_in_period).toBeLessThanOrEqual(52);
      const phase1 = body.series.current_max_a_1;
      expect(Math.max(...phase1.map((p) => p[1] ?? 0))).toBe(1000);
      expect(Math.min(...phase1.map((p) => p[1] ?? Infinity))).toBe(100);
      const capacity = body.series.capacity_percent;
      // The peak reading: (1000 + 90 + 80 + 1234 % 7) A × 230 V over 200 kVA.
      expect(Math.max(...capacity.map((p) => p[1] ?? 0))).toBeCloseTo(((1170 + (1234 % 7)) * 0.23 * 100) / 200, 3);
      const rows = await db.query<{ n: number }>(
        "SELECT sum(message_count)::int AS n FROM power_device_hourly WHERE tenant_id = 'netzero' AND device_id = 'TX-R'",
      );
      expect(rows[0]?.n).toBe(3000);
    });

    it('merges hours into buckets in the database for a year, so the answer stays small and keeps the peak', async () => {
      const response = await call(api.chart, { params: { id: 'TX-R' }, query: { range: '1y' } });
      const body = response.json();
      expect(body.points_in_period).toBeGreaterThanOrEqual(50); // hours of data in the period
      const phase1 = body.series.current_max_a_1;
      // A year is ~8,784 hours: 9-hour buckets, so 51 hours of data make at most 7 buckets of two points each.
      expect(phase1.length).toBeLessThanOrEqual(14);
      expect(phase1.length).toBeGreaterThanOrEqual(12);
      expect(Math.max(...phase1.map((p) => p[1] ?? 0))).toBe(1000);
      expect(Math.min(...phase1.map((p) => p[1] ?? Infinity))).toBe(100);
    });

    it('serves daily trends from the rollups', async () => {
      const response = await call(api.dailyTrends, { params: { id: 'TX-R' }, query: { range: '7d' } });
      const days = response.json().days;
      expect(days.reduce((sum, d) => sum + d.message_count, 0)).toBe(3000);
      expect(Math.max(...days.map((d) => d.current_max_a[0] ?? 0))).toBe(1000);
    });

    it('counts the fleet for the summary charts and totals power per hour', async () => {
      const stats = (await call(api.fleetStats, { params: { duration: '7d' } })).json();
      expect(stats.device_count).toBe(1);
      expect(stats.communication.missed_messages).toBe(1);
      expect(stats.issues['HasMissedMessages']).toBe(1);
      const totals = (await call(api.fleetTotals, { params: { duration: '24h' } })).json();
      expect(totals.resolution).toBe('hour');
      expect(totals.total_rating_kva).toBe(200);
      expect(totals.points.length).toBeGreaterThanOrEqual(24);
      expect(totals.points[0]?.mean_kva).toBeCloseTo((60 + 55 + 50) * 0.23, 5);
    });

    it('counts issue flags over time, bucket by bucket, in the caller’s tenant only', async () => {
      const timeline = (await call(api.issueTimeline, { params: { duration: '7d' } })).json();
      expect(timeline.buckets.length).toBeGreaterThanOrEqual(7);
      expect(timeline.buckets.every((b) => b.device_count === 1)).toBe(true);
      // The 1,000 A peak (seq 1234) is over the 200 kVA transformer's rated phase current in its bucket only.
      const peakAt = Date.parse(at(3001 - 1234));
      const overLimit = timeline.buckets.filter((b) => b.issues['HasCurrentOverLimit'] === 1);
      expect(overLimit).toHaveLength(1);
      expect(Date.parse(overLimit[0]!.from) <= peakAt && peakAt < Date.parse(overLimit[0]!.to)).toBe(true);
      // Readings span the last 50 hours: only the day-buckets those hours touch have any (three, or four just after
      // midnight), never an earlier one.
      const firstReadingMs = Date.parse(at(3000));
      const touched = timeline.buckets.filter((b) => Date.parse(b.to) > firstReadingMs);
      expect(touched.length).toBeLessThanOrEqual(4);
      expect(timeline.buckets.filter((b) => b.reporting_devices === 1)).toEqual(touched);
      expect(timeline.buckets[0]?.reporting_devices).toBe(0);

      const other = (await call(api.issueTimeline, { params: { duration: '7d' } }, otherToken, 'gridwest')).json();
      // gridwest has no device yet (its TX-LW comes in the next test): netzero's peak must not count there.
      expect(other.buckets.map((b) => [b.device_count, b.issues['HasCurrentOverLimit']])).toEqual(other.buckets.map(() => [0, 0]));
      const bad = await call(api.issueTimeline, { params: { duration: '2y' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ApiError>().details?.[0]?.field).toBe('duration');
    });

    it('reports a day: today as the list shows it, a past day from its own rollups only, for the caller’s tenant', async () => {
      const dayOf = (daysAgo: number) => new Date(now - daysAgo * 86_400_000).toISOString().slice(0, 10);
      const report = (day?: string, t = token, tenant = 'netzero') => call(api.dayReport, { query: { day } }, t, tenant);
      const today = (await report()).json();
      expect(today.day).toBe(dayOf(0));
      expect(today.devices.columns.device_id).toEqual(['TX-R']);
      expect(today.devices.columns.last_message_at[0]).not.toBeNull();

      // The readings span the last 50 hours, so the day before yesterday has some of them too.
      const past = (await report(dayOf(2))).json();
      expect(past.day).toBe(dayOf(2));
      expect(past.devices.columns.message_count[0]).toBeGreaterThan(0);
      expect(past.devices.columns.last_message_at).toEqual([null]); // only the latest state knows it
      expect(past.devices.columns.total_kva).toEqual([null]);
      expect(past.fleet.communication.no_communication_24h).toBe(0);

      const silent = (await report(dayOf(10))).json();
      expect(silent.devices.columns.message_count).toEqual([0]);
      expect(silent.fleet.communication.no_communication_24h).toBe(1);

      const other = (await report(undefined, otherToken, 'gridwest')).json();
      expect(other.devices.columns.device_id).not.toContain('TX-R');
      for (const day of [dayOf(-1), '2026-13-01', 'yesterday', '0000-01-01', '1970-01-01']) {
        const bad = await report(day);
        expect(bad.statusCode, day).toBe(400);
        expect(bad.json<ApiError>().details?.[0]?.field).toBe('day');
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

      const stats = (await call(api.fleetStats, { params: { duration: 'last_week' } }, otherToken, 'gridwest')).json();
      expect(stats.issues).toMatchObject({ HasCurrentOverLimit: 1, HasTemperatureOverLimit: 0 });
      const trends = (
        await call(api.dailyTrends, { params: { id: 'TX-LW' }, query: { range: 'last_week' } }, otherToken, 'gridwest')
      ).json();
      expect(trends.days.map((d) => d.day)).toEqual([new Date(lastWeek.fromMs).toISOString().slice(0, 10)]);
    });

    it('reads two sequence numbers far apart as a counter jump, not billions of missed messages', async () => {
      // 1, then 3,000,000,000 (both valid 32-bit sequence numbers), in the same UTC day.
      const dayStart = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
      const inToday = (fraction: number) => new Date(dayStart + Math.floor((now - dayStart) * fraction)).toISOString();
      const key = await registerDeviceWithKey(app, otherToken, 'gridwest', { device_id: 'TX-JUMP' });
      const stored = await ingest(app, key, [reading('TX-JUMP', 1, inToday(0.3)), reading('TX-JUMP', 3_000_000_000, inToday(0.6))]);
      expect(stored.json()).toMatchObject({ accepted: 2 });

      const messages = await call(api.messages, { params: { device_id: 'TX-JUMP' }, query: { range: '24h' } }, otherToken, 'gridwest');
      expect(messages.statusCode).toBe(200);
      expect(messages.json().items.map((m) => [m.seq, m.missed])).toEqual([
        [3_000_000_000, true],
        [1, false],
      ]);
      const trends = await call(api.dailyTrends, { params: { id: 'TX-JUMP' }, query: { range: '7d' } }, otherToken, 'gridwest');
      expect(trends.statusCode).toBe(200);
      // At most a day's reports (96 at one every 15 minutes) are missed in a day, whatever the jump.
      expect(trends.json().days.map((d) => d.missed_messages)).toEqual([96]);
      const stats = (await call(api.fleetStats, { params: { duration: '24h' } }, otherToken, 'gridwest')).json();
      expect(stats.communication.missed_messages).toBe(1);
    });

    it("answers 404 for another tenant's device and 400 for a bad period", async () => {
      expect((await call(api.chart, { params: { id: 'TX-R' } }, otherToken, 'gridwest')).statusCode).toBe(404);
      expect((await call(api.messages, { params: TX_R }, otherToken, 'gridwest')).statusCode).toBe(404);
      const bad = await call(api.chart, { params: { id: 'TX-R' }, query: { from: at(0), to: at(10) } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ApiError>().details?.[0]?.field).toBe('from');
      expect((await call(api.fleetStats, { params: { duration: '2y' } })).statusCode).toBe(400);
    });
  });
}
