import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_HYDROGEN_SENSOR_CONFIG, powerQualityApi } from '@gridlens/contract/power-quality';
import { loadAnalysisApi, type LossOfLife, type LossOfLifeRow } from '@gridlens/contract/load-analysis';
import { loadPlanningApi } from '@gridlens/contract/load-planning';
import { atAnswerPrecision as r2 } from '@gridlens/domain/number-format';
import type { PaperInsulation } from '@gridlens/domain/thermal/ageing';
import { healthIndicators } from '@gridlens/domain/thermal/health-indicators';
import { loadFactorsWithAddedLoad } from '@gridlens/domain/thermal/future-load';
import { loadFactorsPu } from '@gridlens/domain/thermal/load-factor';
import { thermalAgeing } from '@gridlens/domain/thermal/thermal-ageing';
import { thermalParameters, thermalParametersFor } from '@gridlens/domain/thermal/thermal-parameters';
import { hourlyAmbientTemperaturesC } from '@gridlens/domain/weather/climate-model';
import type { Database } from '../../db/database';
import { expectValidationError } from '../../../test/support/api-assertions';
import { inject, routeName } from '../../../test/support/inject';
import { createIngestKey, hydrogenReading, ingest, reading, registerDevice } from '../../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';

const DAY_MS = 86_400_000;
const STEP_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;
const DUBLIN = { latitude: 53.35, longitude: -6.26 };

/** A day of 15-minute median currents on a 100 kVA unit (rated 144.9 A a phase): 100 A, and 240 A from 17:00 to 19:45 on phase 2. */
const phaseCurrents = (i: number): [number, number, number] => (i >= 68 && i < 80 ? [110, 240, 120] : [100, 90, 80]);
/** The monitor's tank temperature: 35 °C, once 95 °C (over the 90 °C limit) at 18:00. */
const tankC = (i: number) => (i === 72 ? 95 : 35);

/** What the endpoint should answer, worked with the domain functions on the same inputs. */
function expectedRow(
  base: number,
  paper: PaperInsulation,
  measuredTopOilAt: Map<number, number>,
  hydrogen: { atMs: number; h2Ppm: number }[],
  added: { year: number; addedKva: Float64Array },
) {
  const timesMs = Float64Array.from({ length: 96 }, (_, i) => base + i * STEP_MS);
  const currents = Array.from({ length: 96 }, (_, i) => phaseCurrents(i));
  const loadPu = loadFactorsPu(
    Float64Array.from(currents, (c) => c[0]),
    Float64Array.from(currents, (c) => c[1]),
    Float64Array.from(currents, (c) => c[2]),
    100,
  );
  // The hourly climate model, interpolated linearly to the quarter hours (the readings sit inside the hours).
  const hourly = hourlyAmbientTemperaturesC(DUBLIN, base, 25);
  const ambientC = timesMs.map((t) => {
    const h = Math.floor((t - base) / HOUR_MS);
    const w = (t - base - h * HOUR_MS) / HOUR_MS;
    return (1 - w) * hourly.temperatureC[h]! + w * hourly.temperatureC[h + 1]!;
  });
  const measuredTopOilC = timesMs.map((t) => measuredTopOilAt.get(t) ?? Number.NaN);
  const ageing = thermalAgeing({ timesMs, loadPu, ambientC, measuredTopOilC }, thermalParameters(), 'steady', paper);
  // Future ageing: the same day with the default models' added load of the last forecast year, top oil modelled.
  const futureLoadPu = loadFactorsWithAddedLoad(timesMs, loadPu, added.addedKva, 100, 'UTC');
  const future = thermalAgeing({ timesMs, loadPu: futureLoadPu, ambientC }, thermalParameters(), 'steady', paper);
  const indicators = healthIndicators({
    observed: { timesMs, loadPu, topOilC: ageing.topOilC, hotSpotC: ageing.hotSpotC },
    forecast: { timesMs, loadPu: futureLoadPu, topOilC: future.topOilC, hotSpotC: future.hotSpotC },
    paper,
    hydrogen,
    tankTemperature: { timesMs, temperatureC: Float64Array.from({ length: 96 }, (_, i) => tankC(i)) },
  });
  const max = (values: Float64Array) => r2(Math.max(...values));
  return {
    ageing,
    row: {
      max_load_pu: max(loadPu),
      // The readings' highest currents are the fixture's 100 / 90 / 80 A: 100 A over the 144.93 A rated phase current.
      max_phase_loading_percent: r2((100 * 100) / ((100 * 1000) / (3 * 230))),
      current_over_limit: false,
      max_top_oil_c: max(ageing.topOilC),
      max_hot_spot_c: max(ageing.hotSpotC),
      loss_of_life_h: r2(ageing.lossOfLife.lossOfLifeH),
      loss_of_life_days: r2(ageing.lossOfLife.lossOfLifeDays),
      elapsed_h: r2(ageing.lossOfLife.elapsedH),
      equivalent_ageing_factor: r2(ageing.lossOfLife.equivalentAgeingFactor),
      loss_of_life_percent: r2(ageing.lossOfLife.lossOfLifePercent),
      forecast_year: added.year,
      indicators: indicators.map(({ kind, triggered, triggers }) => ({
        kind,
        triggered,
        triggers: triggers.map((t) => ({
          figure: t.figure,
          value: r2(t.value),
          threshold: t.threshold,
          at: t.atMs === null ? null : new Date(t.atMs).toISOString(),
          basis: t.basis,
        })),
      })),
    } satisfies Partial<LossOfLifeRow>,
  };
}

