import type { DwellingMixAnswer, FleetAnalysis, ModelInputs, TransformerAnalysis } from '@gridlens/contract/load-planning';
import type { PowerDevice } from '@gridlens/contract/assets';
import { areaTypeOf, BER_BANDS, DWELLING_CLASSES, DWELLING_MIX_BY_AREA } from '@gridlens/domain/load-models/dwelling-mix';
import { prepareLoadModels } from '@gridlens/domain/load-models/load-model-preparation';
import type { EvModelParameters, HpModelParameters, ModelDayType } from '@gridlens/domain/load-models/model-parameters';
import { explainTransformer } from '@gridlens/domain/load-models/transformer-explanation';
import { daysBefore, zonedDay } from '@gridlens/domain/time-range';
import { notFound } from '../../http/http-error';
import { DEFAULT_MODEL_ID } from '@gridlens/domain/load-models/model-defaults';
import type { PlanningDevice } from '../assets/assets.public';
import type { ModelDayLoadRow } from '../power-readings/power-readings.public';
import type { AmbientTemperatures } from './ambient-temperatures';
import { presentAnalysis } from './analysis-presenter';
import { baseLoadDay, type BaseLoadDay } from './base-load-day';
import { createFleetCache } from './fleet-cache';
import { buildFleetJob } from './fleet-input';
import type { FleetRunner } from './fleet-runner';
import type { ModelSource } from './model-source';

export interface LoadPlanningDeps {
  models: ModelSource;
  ambient: AmbientTemperatures;
  devices: {
    require(tenantId: string, deviceId: string): Promise<PowerDevice>;
    planningRegistry(tenantId: string): Promise<{ version: string; devices: PlanningDevice[] }>;
    registryVersion(tenantId: string): Promise<string>;
  };
  modelDays: {
    modelDayLoads(
      tenantId: string,
      dayType: ModelDayType,
      fromDay: string,
      toDay: string,
      deviceId?: string | null,
    ): Promise<ModelDayLoadRow[]>;
    newestDataDay(tenantId: string): Promise<string | null>;
  };
  isPowerDataTenant(tenantId: string): Promise<boolean>;
  /** The tenant's time zone: its calendar says which day is today, still in progress. */
  timeZoneOf(tenantId: string): Promise<string>;
  runner: FleetRunner;
  /** Days of history the base-load day is chosen from, up to the newest data day (a year, within retention). */
  historyDays: number;
  now?: () => number;
}

