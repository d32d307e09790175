import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadAnalysisApi, type AdmdExtraction } from '@gridlens/contract/load-analysis';
import type { Database } from '../../db/database';
import { expectValidationError } from '../../../test/support/api-assertions';
import { inject, routeName } from '../../../test/support/inject';
import { createIngestKey, ingest, reading, registerDevice } from '../../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';

const HALF_HOUR_MS = 30 * 60_000;
const DAY_MS = 86_400_000;

/**
 * Reference case, worked by hand (230 V basis, PF 0.95). ADMD-A, 40 customers, six 15-minute readings over three
 * half hours, each phase carrying the same median current:
 *   half hour 0: 20 and 40 A a phase → mean total 90 A  → 20.7 kVA  → 19.665 kW
 *   half hour 1: 100 and 60 A        → mean total 240 A → 55.2 kVA  → 52.44 kW (the peak; its max currents are not used)
 *   half hour 2: 10 and 10 A         → mean total 30 A  → 6.9 kVA   → 6.555 kW
 * ADMD 52.44 / 40 = 1.311 kW; mean (19.665 + 52.44 + 6.555) / 3 = 26.22 kW; load factor 26.22 / 52.44 = 0.5.
 */
const PHASE_A = [20, 40, 100, 60, 10, 10];

for (const backend of TEST_DATABASES) {
  describe(`${routeName(loadAnalysisApi.admd)} [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let token: string;
    let otherToken: string;
    let trackingToken: string;
    const now = Date.now();
    // A half hour of yesterday, so that the three half hours are whole and in the default period.
    const base = Math.floor((now - DAY_MS) / HALF_HOUR_MS) * HALF_HOUR_MS;
    const admd = (query: Record<string, string | number> = {}, t = token, tenant = 'netzero') =>
      inject(app, loadAnalysisApi.admd, { query, headers: authHeaders(t, tenant) });
    const admdOf = async (query: Record<string, string | number> = {}, t = token, tenant = 'netzero') => {
      const response = await admd(query, t, tenant);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AdmdExtraction>();
    };
    const rowOf = (body: AdmdExtraction, deviceId: string) => body.transformers.find((row) => row.device_id === deviceId);

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      token = await created.issuer.token({ sub: 'u1', tenant: 'netzero' });
      otherToken = await created.issuer.token({ sub: 'u9', tenant: 'gridwest' });
      trackingToken = await created.issuer.token({ sub: 'u7', tenant: 'fleetco' });
      await registerDevice(app, token, 'netzero', { device_id: 'ADMD-A', connected_mprns: 40 });
      await registerDevice(app, token, 'netzero', { device_id: 'ADMD-ZERO', connected_mprns: 0 });
      await registerDevice(app, token, 'netzero', { device_id: 'ADMD-SILENT', connected_mprns: 25 });
      // The same id at GridWest, with other load and customers: the figures must never mix.
      await registerDevice(app, otherToken, 'gridwest', { device_id: 'ADMD-A', connected_mprns: 10 });
      await registerDevice(app, otherToken, 'gridwest', { device_id: 'GW-ONLY', connected_mprns: 10 });
      const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();
      const ours = [
        ...PHASE_A.map((a, i) => reading('ADMD-A', i + 1, at(i * 15), { current_med_a: [a, a, a], current_max_a: [300, 300, 300] })),
        reading('ADMD-ZERO', 1, at(0), { current_med_a: [50, 50, 50] }),
      ];
      const key = await createIngestKey(app, token, 'netzero');
      expect((await ingest(app, key.secret, ours)).json()).toMatchObject({ accepted: ours.length });
      const theirs = [reading('ADMD-A', 1, at(0), { current_med_a: [200, 200, 200] }), reading('GW-ONLY', 1, at(0))];
      const otherKey = await createIngestKey(app, otherToken, 'gridwest');
      expect((await ingest(app, otherKey.secret, theirs)).json()).toMatchObject({ accepted: theirs.length });
    });

    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    it('gives every transformer of the tenant its ADMD, load factor and peak time over the last 90 days by default', async () => {
      const body = await admdOf();
      expect(body).toMatchObject({ period: 'last_90_days', power_factor: 0.95, interval_minutes: 30, series: null });
      const toMs = Date.parse(body.to);
      expect(Math.abs(toMs - now)).toBeLessThan(60_000);
      expect(toMs - Date.parse(body.from)).toBe(90 * DAY_MS);
      expect(body.transformers.map((row) => row.device_id)).toEqual(['ADMD-A', 'ADMD-SILENT', 'ADMD-ZERO']);
      expect(rowOf(body, 'ADMD-A')).toEqual({
        device_id: 'ADMD-A',
        transformer_name: 'TX ADMD-A',
        connected_mprns: 40,
        peak_demand_kw: 52.44,
        peak_at: new Date(base + HALF_HOUR_MS).toISOString(),
        mean_demand_kw: 26.22,
        load_factor: 0.5,
        admd_kw: 1.31,
        half_hours: 3,
        missing: null,
      });
    });

    it('says why a transformer has no ADMD: no connected customers (peak still given), or no readings', async () => {
      const body = await admdOf();
      // 150 A × 0.23 × 0.95 = 32.775 kW.
      expect(rowOf(body, 'ADMD-ZERO')).toMatchObject({ peak_demand_kw: 32.78, admd_kw: null, missing: 'no_connected_customers' });
      expect(rowOf(body, 'ADMD-SILENT')).toMatchObject({
        peak_demand_kw: null,
        peak_at: null,
        load_factor: null,
        admd_kw: null,
        half_hours: 0,
        missing: 'no_readings',
      });
    });

    it('returns the 30-minute series behind one transformer, with the same figures as the fleet answer', async () => {
      const body = await admdOf({ device_id: 'ADMD-A' });
      expect(body.transformers).toEqual([rowOf(await admdOf(), 'ADMD-A')]);
      expect(body.series?.map((point) => point.start)).toEqual([0, 1, 2].map((i) => new Date(base + i * HALF_HOUR_MS).toISOString()));
      // 19.665, 52.44 and 6.555 kW at the answers' two decimals.
      expect(body.series?.map((point) => point.demand_kw)).toEqual([19.67, 52.44, 6.56]);
    });

    it('takes a power factor and an explicit period', async () => {
      // 240 A × 0.23 × 0.9 = 49.68 kW.
      expect(rowOf(await admdOf({ power_factor: 0.9 }), 'ADMD-A')).toMatchObject({ peak_demand_kw: 49.68, admd_kw: 1.24 });
      const lastHalfHour = await admdOf({ from: new Date(base + 2 * HALF_HOUR_MS).toISOString(), to: new Date(now).toISOString() });
      expect(lastHalfHour.period).toBe('requested');
      // Only half hour 2 is left: 6.555 kW, which is also the mean (load factor 1).
      expect(rowOf(lastHalfHour, 'ADMD-A')).toMatchObject({ peak_demand_kw: 6.56, load_factor: 1, half_hours: 1 });
      expect((await admdOf({ range: '24h' })).period).toBe('requested');
    });

    it('answers 400 naming the field for a bad power factor, period or device id', async () => {
      expectValidationError(await admd({ power_factor: 0 }), 'power_factor');
      expectValidationError(await admd({ power_factor: 1.2 }), 'power_factor');
      expectValidationError(await admd({ power_factor: 'high' }), 'power_factor');
      expectValidationError(await admd({ from: new Date(now).toISOString(), to: new Date(now - DAY_MS).toISOString() }), 'from');
      expectValidationError(await admd({ range: 'fortnight' }), 'range');
      expectValidationError(await admd({ device_id: 'x'.repeat(65) }), 'device_id');
    });

    it("keeps tenants apart: each sees its own transformers and figures, and another tenant's device is 404", async () => {
      const theirs = await admdOf({}, otherToken, 'gridwest');
      expect(theirs.transformers.map((row) => row.device_id)).toEqual(['ADMD-A', 'GW-ONLY']);
      // 600 A × 0.23 × 0.95 = 131.1 kW over 10 customers.
      expect(rowOf(theirs, 'ADMD-A')).toMatchObject({ connected_mprns: 10, peak_demand_kw: 131.1, admd_kw: 13.11 });
      expect((await admd({ device_id: 'GW-ONLY' })).statusCode).toBe(404);
      expect((await admd({ device_id: 'ADMD-ZERO' }, otherToken, 'gridwest')).statusCode).toBe(404);
    });

    it('answers 404 to a tracking tenant, which keeps no power data', async () => {
      expect((await admd({}, trackingToken, 'fleetco')).statusCode).toBe(404);
    });
  });
}
