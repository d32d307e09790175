import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { assetsApi, UpdatePowerDevice } from '@gridlens/contract/assets';
import { assetsRoutes } from '@gridlens/contract/routes/assets';
import { apiClient } from './api-client';

/** Every power-data query's keys start with this scope, so an edit of a device can refresh them all. */
export const POWER_DATA_SCOPE = 'powerdata';

export const assets = apiClient<typeof assetsApi>(POWER_DATA_SCOPE, assetsRoutes);

/** Spec §9: the assets are loaded for 1 day. */
export const ASSET_LIST_DAYS = 1;

const assetListInput = { query: { num_days: ASSET_LIST_DAYS } };

export const assetListQuery = queryOptions({
  queryKey: assets.list.key(assetListInput),
  queryFn: () => assets.list(assetListInput),
  staleTime: 60_000,
});

export const useAssetList = () => useQuery(assetListQuery);

/** One device as the assets list shows it (the asset detail header); edits and watchlist changes refresh it. */
export const assetItemQuery = (deviceId: string) => {
  const input = { params: { DeviceID: deviceId }, query: { num_days: ASSET_LIST_DAYS } };
  return queryOptions({ queryKey: assets.item.key(input), queryFn: () => assets.item(input), staleTime: 60_000 });
};

export const useAssetItem = (deviceId: string) => useQuery(assetItemQuery(deviceId));

interface WatchChange {
  deviceId: string;
  watch: boolean;
}

/** Adds a device to the caller's watchlist or takes it off, and marks it so in the loaded assets list. */
export function useWatchDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, watch }: WatchChange) =>
      watch ? assets.watch({ body: { device_id: deviceId } }) : assets.unwatch({ body: { device_id: deviceId } }),
    onSuccess: (_answer, { deviceId, watch }) => {
      void queryClient.invalidateQueries({ queryKey: assetItemQuery(deviceId).queryKey }); // the asset detail header
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
      assets.update({ params: { DeviceID: deviceId }, body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assets.scope }),
  });
}
