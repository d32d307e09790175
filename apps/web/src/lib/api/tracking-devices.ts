import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { assetsApi } from '@gridlens/contract/assets';
import type { TimeRange } from '@gridlens/contract/power-readings';
import { assetsRoutes } from '@gridlens/contract/routes/assets';
import { trackingDevicesRoutes } from '@gridlens/contract/routes/tracking-devices';
import type { trackingDevicesApi, UpdateTrackedDevice } from '@gridlens/contract/tracking-devices';
import type { TrackerSettings } from '@gridlens/domain/tracking/tracker-settings';
import { columnRows } from '@gridlens/contract/columnar';
import { apiClient } from './api-client';
import { tracking } from './tracking';

/**
 * The devices screens' calls (spec §7 /api/device/…). Their keys share tracking's scope, so the shell's
 * 300 000 ms refresh of tracking data (spec §9) refreshes them too.
 */
export const trackingDevices = apiClient<typeof trackingDevicesApi>(tracking.scope[0], trackingDevicesRoutes);
const watchlist = apiClient<Pick<typeof assetsApi, 'watch' | 'unwatch'>>(tracking.scope[0], {
  watch: assetsRoutes.watch,
  unwatch: assetsRoutes.unwatch,
});

/** The tenant's trackers, narrowed to the header's selected customer when one is chosen. */
export const useDeviceList = (customerId: string | null) => {
  const input = { query: customerId === null ? {} : { customer_id: customerId } };
  return useQuery({
    queryKey: tracking.devices.key(input),
    queryFn: () => tracking.devices(input),
    placeholderData: keepPreviousData,
    select: columnRows,
  });
};

export const useDevice = (deviceId: string) => {
  const input = { params: { id: deviceId } };
  return useQuery({ queryKey: trackingDevices.item.key(input), queryFn: () => trackingDevices.item(input), retry: false });
};

/** The track: a device's messages over the range, oldest first, as many as a map shows well. */
export const TRACK_MESSAGES_MAX = 5_000;
export const useDeviceTrack = (deviceId: string, range: TimeRange) => {
  const input = { params: { device_id: deviceId }, query: { range, order: 'oldest' as const, page_size: TRACK_MESSAGES_MAX } };
  return useQuery({ queryKey: trackingDevices.messages.key(input), queryFn: () => trackingDevices.messages(input) });
};

export const useDeviceMessages = (deviceId: string, range: TimeRange, page: number, pageSize: number) => {
  const input = { params: { device_id: deviceId }, query: { range, page, page_size: pageSize } };
  return useQuery({
    queryKey: trackingDevices.messages.key(input),
    queryFn: () => trackingDevices.messages(input),
    placeholderData: keepPreviousData,
  });
};

export const useDeviceSettings = (deviceId: string) => {
  const input = { query: { device_id: deviceId } };
  return useQuery({ queryKey: trackingDevices.settings.key(input), queryFn: () => trackingDevices.settings(input) });
};

/** After a change, everything of tracking is read again (the list, the detail, the settings). */
function useRefreshTracking() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tracking.scope });
}

export function useUpdateDevice(deviceId: string) {
  const refresh = useRefreshTracking();
  return useMutation({
    mutationFn: (body: UpdateTrackedDevice) => trackingDevices.update({ params: { id: deviceId }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteDevice(deviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => trackingDevices.remove({ params: { id: deviceId } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: trackingDevices.item.key({ params: { id: deviceId } }) });
      return queryClient.invalidateQueries({ queryKey: tracking.devices.keyPrefix });
    },
  });
}

export function useUpdateDeviceSettings(deviceId: string) {
  const refresh = useRefreshTracking();
  return useMutation({
    mutationFn: (settings: TrackerSettings) => trackingDevices.updateSettings({ body: { device_id: deviceId, settings } }),
    onSuccess: refresh,
  });
}

export function useWatchTracker(deviceId: string) {
  const refresh = useRefreshTracking();
  return useMutation({
    mutationFn: (watch: boolean) =>
      watch ? watchlist.watch({ body: { device_id: deviceId } }) : watchlist.unwatch({ body: { device_id: deviceId } }),
    onSuccess: refresh,
  });
}