export function createLoadPlanningService(deps: LoadPlanningDeps) {
  const { models, ambient, devices, modelDays, runner, historyDays, now = Date.now } = deps;
  const fleetCache = createFleetCache<FleetAnalysis['items']>();

  const requireEv = async (tenantId: string, id: string): Promise<EvModelParameters> => {
    const model = await models.ev(tenantId, id);
    if (!model) throw notFound('EV model');
    return model;
  };
  const requireHp = async (tenantId: string, id: string): Promise<HpModelParameters> => {
    const model = await models.hp(tenantId, id);
    if (!model) throw notFound('Heat-pump model');
    return model;
  };
  /** The first day of the history the base-load day is chosen from. */
  const firstDayOf = (dataDay: string) => daysBefore(dataDay, historyDays - 1);
  /**
   * The base-load days chosen from: the history up to the newest data day, for the most recent weekday only whole
   * days (before today in the tenant's calendar): today so far lacks the evening peak, which the hours without data
   * would then be drawn across. Null before any data.
   */
  async function baseDayRange(tenantId: string, dayType: ModelDayType, dataDay: string | null) {
    if (!dataDay) return null;
    let lastDay = dataDay;
    if (dayType === 'most_recent_weekday') {
      const yesterday = daysBefore(zonedDay(now(), await deps.timeZoneOf(tenantId)), 1);
      if (yesterday < lastDay) lastDay = yesterday;
    }
    return { fromDay: firstDayOf(dataDay), toDay: lastDay };
  }
  /** The forecast starts in the year of the data (the current year before any). */
  const baseYearOf = (dataDay: string | null) => (dataDay ? Number(dataDay.slice(0, 4)) : new Date(now()).getUTCFullYear());

  async function deviceBaseDay(
    tenantId: string,
    deviceId: string,
    dayType: ModelDayType,
    dataDay: string | null,
  ): Promise<BaseLoadDay | null> {
    const range = await baseDayRange(tenantId, dayType, dataDay);
    if (!range) return null;
    return baseLoadDay(dayType, await modelDays.modelDayLoads(tenantId, dayType, range.fromDay, range.toDay, deviceId));
  }

  /**
   * One transformer's analysis for an EV model, an HP model and a day type: the EV and the HP Analysis tabs both show
   * it, and its row is the fleet table's (the same inputs through the same domain function, `fleetAnalysisRow`). The
   * 1-in-20 cold day is evaluated exactly when the HP model's extreme flag is on, as in the fleet.
   */
  async function transformerAnalysis(
    tenantId: string,
    deviceId: string,
    query: { evModel: string; hpModel: string; dayType?: ModelDayType | undefined },
  ): Promise<TransformerAnalysis> {
    const device = await devices.require(tenantId, deviceId);
    const ev = await requireEv(tenantId, query.evModel);
    const hp = await requireHp(tenantId, query.hpModel);
    const dayType = query.dayType ?? ev.dayType;
    const dataDay = await modelDays.newestDataDay(tenantId);
    const base = await deviceBaseDay(tenantId, deviceId, dayType, dataDay);
    if (!base) throw notFound('Base-load day');
    const baseYear = baseYearOf(dataDay);
    const prepared = prepareLoadModels(ev, hp, { baseYear });
    const explanation = explainTransformer(prepared, {
      ratingKva: device.rating_kva,
      connectedCustomers: device.connected_mprns,
      days: [{ id: base.day, isWeekend: base.isWeekend, baseLoadKva: base.loadKva, ambientC: await ambient.hourlyC(tenantId, base.day) }],
    });
    return presentAnalysis(explanation, {
      deviceId,
      transformerName: device.transformer_name,
      evModel: query.evModel,
      hpModel: query.hpModel,
      dayType,
      baseLoadDay: base.day,
      baseYear,
    });
  }

  return {
    transformerAnalysis,

    /**
     * The load the tenant's default EV and HP models add to each of `deviceIds` by the last forecast year, in kVA for
     * each hour of its base-load day (EV + HP, over the power factor), for the "future ageing" health indicator. A
     * transformer without a base-load day is left out. One read of the models, the data day and the base-load days
     * for the whole set (loss of life asks for the fleet at once); the models run per transformer in memory.
     */
    async addedLoadsByHour(tenantId: string, deviceIds: readonly string[]): Promise<Map<string, { year: number; addedKva: Float64Array }>> {
      const added = new Map<string, { year: number; addedKva: Float64Array }>();
      const [ev, hp, dataDay] = await Promise.all([
        models.ev(tenantId, DEFAULT_MODEL_ID),
        models.hp(tenantId, DEFAULT_MODEL_ID),
        modelDays.newestDataDay(tenantId),
      ]);
      const range = ev && hp ? await baseDayRange(tenantId, ev.dayType, dataDay) : null;
      if (!ev || !hp || !range || deviceIds.length === 0) return added;
      const only = deviceIds.length === 1 ? (deviceIds[0] as string) : null;
      const [rows, registry] = await Promise.all([
        modelDays.modelDayLoads(tenantId, ev.dayType, range.fromDay, range.toDay, only),
        devices.planningRegistry(tenantId),
      ]);
      const wanted = new Set(deviceIds);
      const deviceOf = new Map(registry.devices.map((device) => [device.device_id, device]));
      // The measured day only: the 1-in-20 cold day does not enter future ageing.
      const prepared = prepareLoadModels(ev, { ...hp, extremeScenario: false }, { baseYear: baseYearOf(dataDay) });
      const ambientByDay = new Map<string, Promise<Float64Array>>();
      for (const row of rows) {
        const device = deviceOf.get(row.device_id);
        const base = wanted.has(row.device_id) && device ? baseLoadDay(ev.dayType, [row]) : null;
        if (!device || !base) continue;
        let ambientC = ambientByDay.get(base.day);
        if (!ambientC) ambientByDay.set(base.day, (ambientC = ambient.hourlyC(tenantId, base.day)));
        const explanation = explainTransformer(prepared, {
          ratingKva: device.rating_kva,
          connectedCustomers: device.connected_mprns,
          days: [{ id: base.day, isWeekend: base.isWeekend, baseLoadKva: base.loadKva, ambientC: await ambientC }],
        });
        const last = explanation.days[0]?.profiles.at(-1);
        if (!last) continue;
        added.set(row.device_id, {
          year: last.year,
          addedKva: Float64Array.from(last.evKw, (evKw, h) => (evKw + (last.hpKw[h] as number)) / explanation.powerFactor),
        });
      }
      return added;
    },

    async fleetAnalysis(tenantId: string, evModel: string, hpModel: string, dayTypeAsked?: ModelDayType): Promise<FleetAnalysis> {
      if (!(await deps.isPowerDataTenant(tenantId))) throw notFound('Power-data tenant');
      const [ev, hp] = await Promise.all([requireEv(tenantId, evModel), requireHp(tenantId, hpModel)]);
      const dayType = dayTypeAsked ?? ev.dayType;
      const [dataDay, registryVersion] = await Promise.all([modelDays.newestDataDay(tenantId), devices.registryVersion(tenantId)]);
      const baseYear = baseYearOf(dataDay);
      const range = await baseDayRange(tenantId, dayType, dataDay);
      // The models' parameters are in the key too, so an edit is never served stale even before `invalidate`; the
      // days chosen from are, since midnight moves them without new data.
      const key = {
        evModel: JSON.stringify([evModel, ev]),
        hpModel: JSON.stringify([hpModel, hp]),
        dayType,
        days: range && `${range.fromDay}/${range.toDay}`,
        registryVersion,
      };
      const items = await fleetCache.get(tenantId, key, async () => {
        const [{ devices: fleet }, rows] = await Promise.all([
          devices.planningRegistry(tenantId),
          range ? modelDays.modelDayLoads(tenantId, dayType, range.fromDay, range.toDay) : Promise.resolve([]),
        ]);
        const job = await buildFleetJob({ ev, hp, baseYear, dayType, fleet, rows, ambientOf: (day) => ambient.hourlyC(tenantId, day) });
        return runner.run(job);
      });
      return { ev_model: evModel, hp_model: hpModel, day_type: dayType, data_day: dataDay, base_year: baseYear, items };
    },

    async modelInputs(
      tenantId: string,
      deviceId: string,
      query: { evModel: string; dayType?: ModelDayType | undefined },
    ): Promise<ModelInputs> {
      const device = await devices.require(tenantId, deviceId);
      const ev = await requireEv(tenantId, query.evModel);
      const dayType = query.dayType ?? ev.dayType;
      const base = await deviceBaseDay(tenantId, deviceId, dayType, await modelDays.newestDataDay(tenantId));
      return {
        device_id: deviceId,
        rating_kva: device.rating_kva,
        connected_mprns: device.connected_mprns,
        commuter_area: device.commuter_area,
        day_type: dayType,
        day_type_from: query.dayType ? 'query' : 'ev_model',
        base_load_day: base?.day ?? null,
        is_weekend: base?.isWeekend ?? null,
        base_load_kva: base ? Array.from(base.measuredKva, (kva) => (Number.isNaN(kva) ? null : kva)) : null,
        ambient_c: base ? Array.from(await ambient.hourlyC(tenantId, base.day)) : null,
      };
    },

    async dwellingMix(tenantId: string, areaId: string): Promise<DwellingMixAnswer> {
      const device = await devices.require(tenantId, areaId);
      const areaType = areaTypeOf(device.commuter_area);
      const mix = DWELLING_MIX_BY_AREA[areaType];
      return {
        area_id: areaId,
        area_type: areaType,
        source: 'Demo mix by area type (SEAI BER Research Tool and CSO Census 2022, orders of magnitude)',
        ber_bands: BER_BANDS.map((band) => ({ band, percent: mix.berBandPercent[band] })),
        dwelling_classes: DWELLING_CLASSES.map((dwellingClass) => ({
          class: dwellingClass,
          percent: mix.dwellingClassPercent[dwellingClass],
        })),
      };
    },

    /** Forgets the tenant's fleet analyses: the models' module calls it when a model is saved or deleted. */
    invalidate: (tenantId: string) => fleetCache.invalidate(tenantId),
  };
}
export type LoadPlanningService = ReturnType<typeof createLoadPlanningService>;
