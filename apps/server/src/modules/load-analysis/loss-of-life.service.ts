import type { HealthIndicatorAnswer, LossOfLife, LossOfLifeRow, LossOfLifeSeries } from '@gridlens/contract/load-analysis';
import { DEFAULT_MAP_VIEW } from '@gridlens/domain/map-view';
import type { GeoPoint } from '@gridlens/domain/geo';
import { atAnswerPrecision as r2 } from '@gridlens/domain/number-format';
import { phaseLoadingPercent } from '@gridlens/domain/power/electrical';
import { isReadyHydrogenStatus, type HydrogenSample } from '@gridlens/domain/power/hydrogen-trend';
import { isCurrentOverLimit } from '@gridlens/domain/power/issue-flags';
import { ageingRates, type PaperInsulation } from '@gridlens/domain/thermal/ageing';
import { healthIndicators, type HealthIndicator } from '@gridlens/domain/thermal/health-indicators';
import { thermalAgeing } from '@gridlens/domain/thermal/thermal-ageing';
import { thermalParametersFor } from '@gridlens/domain/thermal/thermal-parameters';
import { loadFactorsWithAddedLoad } from '@gridlens/domain/thermal/future-load';
import { notFound, validationError } from '../../http/http-error';
import { resolvePeriod, type PeriodInput } from '../../http/period-input';
import type { HydrogenForHealth, HydrogenForHealthReads } from '../power-quality/power-quality.module';
import type { ThermalReadingsReads } from '../power-readings/power-readings.module';
import type { ThermalReadingsRow } from '../power-readings/power-readings.public';
import type { HourlyTemperaturesOf } from '../weather/weather.public';
import { interpolateAt, loadFactorsOf, measuredTopOilOf } from './thermal-inputs';

export interface LossOfLifeQuery extends PeriodInput {
  device_id?: string | undefined;
  paper?: PaperInsulation | undefined;
}

/** The load the default models add to transformers by a forecast year, kVA per local hour; absent without a base-load day. */
export type AddedLoadsByHour = (
  tenantId: string,
  deviceIds: readonly string[],
) => Promise<ReadonlyMap<string, { year: number; addedKva: Float64Array }>>;

interface Deps {
  readings: ThermalReadingsReads;
  hydrogen: HydrogenForHealthReads;
  temperatures: HourlyTemperaturesOf;
  keepsPowerData: (tenantId: string) => Promise<boolean>;
  /** The tenant's time zone, whose midnights cut the days of the ageing indicators. */
  timeZoneOf: (tenantId: string) => Promise<string>;
  addedLoadsByHour: AddedLoadsByHour;
  now?: () => number;
}

/** The longest period the whole fleet's loss of life is worked out over in one answer (a longer one is per device). */
export const FLEET_PERIOD_MAX_DAYS = 31;
const DAY_MS = 86_400_000;

/** Where the ambient is taken for a device without a place: the centre of Ireland, the maps' default centre. */
const IRELAND_CENTRE: GeoPoint = { latitude: DEFAULT_MAP_VIEW.latitude, longitude: DEFAULT_MAP_VIEW.longitude };

const iso = (ms: number) => new Date(ms).toISOString();
/** A figure at two decimals, or null when it is not finite (no readings, or readings so extreme that it overflows). */
const finiteOrNull = (value: number) => (Number.isFinite(value) ? r2(value) : null);
const maxOf = (values: Float64Array) => finiteOrNull(values.reduce((a, b) => Math.max(a, b), -Infinity));
const seriesOf = (values: Float64Array) => Array.from(values, finiteOrNull);

function indicatorsAnswer(indicators: HealthIndicator[]): HealthIndicatorAnswer[] {
  return indicators.map(({ kind, triggered, triggers }) => ({
    kind,
    triggered,
    triggers: triggers.map((trigger) => ({
      figure: trigger.figure,
      value: finiteOrNull(trigger.value),
      threshold: trigger.threshold,
      at: trigger.atMs === null ? null : iso(trigger.atMs),
      basis: trigger.basis,
    })),
  }));
}

/** Ready hydrogen readings as the health indicators take them (hydrogen-trend.ts). */
function hydrogenSamples(hydrogen: HydrogenForHealth): HydrogenSample[] {
  return hydrogen.readings
    .filter((r) => r.h2_ppm !== null && isReadyHydrogenStatus(r.status))
    .map((r) => ({ atMs: new Date(r.measured_at).getTime(), h2Ppm: r.h2_ppm! }));
}

