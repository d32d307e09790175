import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { assetListRows, assetsApi, type AssetListItem } from '@gridlens/contract/assets';
import { coverageApi } from '@gridlens/contract/coverage';
import { powerReadingsApi } from '@gridlens/contract/power-readings';
import type { Database } from '../../db/database';
import { inject } from '../../../test/support/inject';
import { createIngestKey, ingest, minutesBefore, reading, registerDevice } from '../../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';

/**
 * Readings crafted by hand for 100 kVA transformers. Reference figures (230 V basis):
 * S = (I1 + I2 + I3) × 0.23 kVA, so 100 kVA is 434.8 A summed; the rated phase current is
 * 100 000 / (3 × 230) = 144.93 A. The default reading peaks at (100 + 90 + 80) A = 62.1 kVA: normal.
 */
const DAY_MS = 86_400_000;
/** Minutes from the start of yesterday (UTC) to now: between 24 and 48 hours, so inside num_days=3. */
const minutesToYesterdayMidnight = () => ((Date.now() % DAY_MS) + DAY_MS) / 60_000;

const DEVICES: { id: string; readings: (at: (minutesAgo: number) => string) => ReturnType<typeof reading>[] }[] = [
  { id: 'FIG-NORMAL', readings: (at) => [reading('FIG-NORMAL', 1, at(30)), reading('FIG-NORMAL', 2, at(15))] },
  // 390 A × 0.23 = 89.7 kVA: over 85 %; each phase 130 A stays under 144.93 A.
  {
    id: 'FIG-OVER',
    readings: (at) => [reading('FIG-OVER', 1, at(20), { current_max_a: [130, 130, 130], current_med_a: [120, 120, 120] })],
  },
  // 30 A × 0.23 = 6.9 kVA: under 15 %.
  {
    id: 'FIG-UNDER',
    readings: (at) => [reading('FIG-UNDER', 1, at(20), { current_max_a: [10, 10, 10], current_med_a: [5, 5, 5] })],
  },
  // A peaky unit (issue 20): peak (30 + 30 + 30) A × 0.23 = 20.7 % (normal), mean of the medians 30 A × 0.23 =
  // 6.9 %. The chart judged the peak and the flag the mean, so it read "normal" and was flagged under limit.
  {
    id: 'FIG-PEAKY',
    readings: (at) => [
      reading('FIG-PEAKY', 1, at(45), { current_max_a: [30, 30, 30], current_med_a: [10, 10, 10] }),
      reading('FIG-PEAKY', 2, at(30), { current_max_a: [12, 12, 12], current_med_a: [10, 10, 10] }),
    ],
  },
  { id: 'FIG-NOPOWER', readings: (at) => [reading('FIG-NOPOWER', 1, at(20), { current_max_a: [0, 0, 0], current_med_a: [0, 0, 0] })] },
  { id: 'FIG-BATTERY', readings: (at) => [reading('FIG-BATTERY', 1, at(20), { battery_pct: 10 })] },
  { id: 'FIG-SENSE', readings: (at) => [reading('FIG-SENSE', 1, at(20), { temperature_max_c: -127, temperature_med_c: -127 })] },
  // 150 A on L1 is over 144.93 A; the three-phase capacity, (150 + 60 + 60) × 0.23 = 62.1 %, stays normal.
  { id: 'FIG-PHASE', readings: (at) => [reading('FIG-PHASE', 1, at(20), { current_max_a: [150, 60, 60] })] },
  // 144 A is just under the rated phase current.
  { id: 'FIG-PHASE-OK', readings: (at) => [reading('FIG-PHASE-OK', 1, at(20), { current_max_a: [144, 60, 60] })] },
  // Two days old: inside num_days=3, but nothing in the last 24 h.
  { id: 'FIG-SILENT', readings: (at) => [reading('FIG-SILENT', 1, at(2 * 24 * 60))] },
  // Numbers 3 and 4 were lost either side of yesterday's midnight (UTC, the tenant's calendar): 23:45 and 00:00.
  // Each day alone is whole (1, 2 and 5, 6); across the midnight two are missing.
  {
    id: 'FIG-MIDNIGHT',
    readings: (at) => {
      const midnight = minutesToYesterdayMidnight();
      return [
        reading('FIG-MIDNIGHT', 1, at(midnight + 45)),
        reading('FIG-MIDNIGHT', 2, at(midnight + 30)),
        reading('FIG-MIDNIGHT', 5, at(midnight - 15)),
        reading('FIG-MIDNIGHT', 6, at(midnight - 30)),
      ];
    },
  },
  // Medians 10, 20, 60 on L1: their mean is 30 (their median would be 20).
  {
    id: 'FIG-MED',
    readings: (at) => [
      reading('FIG-MED', 1, at(45), { current_med_a: [10, 20, 30] }),
      reading('FIG-MED', 2, at(30), { current_med_a: [20, 30, 40] }),
      reading('FIG-MED', 3, at(15), { current_med_a: [60, 70, 90] }),
    ],
  },
];

