import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssetList, PowerDevice, UpdatePowerDevice } from '@gridlens/contract/power-devices';
import { api } from './api-client';

/** Spec §9: the assets are loaded for 1 day. */
export const ASSET_LIST_DAYS = 1;

export const assetListQuery = queryOptions({
  queryKey: ['powerdata', 'device', ASSET_LIST_DAYS],
  queryFn: () => api.get<AssetList>('/api/powerdata/device', { num_days: ASSET_LIST_DAYS }),
  staleTime: 60_000,
});

export const useAssetList = () => useQuery(assetListQuery);

/** One device as the assets list shows it (the asset detail header); edits and watchlist changes refresh it. */
export const assetItemQueryKey = (deviceId: string) => ['powerdata', 'device', 'item', deviceId, ASSET_LIST_DAYS] as const;

interface WatchChange {
  deviceId: string;
  watch: boolean;
}

/** Adds a device to the caller's watchlist or takes it off, and marks it so in the loaded assets list. */
export function useWatchDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, watch }: WatchChange) =>
      watch ? api.post('/api/watchlist/device', { device_id: deviceId }) : api.delete('/api/watchlist/device', { device_id: deviceId }),
    onSuccess: (_answer, { deviceId, watch }) => {
      void queryClient.invalidateQueries({ queryKey: assetItemQueryKey(deviceId) }); // the asset detail header
      queryClient.setQueryData(assetListQuery.queryKey, (list) => {
        if (!list) return list;
        const index = list.columns.device_id.indexOf(deviceId);
        if (index < 0) return list;
        const watchlisted = [...list.columns.watchlisted];
        watchlisted[index] = watch;
        return { ...list, columns: { ...list.columns, watchlisted } };
      });
    },
  });
}

/**
 * Saves a device's edited details. Everything of the power data is fetched again: the rating is in every
 * capacity figure (list, header, charts, messages, trends), so every screen shows the edit.
 */
export function useUpdateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, changes }: { deviceId: string; changes: UpdatePowerDevice }) =>
      api.put<PowerDevice>(`/api/powerdata/device/${encodeURIComponent(deviceId)}`, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['powerdata'] }),
  });
}
