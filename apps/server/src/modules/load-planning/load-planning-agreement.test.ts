import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EndpointDescription } from '@gridlens/contract/endpoint';
import { hpModelsApi } from '@gridlens/contract/load-models';
import {
  loadPlanningApi as api,
  type FleetAnalysis,
  type FleetAnalysisRow,
  type TransformerAnalysis,
} from '@gridlens/contract/load-planning';
import { loadPlanningRoutes } from '@gridlens/contract/routes/load-planning';
import { urlOf } from '@gridlens/contract/route';
import { defaultHpModelParameters } from '@gridlens/domain/load-models/model-parameters';
import type { Database } from '../../db/database';
import { inject, type EndpointCall } from '../../../test/support/inject';
import { createIngestKey, ingest, reading, registerDevice } from '../../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';

const DAY_MS = 86_400_000;
/**
 * Eight whole UTC days ending two days before today (the test tenants' calendar is UTC). The newest data day is then
 * at least a day before yesterday, so the base-load day the server chooses (the most recent weekday with data, up to
 * the newest data day and before today) is the same at any time of day the test runs.
 */
const DAYS = Array.from({ length: 8 }, (_, k) =>
  new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - (9 - k) * DAY_MS).toISOString().slice(0, 10),
);
/** Each phase's current: 95 A in the small hours, 150 A through the morning and day, 180 A in the evening (17-21 h). */
const current = (hour: number) => (hour >= 17 && hour <= 21 ? 180 : hour >= 7 ? 150 : 95);

/** The headline figures every view of a transformer's analysis shows. */
const headline = (row: FleetAnalysisRow) => ({
  first_year_over_capacity: row.first_year_over_capacity,
  max_evs: row.max_evs,
  max_evs_year: row.max_evs_year,
  min_headroom_kw: row.min_headroom_kw === null ? null : Number(row.min_headroom_kw.toFixed(9)),
  max_load_day: row.max_load_day,
  max_load_on_extreme_day: row.max_load_on_extreme_day,
});

for (const backend of TEST_DATABASES) {
  describe(`one analysis per transformer, models and day type [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let token: string;
    const call = async <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}) => {
      const response = await inject(app, endpoint, { ...request, headers: authHeaders(token, 'netzero') });
      expect(response.statusCode, response.body).toBe(200);
      return response;
    };
    /** The fleet table's row, the EV Analysis tab's and the HP Analysis tab's answers, each asked as its view asks. */
    const threeViews = async (deviceId: string, models: { ev: string; hp: string }) => {
      const fleet = (await call(api.fleetAnalysis, { params: { id_ev: models.ev, id_hp: models.hp } })).json<FleetAnalysis>();
      const query = { ev_model: models.ev, hp_model: models.hp };
      const ev = (await call(api.evAnalysis, { params: { id: deviceId }, query })).json<TransformerAnalysis>();
      const hp = (await call(api.analysis, { params: { id: deviceId }, query })).json<TransformerAnalysis>();
      const row = fleet.items.find((item) => item.device_id === deviceId);
      if (!row) throw new Error(`${deviceId} is not in the fleet analysis`);
      return { row, ev, hp };
    };

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      token = await created.issuer.token({ sub: 'u1', tenant: 'netzero' });
      await registerDevice(app, token, 'netzero', { device_id: 'TX-A', rating_kva: 150, connected_mprns: 120, commuter_area: true });
      const key = (await createIngestKey(app, token, 'netzero')).secret;
      const messages = DAYS.flatMap((day, d) =>
        Array.from({ length: 24 }, (_, h) =>
          reading('TX-A', 1 + d * 24 + h, `${day}T${String(h).padStart(2, '0')}:30:00.000Z`, {
            current_max_a: [current(h), current(h), current(h)],
          }),
        ),
      );
      expect((await ingest(app, key, messages)).statusCode).toBe(200);
    });
    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    it('gives the same year over capacity, max EVs and minimum headroom in the fleet table and on both tabs, default models', async () => {
      const { row, ev, hp } = await threeViews('TX-A', { ev: 'default', hp: 'default' });
      // The case is one where the figures mean something: over capacity before 2030, some EVs fit, heat pumps count.
      expect(row.first_year_over_capacity).not.toBeNull();
      expect(row.max_evs).toBeGreaterThan(0);
      expect(hp.forecast.at(-1)?.hp_count).toBeGreaterThan(0);
      expect(headline(ev.row)).toEqual(headline(row));
      expect(headline(hp.row)).toEqual(headline(row));
      // The default HP model's 1-in-20 flag is off: neither tab evaluates the cold day.
      expect([ev.extreme_day, hp.extreme_day]).toEqual([null, null]);
      // The tabs' table beneath the headline: its max EVs in the headline's year is the headline's, and that year's
      // forecast EV count is above it, as "over capacity" says.
      for (const tab of [ev, hp]) {
        const year = tab.forecast.find((y) => y.year === row.max_evs_year);
        expect(year?.max_evs).toBe(row.max_evs);
        expect(year?.over_capacity).toBe(true);
        expect(year?.ev_count).toBeGreaterThan(row.max_evs ?? Infinity);
        expect(tab.forecast.find((y) => y.over_capacity)?.year).toBe(row.first_year_over_capacity);
      }
    });

    it('ignores an old client’s extreme=true: the cold day follows the HP model alone', async () => {
      const response = await app.inject({
        method: 'GET',
        url: urlOf(loadPlanningRoutes.analysis, { id: 'TX-A' }, { ev_model: 'default', hp_model: 'default', extreme: 'true' }),
        headers: authHeaders(token, 'netzero'),
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<TransformerAnalysis>();
      expect(body.extreme_day).toBeNull();
      const { row } = await threeViews('TX-A', { ev: 'default', hp: 'default' });
      expect(headline(body.row)).toEqual(headline(row));
    });

    it('evaluates the 1-in-20 cold day in all three views when the HP model asks for it, and they still agree', async () => {
      const created = await inject(app, hpModelsApi.create, {
        headers: authHeaders(token, 'netzero'),
        body: { ...defaultHpModelParameters, name: 'Cold winters', extremeScenario: true },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { row, ev, hp } = await threeViews('TX-A', { ev: 'default', hp: created.json().id });
      expect(headline(ev.row)).toEqual(headline(row));
      expect(headline(hp.row)).toEqual(headline(row));
      expect(row.max_load_on_extreme_day).toBe(true);
      expect(hp.extreme_day?.mean_temperature_c).toBeCloseTo(-5, 9);
      expect(ev.extreme_day?.extreme).toBe(true);
      const measuredOnly = await threeViews('TX-A', { ev: 'default', hp: 'default' });
      expect(row.min_headroom_kw).toBeLessThan(measuredOnly.row.min_headroom_kw ?? -Infinity);
    });
  });
}