for (const backend of TEST_DATABASES) {
  describe(`assets list figures [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let token: string;
    let items: Map<string, AssetListItem>;
    const listOverThreeDays = () => inject(app, assetsApi.list, { query: { num_days: 3 }, headers: authHeaders(token, 'netzero') });
    const item = (id: string): AssetListItem => {
      const found = items.get(id);
      if (!found) throw new Error(`${id} is not in the list`);
      return found;
    };

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      token = await created.issuer.token({ sub: 'u1', tenant: 'netzero' });
      const key = await createIngestKey(app, token, 'netzero');
      const now = Date.now();
      const at = (minutesAgo: number) => minutesBefore(now, minutesAgo);
      for (const device of DEVICES) await registerDevice(app, token, 'netzero', { device_id: device.id, rating_kva: 100 });
      const answer = await ingest(
        app,
        key.secret,
        DEVICES.flatMap((d) => d.readings(at)),
      );
      expect(answer.json()).toMatchObject({ rejected: 0, duplicates: 0 });
      const list = await listOverThreeDays();
      expect(list.statusCode).toBe(200);
      items = new Map(assetListRows(list.json()).map((i) => [i.device_id, i]));
    });
    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    it('shows a healthy device as normal, communicated and without issue', () => {
      const normal = item('FIG-NORMAL');
      expect(normal).toMatchObject({
        capacity_state: 'normal',
        communication_state: 'communicated',
        status_category: 'no_issue',
        battery_status: 'High',
        message_count: 2,
        missed_messages: 0,
        Current0Max: 100,
        Current1Max: 90,
        Current2Max: 80,
      });
      expect(normal['capacity_percent']).toBeCloseTo(62.1, 3);
      for (const flag of ['HasCapacityOverLimit', 'HasCapacityUnderLimit', 'HasNoPower', 'HasLowBattery', 'HasCurrentOverLimit'] as const)
        expect(normal[flag], flag).toBe(false);
    });

    it("marks a peak over 85 % of the rating 'overutilised'", () => {
      const over = item('FIG-OVER');
      expect(over['capacity_percent']).toBeCloseTo(89.7, 3);
      expect(over).toMatchObject({
        capacity_state: 'overutilised',
        HasCapacityOverLimit: true,
        HasCurrentOverLimit: false,
        status_category: 'current_overlimit',
      });
    });

    it("marks a peak under 15 % 'underperforming'", () => {
      const under = item('FIG-UNDER');
      expect(under['capacity_percent']).toBeCloseTo(6.9, 3);
      expect(under['utilisation_percent']).toBeCloseTo(3.45, 3);
      expect(under).toMatchObject({
        capacity_state: 'underperforming',
        HasCapacityUnderLimit: true,
        HasNoPower: false,
        status_category: 'no_issue',
      });
    });

    it('reads a peaky unit (peak normal, mean under 15 %) as normal and does not flag it: one capacity rule', () => {
      const peaky = item('FIG-PEAKY');
      expect(peaky['capacity_percent']).toBeCloseTo(20.7, 3);
      expect(peaky['utilisation_percent']).toBeCloseTo(6.9, 3);
      expect(peaky).toMatchObject({ capacity_state: 'normal', HasCapacityUnderLimit: false, HasCapacityOverLimit: false });
    });

    it('raises a capacity flag on exactly the devices whose capacity state says so', () => {
      for (const listed of items.values()) {
        expect(listed.HasCapacityUnderLimit, listed.device_id).toBe(listed.capacity_state === 'underperforming');
        expect(listed.HasCapacityOverLimit, listed.device_id).toBe(listed.capacity_state === 'overutilised');
      }
    });

    it('counts the same devices in the capacity chart and in the capacity issues of the fleet statistics', async () => {
      const answer = await inject(app, powerReadingsApi.fleetStats, { params: { duration: '7d' }, headers: authHeaders(token, 'netzero') });
      expect(answer.statusCode).toBe(200);
      const stats = answer.json();
      // FIG-UNDER and FIG-OVER; FIG-NOPOWER has no capacity state (no power); the rest, FIG-PEAKY included, are normal.
      expect(stats.capacity).toEqual({ underperforming: 1, normal: DEVICES.length - 3, overutilised: 1, no_data: 1 });
      expect(stats.issues).toMatchObject({ HasCapacityUnderLimit: 1, HasCapacityOverLimit: 1 });
    });

    it('counts the messages lost across a midnight, which neither day holds, in the list, the trends and the coverage check', async () => {
      expect(item('FIG-MIDNIGHT')).toMatchObject({ message_count: 4, missed_messages: 2 });
      const trends = await inject(app, powerReadingsApi.dailyTrends, {
        params: { id: 'FIG-MIDNIGHT' },
        query: { range: '7d' },
        headers: authHeaders(token, 'netzero'),
      });
      const days = trends.json().days.filter((d) => d.message_count > 0);
      // The later day holds the gap, so the days add up to the list's figure.
      expect(days.map((d) => [d.message_count, d.missed_messages])).toEqual([
        [2, 0],
        [2, 2],
      ]);
      const coverage = await inject(app, coverageApi.coverage, { query: { days: 7 }, headers: authHeaders(token, 'netzero') });
      expect(coverage.json().devices.find((d) => d.device_id === 'FIG-MIDNIGHT')).toMatchObject({ received: 4, expected: 6 });
    });

    it('flags HasNoPower when every current is 0, with no capacity state', () => {
      expect(item('FIG-NOPOWER')).toMatchObject({
        capacity_state: null,
        HasNoPower: true,
        HasCapacityUnderLimit: false,
        HasImbalance: false,
        Current0Max: 0,
        status_category: 'no_power',
      });
    });

    it('flags HasLowBattery at 10 %', () => {
      expect(item('FIG-BATTERY')).toMatchObject({
        HasLowBattery: true,
        battery_pct: 10,
        battery_status: 'Low',
        status_category: 'low_battery',
      });
    });

    it('flags HasTemperatureSenseError for -127 °C', () => {
      expect(item('FIG-SENSE')).toMatchObject({
        HasTemperatureSenseError: true,
        HasTemperatureOutsideRange: false,
        temperature_max_c: null,
        status_category: 'temperature_alert',
      });
    });

    it('flags HasCurrentOverLimit for a phase above rating × 1000 / (3 × 230)', () => {
      const phase = item('FIG-PHASE');
      expect(phase).toMatchObject({
        HasCurrentOverLimit: true,
        HasCapacityOverLimit: false,
        capacity_state: 'normal',
        status_category: 'current_overlimit',
      });
      expect(phase['phase_loading_percent']).toBeCloseTo((150 * 100 * 3 * 230) / 100_000, 3);
      const justUnder = item('FIG-PHASE-OK');
      expect(justUnder).toMatchObject({ HasCurrentOverLimit: false, status_category: 'no_issue' });
      expect(justUnder['phase_loading_percent']).toBeLessThan(100);
    });

    it("reports 'no_communication_24h' for a device last heard 2 days ago", () => {
      const silent = item('FIG-SILENT');
      expect(silent).toMatchObject({
        communication_state: 'no_communication_24h',
        status_category: 'communication_problem',
        message_count: 1,
      });
      const ageHours = (Date.now() - Date.parse(silent['last_message_at'] as string)) / 3_600_000;
      expect(ageHours).toBeGreaterThan(47.9);
      expect(ageHours).toBeLessThan(48.5);
    });

    it('gives Current0..2Med as the mean of the medians', () => {
      const med = item('FIG-MED');
      expect(med['Current0Med']).toBeCloseTo(30, 5);
      expect(med['Current1Med']).toBeCloseTo(40, 5);
      expect(med['Current2Med']).toBe(53.33); // 160 / 3, sent at the two decimals the screens show
      expect(med).toMatchObject({ message_count: 3, missed_messages: 0, communication_state: 'communicated' });
      // total_kVA is the latest reading's median currents: (60 + 70 + 90) × 0.23.
      expect(med['total_kva']).toBeCloseTo(50.6, 3);
    });

    it('lists a device without readings with empty figures', async () => {
      await registerDevice(app, token, 'netzero', { device_id: 'FIG-EMPTY' });
      const list = await listOverThreeDays();
      expect(assetListRows(list.json()).find((i) => i.device_id === 'FIG-EMPTY')).toMatchObject({
        message_count: 0,
        capacity_percent: null,
        last_message_at: null,
        communication_state: 'no_communication_24h',
        battery_status: 'Unknown',
        HasNoPower: false,
      });
    });
  });
}
