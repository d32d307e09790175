import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanKind, PlannerGroupBody, rolloutApi } from '@gridlens/contract/rollout';
import { rolloutRoutes } from '@gridlens/contract/routes/rollout';
import { apiClient, quietly } from './api-client';

/** The rollout dashboard (issue 30): its figures, planner groups, sites, devices, the silent queue, import and export. */
export const ROLLOUT_SCOPE = 'rollout';
const client = apiClient<typeof rolloutApi>(ROLLOUT_SCOPE, rolloutRoutes);

/** The figures change with every message and test of the fleet: asked for again after a minute on screen. */
const STALE_MS = 60_000;

export const useRolloutSummary = () => useQuery({ queryKey: client.summary.key(), queryFn: () => client.summary(), staleTime: STALE_MS });

export const useSilentDevices = () => useQuery({ queryKey: client.silent.key(), queryFn: () => client.silent(), staleTime: STALE_MS });

export const usePlannerGroups = () => useQuery({ queryKey: client.groups.key(), queryFn: () => client.groups(), staleTime: STALE_MS });

export const useRolloutSites = () => useQuery({ queryKey: client.sites.key(), queryFn: () => client.sites(), staleTime: STALE_MS });

export const useRolloutDevices = () => useQuery({ queryKey: client.devices.key(), queryFn: () => client.devices(), staleTime: STALE_MS });

export const useAbortReasons = () => useQuery({ queryKey: client.abortReasons.key(), queryFn: () => client.abortReasons() });

/** A device's dated status history; asked for when its dialog opens. */
export const useDeviceHistory = (deviceId: string | null) => {
  const input = { params: { device_id: deviceId ?? '' } };
  return useQuery({ queryKey: client.deviceHistory.key(input), queryFn: () => client.deviceHistory(input), enabled: deviceId !== null });
};

/**
 * Every change to the plan moves the whole dashboard: a group's name is in the sites, its target in the figures, an
 * import adds sites to the totals and the burn-up. So each write refreshes every rollout query.
 */
function useRolloutMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: client.scope }) });
}

/** The dialog shows a refusal on its fields, so a 400 raises no snackbar of its own (quietly). */
export const useSavePlannerGroup = () =>
  useRolloutMutation(({ id, body }: { id: string | null; body: PlannerGroupBody }) =>
    quietly(() => (id === null ? client.createGroup({ body }) : client.updateGroup({ params: { group_id: id }, body }))),
  );

export const useDeletePlannerGroup = () => useRolloutMutation((id: string) => client.removeGroup({ params: { group_id: id } }));

/** The file itself is the body, sent with its own Content-Type (CSV or XLSX); the dialog reports a refusal row by row. */
export const useImportPlan = () =>
  useRolloutMutation(({ kind, file }: { kind: PlanKind; file: Blob }) =>
    quietly(() => client.importPlan({ params: { kind }, body: file })),
  );

/** A file of the plan, named by the server; a mutation, since it is fetched when asked for and saved, never cached. */
export const useExportPlan = () =>
  useMutation({
    mutationFn: ({ kind, format }: { kind: PlanKind; format: 'csv' | 'xlsx' }) => client.exportPlan({ params: { kind, format } }),
  });