for (const backend of TEST_DATABASES) {
  describe(`${routeName(loadAnalysisApi.lossOfLife)} [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let token: string;
    let otherToken: string;
    let trackingToken: string;
    // A whole UTC weekday at least two days ago: the default models' base-load day (the most recent weekday).
    let base = Math.floor((Date.now() - 2 * DAY_MS) / DAY_MS) * DAY_MS;
    while ([0, 6].includes(new Date(base).getUTCDay())) base -= DAY_MS;
    const period = { from: new Date(base).toISOString(), to: new Date(base + DAY_MS).toISOString() };
    const at = (ms: number) => new Date(ms).toISOString();
    const call = (query: Record<string, string | number> = {}, t = token, tenant = 'netzero') =>
      inject(app, loadAnalysisApi.lossOfLife, { query, headers: authHeaders(t, tenant) });
    const bodyOf = async (query: Record<string, string | number> = {}, t = token, tenant = 'netzero') => {
      const response = await call(query, t, tenant);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<LossOfLife>();
    };
    /** What the default EV and HP models add to LOL-A by the last forecast year, as the load planning API answers it. */
    const addedLoad = async () => {
      const response = await inject(app, loadPlanningApi.analysis, { params: { id: 'LOL-A' }, headers: authHeaders(token, 'netzero') });
      expect(response.statusCode, response.body).toBe(200);
      const analysis = response.json();
      expect(analysis.base_load_day).toBe(new Date(base).toISOString().slice(0, 10));
      const last = analysis.measured_day.profiles.at(-1)!;
      return { year: last.year, addedKva: Float64Array.from(last.ev_kw, (ev, h) => (ev + last.hp_kw[h]!) / analysis.power_factor) };
    };
    const rowOf = (body: LossOfLife, deviceId: string) => body.transformers.find((row) => row.device_id === deviceId);
    // The hydrogen sensor at the top oil: its oil temperature at 06:05 belongs to the reading at 06:15.
    const hydrogen = [
      { atMs: base + 6 * HOUR_MS + 5 * 60_000, h2Ppm: 150, oilC: 60 },
      { atMs: base + 12 * HOUR_MS + 5 * 60_000, h2Ppm: 160, oilC: 70 },
    ];
    const measuredTopOil = new Map([
      [base + 25 * STEP_MS, 60],
      [base + 49 * STEP_MS, 70],
    ]);

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      token = await created.issuer.token({ sub: 'u1', tenant: 'netzero' });
      otherToken = await created.issuer.token({ sub: 'u9', tenant: 'gridwest' });
      trackingToken = await created.issuer.token({ sub: 'u7', tenant: 'fleetco' });
      await registerDevice(app, token, 'netzero', { device_id: 'LOL-A', rating_kva: 100, ...DUBLIN });
      await registerDevice(app, token, 'netzero', { device_id: 'LOL-NOWHERE', rating_kva: 100 });
      await registerDevice(app, token, 'netzero', { device_id: 'LOL-SILENT', rating_kva: 100, ...DUBLIN });
      // 10 kA (the most a monitor may report) on a 1 kVA rating: K near 7,000, a hot spot whose ageing overflows.
      await registerDevice(app, token, 'netzero', { device_id: 'LOL-HUGE', rating_kva: 1, ...DUBLIN });
      await registerDevice(app, token, 'netzero', { device_id: 'LOL-PEAK', rating_kva: 100, ...DUBLIN });
      // Two transformers alike in all but cooling: one recorded ONAF, one whose cooling nobody recorded.
      await registerDevice(app, token, 'netzero', { device_id: 'LOL-COOL-F', rating_kva: 100, cooling: 'ONAF', ...DUBLIN });
      await registerDevice(app, token, 'netzero', { device_id: 'LOL-COOL-U', rating_kva: 100, ...DUBLIN });
      await registerDevice(app, otherToken, 'gridwest', { device_id: 'LOL-A', rating_kva: 400, ...DUBLIN });
      await registerDevice(app, otherToken, 'gridwest', { device_id: 'GW-ONLY', rating_kva: 400 });
      const saved = await inject(app, powerQualityApi.saveHydrogenConfig, {
        params: { device_id: 'LOL-A' },
        headers: authHeaders(token, 'netzero'),
        body: { ...DEFAULT_HYDROGEN_SENSOR_CONFIG, sensor_location: 'TopOil' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const ours = [
        ...Array.from({ length: 96 }, (_, i) =>
          reading('LOL-A', i + 1, at(base + i * STEP_MS), { current_med_a: phaseCurrents(i), temperature_med_c: tankC(i) }),
        ),
        ...hydrogen.map((h, i) => hydrogenReading('LOL-A', 1000 + i, at(h.atMs), { h2_ppm: h.h2Ppm, oil_temperature_c: h.oilC })),
        ...['LOL-COOL-F', 'LOL-COOL-U'].flatMap((id) =>
          Array.from({ length: 96 }, (_, i) => reading(id, i + 1, at(base + i * STEP_MS), { current_med_a: phaseCurrents(i) })),
        ),
        reading('LOL-HUGE', 1, at(base + 60 * STEP_MS), { current_med_a: [10_000, 10_000, 10_000] }),
        reading('LOL-HUGE', 2, at(base + 61 * STEP_MS), { current_med_a: [10_000, 10_000, 10_000] }),
        // A momentary peak of 160 A (110 % of the rated phase current) on a typical 100 A.
        reading('LOL-PEAK', 1, at(base + 60 * STEP_MS), { current_max_a: [160, 90, 80], current_med_a: [100, 90, 80] }),
        reading('LOL-PEAK', 2, at(base + 61 * STEP_MS), { current_max_a: [120, 90, 80], current_med_a: [100, 90, 80] }),
        reading('LOL-NOWHERE', 1, at(base + 60 * STEP_MS)),
        reading('LOL-NOWHERE', 2, at(base + 61 * STEP_MS)),
      ];
      expect((await ingest(app, (await createIngestKey(app, token, 'netzero')).secret, ours)).json()).toMatchObject({
        accepted: ours.length,
      });
      const theirs = [
        reading('LOL-A', 1, at(base + HOUR_MS), { current_med_a: [500, 500, 500] }),
        reading('GW-ONLY', 1, at(base + HOUR_MS)),
      ];
      expect((await ingest(app, (await createIngestKey(app, otherToken, 'gridwest')).secret, theirs)).json()).toMatchObject({
        accepted: 2,
      });
    });

    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    it('gives each transformer the domain figures for its readings, ambient, measured top oil and hydrogen', async () => {
      const body = await bodyOf(period);
      expect(body).toMatchObject({ ...period, paper: 'normal', series: null });
      expect(body.transformers.map((row) => row.device_id)).toEqual([
        'LOL-A',
        'LOL-COOL-F',
        'LOL-COOL-U',
        'LOL-HUGE',
        'LOL-NOWHERE',
        'LOL-PEAK',
        'LOL-SILENT',
      ]);
      const added = await addedLoad();
      expect(added.year).toBe(2030);
      const expected = expectedRow(base, 'normal', measuredTopOil, hydrogen, added);
      expect(rowOf(body, 'LOL-A')).toEqual({
        device_id: 'LOL-A',
        transformer_name: 'TX LOL-A',
        rating_kva: 100,
        cooling: 'ONAN',
        cooling_source: 'default',
        readings: 96,
        measured_top_oil_readings: 2,
        ambient_source: 'climate-model',
        ambient_place: 'device',
        missing: null,
        ...expected.row,
      });
      // The inputs were chosen to set off these: K 1.66 > 1.5, the tank at 95 °C, hydrogen 160 ppm rising 40 ppm/day.
      const triggered = rowOf(body, 'LOL-A')!
        .indicators.filter((i) => i.triggered)
        .map((i) => i.kind);
      expect(triggered).toEqual(
        expect.arrayContaining(['risk-of-overload', 'temperature', 'hydrogen-alert', 'hydrogen-rate-alert', 'maintenance']),
      );
      // The evening EV and heat-pump load of 2030 on the same day ages it faster than rated: future ageing says so.
      const future = rowOf(body, 'LOL-A')!.indicators.find((i) => i.kind === 'future-ageing');
      expect(future?.triggered).toBe(true);
      expect(future?.triggers.every((t) => t.basis === 'forecast')).toBe(true);
    });

    it('models a transformer with its own cooling: same readings, ONAF and unrecorded (ONAN) give different figures and say which', async () => {
      const body = await bodyOf(period);
      const onaf = rowOf(body, 'LOL-COOL-F')!;
      const unrecorded = rowOf(body, 'LOL-COOL-U')!;
      expect(onaf).toMatchObject({
        cooling: 'ONAF',
        cooling_source: 'registry',
        rating_kva: 100,
        readings: 96,
        max_load_pu: unrecorded.max_load_pu,
      });
      expect(unrecorded).toMatchObject({ cooling: 'ONAN', cooling_source: 'default', rating_kva: 100, readings: 96 });
      // The figures are the domain's with each mode's parameters, on the same load and ambient.
      const timesMs = Float64Array.from({ length: 96 }, (_, i) => base + i * STEP_MS);
      const currents = Array.from({ length: 96 }, (_, i) => phaseCurrents(i));
      const loadPu = loadFactorsPu(
        Float64Array.from(currents, (c) => c[0]),
        Float64Array.from(currents, (c) => c[1]),
        Float64Array.from(currents, (c) => c[2]),
        100,
      );
      const hourly = hourlyAmbientTemperaturesC(DUBLIN, base, 25);
      const ambientC = timesMs.map((t) => {
        const h = Math.floor((t - base) / HOUR_MS);
        const w = (t - base - h * HOUR_MS) / HOUR_MS;
        return (1 - w) * hourly.temperatureC[h]! + w * hourly.temperatureC[h + 1]!;
      });
      for (const [row, cooling] of [
        [onaf, 'ONAF'],
        [unrecorded, null],
      ] as const) {
        const ageing = thermalAgeing({ timesMs, loadPu, ambientC }, thermalParametersFor({ cooling }).parameters, 'steady', 'normal');
        expect(row.max_hot_spot_c).toBe(r2(Math.max(...ageing.hotSpotC)));
        expect(row.max_top_oil_c).toBe(r2(Math.max(...ageing.topOilC)));
        expect(row.loss_of_life_h).toBe(r2(ageing.lossOfLife.lossOfLifeH));
      }
      expect(onaf.max_hot_spot_c).not.toBe(unrecorded.max_hot_spot_c);
      expect(onaf.loss_of_life_h).not.toBe(unrecorded.loss_of_life_h);
    });

    it('says when a transformer has no readings or no place of its own', async () => {
      const body = await bodyOf(period);
      expect(rowOf(body, 'LOL-SILENT')).toMatchObject({
        readings: 0,
        forecast_year: null,
        loss_of_life_h: null,
        equivalent_ageing_factor: null,
        missing: 'no_readings',
      });
      expect(rowOf(body, 'LOL-SILENT')!.indicators.every((i) => !i.triggered)).toBe(true);
      expect(rowOf(body, 'LOL-NOWHERE')).toMatchObject({
        readings: 2,
        ambient_place: 'ireland-centre',
        measured_top_oil_readings: 0,
        elapsed_h: 0.25,
      });
    });

    it('gives the current-limit figure of the same period beside K: a peak over the rating is over the limit, not a thermal overload', async () => {
      const peak = rowOf(await bodyOf(period), 'LOL-PEAK');
      // 160 A over 144.93 A; K from the 100 A median is 0.69 p.u., under the 1.5 p.u. of the risk of overload.
      expect(peak).toMatchObject({ max_phase_loading_percent: 110.4, current_over_limit: true, max_load_pu: 0.69 });
      expect(peak?.indicators.find((i) => i.kind === 'risk-of-overload')?.triggered).toBe(false);
      expect(rowOf(await bodyOf(period), 'LOL-SILENT')).toMatchObject({ max_phase_loading_percent: null, current_over_limit: false });
    });

    it('gives null, not a failure, for figures that overflow on extreme readings', async () => {
      const body = await bodyOf({ ...period, device_id: 'LOL-HUGE' });
      expect(body.transformers[0]).toMatchObject({ readings: 2, max_load_pu: 6900, loss_of_life_h: null, equivalent_ageing_factor: null });
      expect(body.series?.ageing_rate).toEqual([null, null]);
      const overload = body.transformers[0]!.indicators.find((i) => i.kind === 'risk-of-overload');
      expect(overload?.triggers[0]).toMatchObject({ figure: 'load-pu', value: 6900, threshold: 1.5 });
    });

    it("returns one transformer's series with the same figures, and takes thermally upgraded paper", async () => {
      const body = await bodyOf({ ...period, device_id: 'LOL-A' });
      expect(body.transformers).toEqual([rowOf(await bodyOf(period), 'LOL-A')]);
      const added = await addedLoad();
      const { ageing } = expectedRow(base, 'normal', measuredTopOil, hydrogen, added);
      expect(body.series?.time).toHaveLength(96);
      expect(body.series?.hot_spot_c).toEqual(Array.from(ageing.hotSpotC, r2));
      expect(body.series?.top_oil_c[25]).toBe(60);
      const upgraded = await bodyOf({ ...period, device_id: 'LOL-A', paper: 'thermally-upgraded' });
      expect(upgraded.paper).toBe('thermally-upgraded');
      expect(upgraded.transformers[0]).toMatchObject(expectedRow(base, 'thermally-upgraded', measuredTopOil, hydrogen, added).row);
    });

    it('answers 400 naming the field for a bad paper, period or device id', async () => {
      expectValidationError(await call({ paper: 'plastic' }), 'paper');
      expectValidationError(await call({ range: 'fortnight' }), 'range');
      expectValidationError(await call({ from: period.to, to: period.from }), 'from');
      expectValidationError(await call({ device_id: 'x'.repeat(65) }), 'device_id');
      // A year of the whole fleet in one answer is refused; one transformer's year is not.
      expectValidationError(await call({ range: '1y' }), 'device_id');
      expect((await call({ range: '1y', device_id: 'LOL-A' })).statusCode).toBe(200);
    });

    it("keeps tenants apart: another tenant's device is 404 and figures never mix", async () => {
      const theirs = await bodyOf(period, otherToken, 'gridwest');
      expect(theirs.transformers.map((row) => row.device_id)).toEqual(['GW-ONLY', 'LOL-A']);
      // 500 A over 400 kVA's 579.7 A.
      expect(rowOf(theirs, 'LOL-A')).toMatchObject({ readings: 1, rating_kva: 400, max_load_pu: 0.86, measured_top_oil_readings: 0 });
      expect((await call({ device_id: 'GW-ONLY' })).statusCode).toBe(404);
      expect((await call({ device_id: 'LOL-SILENT' }, otherToken, 'gridwest')).statusCode).toBe(404);
    });

    it('answers 404 to a tracking tenant, which keeps no power data', async () => {
      expect((await call({}, trackingToken, 'fleetco')).statusCode).toBe(404);
    });
  });
}