/** Thermal ageing and health per transformer (domain-references §2; docs/decisions.md "Loss of life and weather"). */
export function createLossOfLifeService({
  readings,
  hydrogen,
  temperatures,
  keepsPowerData,
  timeZoneOf,
  addedLoadsByHour,
  now = Date.now,
}: Deps) {
  async function transformer(
    tenantId: string,
    row: ThermalReadingsRow,
    period: { from: Date; to: Date; timeZone: string; added: Awaited<ReturnType<AddedLoadsByHour>> },
    paper: PaperInsulation,
    withSeries: boolean,
  ) {
    const { from, to, timeZone } = period;
    const timesMs = Float64Array.from(row.series.t);
    const place = row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null;
    const sensor = await hydrogen(tenantId, row.device_id, from, to);
    const loadPu = loadFactorsOf(row.series, row.rating_kva);
    let ambientC: Float64Array = new Float64Array(0);
    let ambientSource: LossOfLifeRow['ambient_source'] = null;
    if (timesMs.length > 0) {
      const hourly = await temperatures(place ?? IRELAND_CENTRE, timesMs[0]!, timesMs[timesMs.length - 1]!);
      ambientC = interpolateAt(hourly.timesMs, hourly.temperatureC, timesMs);
      ambientSource = hourly.source;
    }
    const measuredTopOilC = measuredTopOilOf(timesMs, sensor);
    // The transformer's own cooling mode picks its parameters; one not recorded is modelled as ONAN.
    const thermal = thermalParametersFor({ cooling: row.cooling });
    const ageing = thermalAgeing({ timesMs, loadPu, ambientC, measuredTopOilC }, thermal.parameters, 'steady', paper);
    // Future ageing: the same days with the load the default EV and HP models add by the last forecast year. The
    // top oil is modelled throughout: a measured one belongs to today's load.
    const added = timesMs.length > 0 ? (period.added.get(row.device_id) ?? null) : null;
    const forecast = added && {
      year: added.year,
      loadPu: loadFactorsWithAddedLoad(timesMs, loadPu, added.addedKva, row.rating_kva, timeZone),
    };
    const future = forecast && thermalAgeing({ timesMs, loadPu: forecast.loadPu, ambientC }, thermal.parameters, 'steady', paper);
    const indicators = healthIndicators({
      observed: { timesMs, loadPu, topOilC: ageing.topOilC, hotSpotC: ageing.hotSpotC },
      paper,
      hydrogen: hydrogenSamples(sensor),
      tankTemperature: { timesMs, temperatureC: Float64Array.from(row.series.c, (c) => c ?? Number.NaN) },
      timeZone,
      forecast: forecast && future ? { timesMs, loadPu: forecast.loadPu, topOilC: future.topOilC, hotSpotC: future.hotSpotC } : undefined,
    });
    const empty = timesMs.length === 0;
    const life = ageing.lossOfLife;
    const answer: LossOfLifeRow = {
      device_id: row.device_id,
      transformer_name: row.transformer_name,
      rating_kva: row.rating_kva,
      cooling: thermal.cooling,
      cooling_source: thermal.source,
      readings: timesMs.length,
      measured_top_oil_readings: measuredTopOilC.reduce((count, value) => count + (Number.isFinite(value) ? 1 : 0), 0),
      ambient_source: ambientSource,
      ambient_place: place === null ? 'ireland-centre' : 'device',
      max_load_pu: maxOf(loadPu),
      // The current-limit figure of the same period, beside K: a momentary peak over the rating is "current over
      // limit" while the thermal risk of overload judges the typical load (K) and the temperatures it makes.
      max_phase_loading_percent: row.max_currents_a === null ? null : finiteOrNull(phaseLoadingPercent(row.max_currents_a, row.rating_kva)),
      current_over_limit: row.max_currents_a !== null && isCurrentOverLimit(row.max_currents_a, row.rating_kva),
      max_top_oil_c: maxOf(ageing.topOilC),
      max_hot_spot_c: maxOf(ageing.hotSpotC),
      loss_of_life_h: empty ? null : finiteOrNull(life.lossOfLifeH),
      loss_of_life_days: empty ? null : finiteOrNull(life.lossOfLifeDays),
      elapsed_h: empty ? null : finiteOrNull(life.elapsedH),
      equivalent_ageing_factor: finiteOrNull(life.equivalentAgeingFactor),
      loss_of_life_percent: empty ? null : finiteOrNull(life.lossOfLifePercent),
      indicators: indicatorsAnswer(indicators),
      forecast_year: forecast?.year ?? null,
      missing: empty ? 'no_readings' : null,
    };
    const series: LossOfLifeSeries | null = withSeries
      ? {
          time: row.series.t.map(iso),
          load_pu: seriesOf(loadPu),
          ambient_c: seriesOf(ambientC),
          top_oil_c: seriesOf(ageing.topOilC),
          hot_spot_c: seriesOf(ageing.hotSpotC),
          ageing_rate: seriesOf(ageingRates(ageing.hotSpotC, paper)),
        }
      : null;
    return { answer, series };
  }

  return {
    /** GET /api/powerdata/lossOfLife. */
    async lossOfLife(tenantId: string, query: LossOfLifeQuery): Promise<LossOfLife> {
      if (!(await keepsPowerData(tenantId))) throw notFound('Power data');
      const { from, to } = resolvePeriod(query, now());
      const paper = query.paper ?? 'normal';
      const deviceId = query.device_id ?? null;
      // The whole fleet's readings are one answer: beyond a month, one transformer at a time.
      if (deviceId === null && to.getTime() - from.getTime() > FLEET_PERIOD_MAX_DAYS * DAY_MS)
        throw validationError([
          { field: 'device_id', message: `A period over ${FLEET_PERIOD_MAX_DAYS} days is for one transformer: give its device_id` },
        ]);
      const rows = await readings.thermalReadings(tenantId, from, to, deviceId);
      if (deviceId !== null && rows.length === 0) throw notFound('Device');
      const transformers: LossOfLifeRow[] = [];
      let series: LossOfLifeSeries | null = null;
      const [timeZone, added] = await Promise.all([
        timeZoneOf(tenantId),
        addedLoadsByHour(
          tenantId,
          rows.map((row) => row.device_id),
        ),
      ]);
      for (const row of rows) {
        const one = await transformer(tenantId, row, { from, to, timeZone, added }, paper, deviceId !== null);
        transformers.push(one.answer);
        series ??= one.series;
      }
      return { from: iso(from.getTime()), to: iso(to.getTime()), paper, transformers, series };
    },
  };
}
export type LossOfLifeService = ReturnType<typeof createLossOfLifeService>;
