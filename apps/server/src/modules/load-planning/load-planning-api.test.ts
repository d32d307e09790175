import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { assetsApi } from '@gridlens/contract/assets';
import type { EndpointDescription } from '@gridlens/contract/endpoint';
import type { ApiError } from '@gridlens/contract/errors';
import { evModelsApi, hpModelsApi } from '@gridlens/contract/load-models';
import { loadPlanningApi as api, type TransformerAnalysis } from '@gridlens/contract/load-planning';
import { compareByReinforcementUrgency, fleetAnalysisRow } from '@gridlens/domain/load-models/fleet-analysis';
import { prepareLoadModels } from '@gridlens/domain/load-models/load-model-preparation';
import { isWeekendDay } from '@gridlens/domain/load-models/model-day';
import { defaultEvModelParameters, defaultHpModelParameters } from '@gridlens/domain/load-models/model-parameters';
import { explainTransformer } from '@gridlens/domain/load-models/transformer-explanation';
import { apparentPowerKva } from '@gridlens/domain/power/electrical';
import type { Database } from '../../db/database';
import { inject, type EndpointCall } from '../../../test/support/inject';
import { createIngestKey, ingest, reading, registerDevice } from '../../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';
import { DEFAULT_MAP_VIEW } from '@gridlens/domain/map-view';
import { zonedDayStartMs } from '@gridlens/domain/time-range';
import { hourlyAmbientTemperaturesC } from '@gridlens/domain/weather/climate-model';

const DAY_MS = 86_400_000;
/** The app's temperatures for a day: the offline climate model at the centre of Ireland, the test tenant's days UTC. */
const ambientOf = (day: string) => hourlyAmbientTemperaturesC(DEFAULT_MAP_VIEW, zonedDayStartMs(day, 'UTC'), 24).temperatureC;
const dayBefore = (k: number) => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - k * DAY_MS).toISOString().slice(0, 10);
/** Nine whole UTC days before today (the test tenants' calendar is UTC), oldest first; day index 5 has TX-P's peak. */
const DAYS = [9, 8, 7, 6, 5, 4, 3, 2, 1].map(dayBefore);
const PEAK_DAY = dayBefore(5);
/** Each phase's current of TX-P: 60 A, 100 A in the evening (17-20 h), 120 A at 18:00 on the peak day. */
const currentP = (day: string, hour: number) => (day === PEAK_DAY && hour === 18 ? 120 : hour >= 17 && hour <= 20 ? 100 : 60);
const currentQ = () => 30;
/** The hourly peak apparent power as stored (a float4 column). */
const hourlyKva = (current: (day: string, hour: number) => number, day: string) =>
  Float64Array.from({ length: 24 }, (_, h) => Math.fround(apparentPowerKva([current(day, h), current(day, h), current(day, h)])));

