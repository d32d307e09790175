import type { FleetAnalysisRow, TransformerAnalysis } from '@gridlens/contract/load-planning';
import type { FleetAnalysisRow as DomainRow } from '@gridlens/domain/load-models/fleet-analysis';
import type { ModelDayType } from '@gridlens/domain/load-models/model-parameters';
import type { DayExplanation, TransformerExplanation } from '@gridlens/domain/load-models/transformer-explanation';

/** The answer's shapes from the domain's: names as the contract has them, typed arrays as plain ones. Nothing is computed here but headroom, capacity − total. */
export function presentAnalysis(
  explanation: TransformerExplanation,
  context: {
    deviceId: string;
    transformerName: string;
    evModel: string;
    hpModel: string;
    dayType: ModelDayType;
    baseLoadDay: string;
    baseYear: number;
  },
): TransformerAnalysis {
  const measured = explanation.days.find((day) => !day.extreme) as DayExplanation;
  const extreme = explanation.days.find((day) => day.extreme) ?? null;
  return {
    device_id: context.deviceId,
    ev_model: context.evModel,
    hp_model: context.hpModel,
    day_type: context.dayType,
    base_load_day: context.baseLoadDay,
    base_year: context.baseYear,
    rating_kva: explanation.ratingKva,
    power_factor: explanation.powerFactor,
    capacity_kw: explanation.capacityKw,
    connected_customers: explanation.connectedCustomers,
    ev_load_method: explanation.evLoadMethod,
    row: presentRow({ id: context.deviceId, name: context.transformerName }, context.baseLoadDay, explanation.row),
    forecast: explanation.forecast.map((year) => ({
      year: year.year,
      ev_share: year.evShare,
      ev_count: year.evCount,
      hp_share: year.hpShare,
      hp_count: year.hpCount,
      max_evs: year.maxEvs,
      peak_load_kw: year.peakLoadKw,
      peak_hour: year.peakHour,
      peak_day: year.peakDay,
      headroom_kw: year.headroomKw,
      over_capacity: year.overCapacity,
    })),
    measured_day: presentDay(measured, explanation.capacityKw),
    extreme_day: extreme ? presentDay(extreme, explanation.capacityKw) : null,
  };
}

export function presentRow(device: { id: string; name: string }, baseLoadDay: string, row: DomainRow): FleetAnalysisRow {
  return {
    device_id: device.id,
    transformer_name: device.name,
    base_load_day: baseLoadDay,
    max_evs: row.maxEvs,
    max_evs_year: row.maxEvsYear,
    max_ev_hour: row.maxEvHour,
    first_year_over_capacity: row.firstYearOverCapacity,
    max_load_day: row.maxLoadDay,
    max_load_on_extreme_day: row.maxLoadOnExtremeDay,
    max_load_year: row.maxLoadYear,
    min_headroom_kw: row.minHeadroomKw,
    max_load_kw: row.maxLoadKw,
    max_load_hour: row.maxLoadHour,
  };
}

function presentDay(day: DayExplanation, capacityKw: number) {
  return {
    day: day.id,
    is_weekend: day.isWeekend,
    extreme: day.extreme,
    ambient_c: Array.from(day.ambientC),
    mean_temperature_c: day.meanTemperatureC,
    heat_demand_kwh_per_home: day.heatDemandKwhPerHome,
    hp_kw_per_hp: Array.from(day.hpKwPerHp),
    ev_kw_per_ev: Array.from(day.expectedKwPerEv),
    profiles: day.profiles.map((profile) => ({
      year: profile.year,
      base_kw: Array.from(profile.baseKw),
      ev_kw: Array.from(profile.evKw),
      hp_kw: Array.from(profile.hpKw),
      total_kw: Array.from(profile.totalKw),
      headroom_kw: Array.from(profile.totalKw, (totalKw) => capacityKw - totalKw),
    })),
  };
}
