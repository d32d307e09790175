import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { loadPlanningApi } from '@gridlens/contract/load-planning';
import { loadPlanningRoutes } from '@gridlens/contract/routes/load-planning';
import type { ModelDayType } from '@gridlens/domain/load-models/model-parameters';
import { apiClient } from './api-client';
import { POWER_DATA_SCOPE } from './assets';

/** Issue 20: a transformer's EV and heat-pump analyses and their inputs (power-data scope: a device edit refreshes them). */
const planning = apiClient<typeof loadPlanningApi>(POWER_DATA_SCOPE, loadPlanningRoutes);

const cached = { staleTime: 60_000, placeholderData: keepPreviousData } as const;

/** The models an analysis runs: their ids, or `default` for the tenant's seeded model of each kind. */
export interface ChosenModels {
  ev: string;
  hp: string;
}

/** A day type the user chose, or the EV model's own (null), as the fleet analysis takes it. */
const dayTypeQuery = (dayType: ModelDayType | null) => (dayType === null ? {} : { day_type: dayType });

/**
 * A transformer's analysis for the chosen models and day type, as the EV ('ev') or the HP ('hp') Analysis tab asks
 * it: one computation (issue 27), the same as the fleet table's row; the 1-in-20 cold day is in it exactly when the
 * HP model's extreme flag is on.
 */
export const useLoadAnalysis = (deviceId: string, kind: 'ev' | 'hp', dayType: ModelDayType | null, models: ChosenModels) => {
  const input = { params: { id: deviceId }, query: analysisQuery(dayType, models) };
  return useQuery({
    queryKey: kind === 'ev' ? planning.evAnalysis.key(input) : planning.analysis.key(input),
    queryFn: () => (kind === 'ev' ? planning.evAnalysis(input) : planning.analysis(input)),
    ...cached,
  });
};

/** The query both tabs send: the two models and the day type if one was chosen, nothing else. */
export const analysisQuery = (dayType: ModelDayType | null, models: ChosenModels) => ({
  ev_model: models.ev,
  hp_model: models.hp,
  ...dayTypeQuery(dayType),
});

export const useModelInputs = (deviceId: string, dayType: ModelDayType | null, evModel: string) => {
  const input = { params: { device_id: deviceId }, query: { ev_model: evModel, ...dayTypeQuery(dayType) } };
  return useQuery({ queryKey: planning.baseData.key(input), queryFn: () => planning.baseData(input), ...cached });
};

/** Every transformer's fleet row (spec §3) for two models, most urgent first; run on the server off its request thread. */
export const useFleetAnalysis = (models: ChosenModels, dayType: ModelDayType | null) => {
  const input = { params: { id_ev: models.ev, id_hp: models.hp }, query: dayTypeQuery(dayType) };
  return useQuery({ queryKey: planning.fleetAnalysis.key(input), queryFn: () => planning.fleetAnalysis(input), ...cached });
};