for (const backend of TEST_DATABASES) {
  describe(`load planning API [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let token: string;
    let otherToken: string;
    let trackingToken: string;
    let key: string;
    const call = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}, t = token, tenant = 'netzero') =>
      inject(app, endpoint, { ...request, headers: authHeaders(t, tenant) });
    const ingestDays = async (
      deviceId: string,
      current: (day: string, hour: number) => number,
      days: readonly string[],
      firstSeq: number,
    ) => {
      const messages = days.flatMap((day, d) =>
        Array.from({ length: 24 }, (_, h) => {
          const a = current(day, h);
          return reading(deviceId, firstSeq + d * 24 + h, `${day}T${String(h).padStart(2, '0')}:30:00.000Z`, { current_max_a: [a, a, a] });
        }),
      );
      expect((await ingest(app, key, messages)).statusCode).toBe(200);
    };
    const mostRecentWeekday = [...DAYS].reverse().find((day) => !isWeekendDay(day)) as string;

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      token = await created.issuer.token({ sub: 'u1', tenant: 'netzero' });
      otherToken = await created.issuer.token({ sub: 'u9', tenant: 'gridwest' });
      trackingToken = await created.issuer.token({ sub: 'u5', tenant: 'fleetco' });
      await registerDevice(app, token, 'netzero', { device_id: 'TX-P', rating_kva: 100, connected_mprns: 60, commuter_area: true });
      await registerDevice(app, token, 'netzero', { device_id: 'TX-Q', rating_kva: 50, connected_mprns: 20, commuter_area: false });
      await registerDevice(app, token, 'netzero', { device_id: 'TX-N', rating_kva: 200, connected_mprns: 10 });
      key = (await createIngestKey(app, token, 'netzero')).secret;
      await ingestDays('TX-P', currentP, DAYS, 1);
      await ingestDays('TX-Q', currentQ, DAYS, 1);
    });
    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    /** What the domain says for a transformer on a day, called directly on the same inputs. */
    const expected = (ratingKva: number, customers: number, day: string, kva: Float64Array, hp = defaultHpModelParameters) => {
      const prepared = prepareLoadModels(defaultEvModelParameters, hp, { baseYear: Number(dayBefore(1).slice(0, 4)) });
      const input = {
        ratingKva,
        connectedCustomers: customers,
        days: [{ id: day, isWeekend: isWeekendDay(day), baseLoadKva: kva, ambientC: ambientOf(day) }],
      };
      return { explanation: explainTransformer(prepared, input), row: fleetAnalysisRow(prepared, input) };
    };

    it('analyses a transformer with EVs and heat pumps on the max annual load day, as the domain does', async () => {
      const cold = await call(hpModelsApi.create, { body: { ...defaultHpModelParameters, name: 'Cold winters', extremeScenario: true } });
      expect(cold.statusCode).toBe(201);
      const response = await call(api.analysis, {
        params: { id: 'TX-P' },
        query: { day_type: 'max_annual_load_day', hp_model: cold.json().id },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.base_load_day).toBe(PEAK_DAY);
      const { explanation, row } = expected(100, 60, PEAK_DAY, hourlyKva(currentP, PEAK_DAY), {
        ...defaultHpModelParameters,
        extremeScenario: true,
      });
      expect(body.capacity_kw).toBeCloseTo(explanation.capacityKw, 9);
      expect(body.row.max_evs).toBe(row.maxEvs);
      expect(body.row.first_year_over_capacity).toBe(row.firstYearOverCapacity);
      expect(body.row.min_headroom_kw).toBeCloseTo(row.minHeadroomKw, 9);
      expect(body.row.max_load_hour).toBe(row.maxLoadHour);
      expect(body.forecast.map((y) => [y.year, y.ev_count, y.hp_count, y.over_capacity])).toEqual(
        explanation.forecast.map((y) => [y.year, y.evCount, y.hpCount, y.overCapacity]),
      );
      expect(body.forecast.at(-1)?.year).toBe(2030);
      const base = body.measured_day.profiles[0];
      const domainBase = explanation.days[0]?.profiles[0];
      expect(base?.base_kw[18]).toBeCloseTo(domainBase?.baseKw[18] ?? NaN, 9);
      expect(base?.total_kw.map((kw) => kw.toFixed(9))).toEqual(Array.from(domainBase?.totalKw ?? [], (kw) => kw.toFixed(9)));
      expect(base?.headroom_kw[18]).toBeCloseTo(body.capacity_kw - (base?.total_kw[18] ?? NaN), 9);
      // The 1-in-20 cold day: its mean is the HP model's −5 °C and its heat pumps draw more than on the measured day.
      expect(body.extreme_day?.mean_temperature_c).toBeCloseTo(-5, 9);
      expect(Math.max(...(body.extreme_day?.hp_kw_per_hp ?? []))).toBeGreaterThan(Math.max(...body.measured_day.hp_kw_per_hp));
    });

    it('gives the EV tab the same analysis as the HP tab: heat pumps included, the cold day only when the HP model asks', async () => {
      const [ev, full] = await Promise.all([
        call(api.evAnalysis, { params: { id: 'TX-P' } }),
        call(api.analysis, { params: { id: 'TX-P' } }),
      ]);
      expect(ev.statusCode).toBe(200);
      const body = ev.json();
      expect(body.day_type).toBe('most_recent_weekday');
      expect(body.base_load_day).toBe(mostRecentWeekday);
      expect(body.hp_model).toBe('default');
      expect(body.extreme_day).toBeNull();
      expect(body.forecast.at(-1)?.hp_count).toBeGreaterThan(0);
      expect(body).toEqual(full.json());
    });

    it("runs the tenant's stored models: a model created on the EV modelling screen, and the seeded one as 'default'", async () => {
      const created = await call(evModelsApi.create, {
        body: { ...defaultEvModelParameters, name: 'Fast uptake', currentEvSharePercent: 40, evShareOfSalesPercent: 90 },
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().id;
      const [fast, seeded] = await Promise.all([
        call(api.evAnalysis, { params: { id: 'TX-P' }, query: { ev_model: id } }),
        call(api.evAnalysis, { params: { id: 'TX-P' }, query: { ev_model: 'default' } }),
      ]);
      expect([fast.statusCode, seeded.statusCode]).toEqual([200, 200]);
      const evsIn2030 = (body: TransformerAnalysis) => body.forecast.at(-1)?.ev_count ?? 0;
      expect(evsIn2030(fast.json())).toBeGreaterThan(evsIn2030(seeded.json()));
      // A model id the tenant does not have answers 404.
      expect(
        (await call(api.evAnalysis, { params: { id: 'TX-P' }, query: { ev_model: '00000000-0000-4000-8000-000000000000' } })).statusCode,
      ).toBe(404);
    });

    it('ranks the fleet as the domain does, the transformer without data last', async () => {
      const response = await call(api.fleetAnalysis, { params: { id_ev: 'default', id_hp: 'default' } });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.data_day).toBe(dayBefore(1));
      const p = expected(100, 60, mostRecentWeekday, hourlyKva(currentP, mostRecentWeekday)).row;
      const q = expected(50, 20, mostRecentWeekday, hourlyKva(currentQ, mostRecentWeekday)).row;
      const order = compareByReinforcementUrgency(p, q) <= 0 ? ['TX-P', 'TX-Q'] : ['TX-Q', 'TX-P'];
      expect(body.items.map((item) => item.device_id)).toEqual([...order, 'TX-N']);
      const itemP = body.items.find((item) => item.device_id === 'TX-P');
      expect(itemP?.max_evs).toBe(p.maxEvs);
      expect(itemP?.min_headroom_kw).toBeCloseTo(p.minHeadroomKw, 9);
      expect(itemP?.max_load_kw).toBeCloseTo(p.maxLoadKw, 9);
      expect(itemP?.first_year_over_capacity).toBe(p.firstYearOverCapacity);
      expect(body.items.at(-1)).toMatchObject({ device_id: 'TX-N', base_load_day: null, max_load_kw: null });
    });

    it('recomputes the fleet when a rating changes and when a new data day arrives', async () => {
      const before = (await call(api.fleetAnalysis, { params: { id_ev: 'default', id_hp: 'default' } })).json();
      const edited = await call(assetsApi.update, { params: { DeviceID: 'TX-Q' }, body: { rating_kva: 25 } });
      expect(edited.statusCode).toBe(200);
      const afterEdit = (await call(api.fleetAnalysis, { params: { id_ev: 'default', id_hp: 'default' } })).json();
      const headroomOfQ = (answer: typeof before) => answer.items.find((item) => item.device_id === 'TX-Q')?.min_headroom_kw ?? NaN;
      expect(headroomOfQ(afterEdit)).toBeCloseTo(headroomOfQ(before) - 25 * 0.95, 6);

      // The maximum load day may be today: kept before today's data, recomputed with it.
      const byPeak = async () =>
        (
          await call(api.fleetAnalysis, { params: { id_ev: 'default', id_hp: 'default' }, query: { day_type: 'max_annual_load_day' } })
        ).json();
      const baseDayOfN = (answer: typeof before) => answer.items.find((item) => item.device_id === 'TX-N')?.base_load_day;
      expect(baseDayOfN(await byPeak())).toBeNull();
      // A reading of today, never in the future (just after midnight, today has only minutes so far).
      const todayMs = Date.parse(`${dayBefore(0)}T00:00:00.000Z`);
      const justNow = new Date(Math.max(todayMs, Date.now() - 60_000)).toISOString();
      expect((await ingest(app, key, [reading('TX-N', 1, justNow, { current_max_a: [50, 50, 50] })])).statusCode).toBe(200);
      const afterData = await byPeak();
      expect(afterData.data_day).toBe(dayBefore(0));
      expect(baseDayOfN(afterData)).toBe(dayBefore(0));
      // The most recent weekday is a whole day: today so far is none, so TX-N still has no base-load day.
      const byWeekday = (await call(api.fleetAnalysis, { params: { id_ev: 'default', id_hp: 'default' } })).json();
      expect(byWeekday.data_day).toBe(dayBefore(0));
      expect(baseDayOfN(byWeekday)).toBeNull();
      expect(byWeekday.items.find((item) => item.device_id === 'TX-P')?.base_load_day).toBe(mostRecentWeekday);
    });

    it('explains the inputs: rating, MPRNs, commuter flag, the base-load day and its hours', async () => {
      const response = await call(api.baseData, { params: { device_id: 'TX-P' }, query: { day_type: 'max_annual_load_day' } });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        rating_kva: 100,
        connected_mprns: 60,
        commuter_area: true,
        day_type_from: 'query',
        base_load_day: PEAK_DAY,
      });
      expect(body.base_load_kva).toEqual(Array.from(hourlyKva(currentP, PEAK_DAY)));
      expect(body.ambient_c).toEqual(Array.from(ambientOf(PEAK_DAY)));
      const byModel = (await call(api.baseData, { params: { device_id: 'TX-P' } })).json();
      expect(byModel).toMatchObject({ day_type: 'most_recent_weekday', day_type_from: 'ev_model', base_load_day: mostRecentWeekday });
    });

    it("gives an area's dwelling mix by its commuter flag", async () => {
      const commuter = (await call(api.dwellingMix, { params: { areaId: 'TX-P' } })).json();
      const other = (await call(api.dwellingMix, { params: { areaId: 'TX-Q' } })).json();
      expect(commuter.area_type).toBe('commuter');
      expect(other.area_type).toBe('non_commuter');
      expect(commuter.ber_bands.reduce((sum, band) => sum + band.percent, 0)).toBe(100);
      expect(commuter.ber_bands).not.toEqual(other.ber_bands);
    });

    it('refuses bad query values naming the field, and unknown models with 404', async () => {
      const badDay = await call(api.analysis, { params: { id: 'TX-P' }, query: { day_type: 'sunday' } });
      expect(badDay.statusCode).toBe(400);
      expect(badDay.json<ApiError>().message).toContain('day_type');
      const badModel = await call(api.analysis, { params: { id: 'TX-P' }, query: { hp_model: 'x'.repeat(65) } });
      expect(badModel.statusCode).toBe(400);
      expect(badModel.json<ApiError>().message).toContain('hp_model');
      expect((await call(api.evAnalysis, { params: { id: 'TX-P' }, query: { ev_model: 'nope' } })).statusCode).toBe(404);
      expect((await call(api.fleetAnalysis, { params: { id_ev: 'default', id_hp: 'nope' } })).statusCode).toBe(404);
      // TX-N has only today's reading: no whole weekday yet, though its maximum load day is today.
      expect((await call(api.analysis, { params: { id: 'TX-N' }, query: { day_type: 'most_recent_weekday' } })).statusCode).toBe(404);
      expect((await call(api.analysis, { params: { id: 'TX-N' }, query: { day_type: 'max_annual_load_day' } })).statusCode).toBe(200);
    });

    it("never shows another tenant's transformers, and answers 404 to a tracking tenant", async () => {
      expect((await call(api.analysis, { params: { id: 'TX-P' } }, otherToken, 'gridwest')).statusCode).toBe(404);
      expect((await call(api.baseData, { params: { device_id: 'TX-P' } }, otherToken, 'gridwest')).statusCode).toBe(404);
      expect((await call(api.dwellingMix, { params: { areaId: 'TX-P' } }, otherToken, 'gridwest')).statusCode).toBe(404);
      const theirs = (await call(api.fleetAnalysis, { params: { id_ev: 'default', id_hp: 'default' } }, otherToken, 'gridwest')).json();
      expect(theirs.items.map((item) => item.device_id)).not.toContain('TX-P');
      expect((await call(api.fleetAnalysis, { params: { id_ev: 'default', id_hp: 'default' } }, trackingToken, 'fleetco')).statusCode).toBe(
        404,
      );
    });
  });
}
