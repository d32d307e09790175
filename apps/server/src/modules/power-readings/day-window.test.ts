import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EndpointDescription } from '@gridlens/contract/endpoint';
import { assetListRows, assetsApi } from '@gridlens/contract/assets';
import { coverageApi } from '@gridlens/contract/coverage';
import { powerReadingsApi as api } from '@gridlens/contract/power-readings';
import { daysBefore, zonedDay, zonedDayStartMs } from '@gridlens/domain/time-range';
import type { Database } from '../../db/database';
import { inject, type EndpointCall } from '../../../test/support/inject';
import { ingest, reading, registerDeviceWithKey } from '../../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';

const HOUR_MS = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** 100 kVA transformers: 200 A a phase is 138 % of the rating, (100, 90, 80) A is 62 %. */
const OVER = { current_max_a: [200, 200, 200] };
const NORMAL = { current_max_a: [100, 90, 80] };

for (const backend of TEST_DATABASES) {
  describe(`day windows: the same device in the same window reads the same on every screen [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    const tokens = new Map<string, string>();
    const now = Date.now();
    const call = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E>, tenant: string) =>
      inject(app, endpoint, { ...request, headers: authHeaders(tokens.get(tenant)!, tenant) });
    // netzero keeps UTC; gridwest works in Auckland's calendar, 13 hours ahead of UTC in its summer.
    const AUCKLAND = 'Pacific/Auckland';
    const aucklandToday = zonedDay(now, AUCKLAND);
    const aucklandMidnight = zonedDayStartMs(aucklandToday, AUCKLAND);

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db, { timeZones: { gridwest: AUCKLAND } });
      app = created.app;
      for (const tenant of ['netzero', 'gridwest']) tokens.set(tenant, await created.issuer.token({ sub: `${tenant}-u`, tenant }));

      // netzero's TX-W ran over its rating yesterday and is normal today (UTC days).
      const todayStart = zonedDayStartMs(zonedDay(now, 'UTC'), 'UTC');
      const key = await registerDeviceWithKey(app, tokens.get('netzero')!, 'netzero', { device_id: 'TX-W', rating_kva: 100 });
      const sent = await ingest(app, key, [
        reading('TX-W', 1, iso(todayStart - 6 * HOUR_MS), OVER),
        reading('TX-W', 2, iso(todayStart + (now - todayStart) / 2), NORMAL),
      ]);
      expect(sent.json().accepted).toBe(2);

      // gridwest's TX-A: normal just before Auckland's midnight, over its rating just after (both the same UTC day
      // or not, depending on the hour: the days are Auckland's either way).
      const gridwestKey = await registerDeviceWithKey(app, tokens.get('gridwest')!, 'gridwest', { device_id: 'TX-A', rating_kva: 100 });
      const justAfter = Math.min(aucklandMidnight + 30 * 60_000, (aucklandMidnight + now) / 2);
      const fromGridwest = await ingest(app, gridwestKey, [
        reading('TX-A', 1, iso(aucklandMidnight - 30 * 60_000), NORMAL),
        reading('TX-A', 2, iso(justAfter), OVER),
      ]);
      expect(fromGridwest.json().accepted).toBe(2);
    });
    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    const deviceIn = (list: Parameters<typeof assetListRows>[0], id: string) => assetListRows(list).find((d) => d.device_id === id);

    it('gives TX-W the same capacity and state on the assets list and the power report, over the window both state', async () => {
      const assets = (await call(assetsApi.list, { query: { num_days: 1 } }, 'netzero')).json();
      const report = (await call(api.dayReport, {}, 'netzero')).json();
      const stats = (await call(api.fleetStats, { params: { duration: '24h' } }, 'netzero')).json();
      // The same window; `to` is each answer's own now.
      const days = ({ to, ...window }: { to: string }) => (Date.now() - Date.parse(to) < 60_000 ? window : { to, ...window });
      expect(days(assets.window!)).toEqual(days(report.window));
      expect(days(stats.window)).toEqual(days(report.window));
      expect(report.window).toMatchObject({
        from_day: zonedDay(now, 'UTC'),
        to_day: zonedDay(now, 'UTC'),
        time_zone: 'UTC',
        partial: true,
      });
      const onAssets = deviceIn(assets, 'TX-W');
      const onReport = deviceIn(report.devices, 'TX-W');
      expect(onAssets?.capacity_percent).toBeCloseTo(62.1, 2);
      expect([onAssets?.capacity_state, onAssets?.HasCapacityOverLimit]).toEqual([
        onReport?.capacity_state,
        onReport?.HasCapacityOverLimit,
      ]);
      expect(onAssets?.capacity_percent).toBe(onReport?.capacity_percent);
      // The summary counts the very same device states.
      expect(stats.capacity).toEqual(report.fleet.capacity);
    });

    it("cuts the report's days at the tenant's midnight, not UTC's", async () => {
      const today = (await call(api.dayReport, {}, 'gridwest')).json();
      expect(today.day).toBe(aucklandToday);
      expect(today.window).toMatchObject({ from: iso(aucklandMidnight), time_zone: AUCKLAND, partial: true });
      expect(deviceIn(today.devices, 'TX-A')?.capacity_percent).toBeCloseTo(138, 2);
      expect(deviceIn(today.devices, 'TX-A')?.message_count).toBe(1);

      const yesterday = (await call(api.dayReport, { query: { day: daysBefore(aucklandToday, 1) } }, 'gridwest')).json();
      expect(yesterday.window).toMatchObject({
        from: iso(zonedDayStartMs(daysBefore(aucklandToday, 1), AUCKLAND)),
        to: iso(aucklandMidnight),
      });
      expect(deviceIn(yesterday.devices, 'TX-A')?.capacity_percent).toBeCloseTo(62.1, 2);
      expect(deviceIn(yesterday.devices, 'TX-A')?.message_count).toBe(1);
    });

    it('marks today, still under way, as partial wherever it is a point of a chart, so that no line plunges unexplained', async () => {
      const today = zonedDay(now, 'UTC');
      const trends = (await call(api.dailyTrends, { params: { id: 'TX-W' }, query: { range: '7d' } }, 'netzero')).json();
      expect(trends.days.map((d: { day: string; partial: boolean }) => [d.day, d.partial])).toEqual([
        [daysBefore(today, 1), false],
        [today, true],
      ]);
      const totals = (await call(api.fleetTotals, { params: { duration: '7d' } }, 'netzero')).json();
      expect(totals.points.map((p: { partial: boolean }) => p.partial)).toEqual([false, true]);
      const hourly = (await call(api.fleetTotals, { params: { duration: '24h' } }, 'netzero')).json();
      expect(hourly.points.at(-1)?.partial).toBe(Date.parse(hourly.points.at(-1)?.time ?? '') + HOUR_MS > now);
      expect(hourly.points.slice(0, -1).every((p: { partial: boolean }) => !p.partial)).toBe(true);
      const timeline = (await call(api.issueTimeline, { params: { duration: '7d' } }, 'netzero')).json();
      const last = timeline.buckets.at(-1);
      expect(last?.partial).toBe(true);
      expect(timeline.buckets.slice(1, -1).every((b: { partial: boolean }) => !b.partial)).toBe(true);
    });

    it('judges coverage over the tenant’s days that the last 24 hours touch', async () => {
      const coverage = (await call(coverageApi.coverage, { query: { days: 1 } }, 'gridwest')).json();
      expect(coverage.from).toBe(iso(zonedDayStartMs(zonedDay(now - 24 * HOUR_MS, AUCKLAND), AUCKLAND)));
      expect(coverage.devices.find((d: { device_id: string }) => d.device_id === 'TX-A')?.received).toBe(2);
    });

    it('finds the messages of a period through the rollups of the tenant’s days', async () => {
      const messages = (
        await call(
          api.messages,
          { params: { device_id: 'TX-A' }, query: { from: iso(aucklandMidnight - HOUR_MS), to: iso(now + 1000) } },
          'gridwest',
        )
      ).json();
      expect(messages.items.map((m: { seq: number }) => m.seq)).toEqual([2, 1]);
    });
  });
}
