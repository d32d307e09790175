import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { powerQualityApi, HydrogenSensorConfigBody, ImageType } from '@gridlens/contract/power-quality';
import type { TimeRange } from '@gridlens/contract/power-readings';
import { powerQualityRoutes } from '@gridlens/contract/routes/power-quality';
import type { PqEventType } from '@gridlens/domain/power/enumerations';
import { apiClient } from './api-client';
import { POWER_DATA_SCOPE } from './assets';

/** The power-data device tabs' data (spec §2): events, faults, hydrogen sensor, metering, images. */
const tabs = apiClient<typeof powerQualityApi>(POWER_DATA_SCOPE, powerQualityRoutes);

const cached = { staleTime: 60_000, placeholderData: keepPreviousData } as const;

export interface EventFilter {
  eventType: PqEventType | null;
  priority: number | null;
}

export const usePqEvents = (deviceId: string, range: TimeRange, filter: EventFilter, page: number, pageSize: number) => {
  const input = {
    params: { device_id: deviceId },
    query: { range, event_type: filter.eventType ?? undefined, priority: filter.priority ?? undefined, page, page_size: pageSize },
  };
  return useQuery({ queryKey: tabs.events.key(input), queryFn: () => tabs.events(input), ...cached });
};

export const useFaultRecords = (deviceId: string, range: TimeRange, page: number, pageSize: number) => {
  const input = { params: { device_id: deviceId }, query: { range, page, page_size: pageSize } };
  return useQuery({ queryKey: tabs.faults.key(input), queryFn: () => tabs.faults(input), ...cached });
};

export const useHydrogen = (deviceId: string, range: TimeRange) => {
  const input = { params: { device_id: deviceId }, query: { range } };
  return useQuery({ queryKey: tabs.hydrogen.key(input), queryFn: () => tabs.hydrogen(input), ...cached });
};

const deviceInput = (deviceId: string) => ({ params: { device_id: deviceId } });

export const useSensorConfig = (deviceId: string) =>
  useQuery({ queryKey: tabs.hydrogenConfig.key(deviceInput(deviceId)), queryFn: () => tabs.hydrogenConfig(deviceInput(deviceId)) });

export function useSaveSensorConfig(deviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: HydrogenSensorConfigBody) => tabs.saveHydrogenConfig({ ...deviceInput(deviceId), body: config }),
    onSuccess: (saved) => queryClient.setQueryData(tabs.hydrogenConfig.key(deviceInput(deviceId)), saved),
  });
}

export const useMetering = (deviceId: string, range: TimeRange) => {
  const input = { params: { device_id: deviceId }, query: { range } };
  return useQuery({ queryKey: tabs.metering.key(input), queryFn: () => tabs.metering(input), ...cached });
};

export const useDeviceImages = (deviceId: string) =>
  useQuery({ queryKey: tabs.images.key(deviceInput(deviceId)), queryFn: () => tabs.images(deviceInput(deviceId)) });

/** An image's bytes as an object URL for <img>; the caller revokes it. */
export const fetchImageUrl = async (imageId: string) => URL.createObjectURL(await tabs.imageBytes({ params: { image_id: imageId } }));

export function useUploadImage(deviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, imageType, caption }: { file: File; imageType: ImageType; caption: string }) =>
      tabs.uploadImage({ ...deviceInput(deviceId), query: { image_type: imageType, caption: caption.trim() || undefined }, body: file }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tabs.images.key(deviceInput(deviceId)) }),
  });
}

export function useDeleteImage(deviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: string) => tabs.deleteImage({ params: { image_id: imageId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tabs.images.key(deviceInput(deviceId)) }),
  });
}
