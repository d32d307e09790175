import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EvModel, EvModelBody, evModelsApi, HpModel, HpModelBody, hpModelsApi } from '@gridlens/contract/load-models';
import { evModelRoutes, hpModelRoutes } from '@gridlens/contract/routes/load-models';
import { apiClient } from './api-client';
import { POWER_DATA_SCOPE } from './assets';

/** EV and heat-pump models (spec §7 /api/powerdata/evmodellist, /hpmodellist). */
export type ModelKind = 'ev' | 'hp';
export interface ModelOf {
  ev: EvModel;
  hp: HpModel;
}
export interface ModelBodyOf {
  ev: EvModelBody;
  hp: HpModelBody;
}
export type AnyModel = EvModel | HpModel;

const ev = apiClient<typeof evModelsApi>('load-models', evModelRoutes);
const hp = apiClient<typeof hpModelsApi>('load-models', hpModelRoutes);

export const useModels = <K extends ModelKind>(kind: K) =>
  useQuery({
    queryKey: kind === 'ev' ? ev.list.key() : hp.list.key(),
    queryFn: async (): Promise<ModelOf[K][]> => (kind === 'ev' ? ev.list() : hp.list()) as Promise<ModelOf[K][]>,
  });

/** Every change refreshes both lists and the analyses that run the models (power data's scope). */
function useModelMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ev.scope });
      void queryClient.invalidateQueries({ queryKey: [POWER_DATA_SCOPE] });
    },
  });
}

export const useSaveModel = <K extends ModelKind>(kind: K) =>
  useModelMutation(async ({ id, body }: { id: string | null; body: ModelBodyOf[K] }): Promise<ModelOf[K]> => {
    if (kind === 'ev') {
      const evBody = body as EvModelBody;
      return (id === null ? ev.create({ body: evBody }) : ev.update({ params: { id }, body: evBody })) as Promise<ModelOf[K]>;
    }
    const hpBody = body as HpModelBody;
    return (id === null ? hp.create({ body: hpBody }) : hp.update({ params: { id }, body: hpBody })) as Promise<ModelOf[K]>;
  });

export const useDeleteModel = (kind: ModelKind) =>
  useModelMutation((id: string) => (kind === 'ev' ? ev.remove({ params: { id } }) : hp.remove({ params: { id } })));
