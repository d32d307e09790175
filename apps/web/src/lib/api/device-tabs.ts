import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeviceImage,
  FaultRecordsPage,
  HydrogenData,
  HydrogenSensorConfig,
  HydrogenSensorConfigBody,
  ImageType,
  MeteringData,
  PqEventsPage,
} from '@gridlens/contract/device-tabs';
import type { PqEventType } from '@gridlens/domain/power/enumerations';
import type { DailyTrends, TimeRange } from '@gridlens/contract/power-readings';
import { api } from './api-client';

/** The power-data device tabs' data (spec §2): trends, events, faults, hydrogen sensor, metering, images. */

const id = (deviceId: string) => encodeURIComponent(deviceId);
const cached = { staleTime: 60_000, placeholderData: keepPreviousData } as const;

export const useDailyTrends = (deviceId: string, range: TimeRange) =>
  useQuery({
    queryKey: ['powerdata', 'trends', deviceId, range],
    queryFn: () => api.get<DailyTrends>(`/api/powerdata/device/intchartdata/${id(deviceId)}`, { range }),
    ...cached,
  });

export interface EventFilter {
  eventType: PqEventType | null;
  priority: number | null;
}

export const usePqEvents = (deviceId: string, range: TimeRange, filter: EventFilter, page: number, pageSize: number) =>
  useQuery({
    queryKey: ['powerdata', 'events', deviceId, range, filter, page, pageSize],
    queryFn: () =>
      api.get<PqEventsPage>(`/api/powerdata/events/device/${id(deviceId)}`, {
        range,
        event_type: filter.eventType ?? undefined,
        priority: filter.priority ?? undefined,
        page,
        page_size: pageSize,
      }),
    ...cached,
  });

export const useFaultRecords = (deviceId: string, range: TimeRange, page: number, pageSize: number) =>
  useQuery({
    queryKey: ['powerdata', 'faults', deviceId, range, page, pageSize],
    queryFn: () => api.get<FaultRecordsPage>(`/api/powerdata/faults/device/${id(deviceId)}`, { range, page, page_size: pageSize }),
    ...cached,
  });

export const useHydrogen = (deviceId: string, range: TimeRange) =>
  useQuery({
    queryKey: ['powerdata', 'hydrogen', deviceId, range],
    queryFn: () => api.get<HydrogenData>(`/api/powerdata/hydrogen/device/${id(deviceId)}`, { range }),
    ...cached,
  });

const sensorConfigKey = (deviceId: string) => ['powerdata', 'hydrogen-config', deviceId] as const;

export const useSensorConfig = (deviceId: string) =>
  useQuery({
    queryKey: sensorConfigKey(deviceId),
    queryFn: () => api.get<HydrogenSensorConfig>(`/api/powerdata/hydrogen/config/${id(deviceId)}`),
  });

export function useSaveSensorConfig(deviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: HydrogenSensorConfigBody) =>
      api.put<HydrogenSensorConfig>(`/api/powerdata/hydrogen/config/${id(deviceId)}`, config),
    onSuccess: (saved) => queryClient.setQueryData(sensorConfigKey(deviceId), saved),
  });
}

export const useMetering = (deviceId: string, range: TimeRange) =>
  useQuery({
    queryKey: ['powerdata', 'metering', deviceId, range],
    queryFn: () => api.get<MeteringData>(`/api/powerdata/metering/device/${id(deviceId)}`, { range }),
    ...cached,
  });

const imagesKey = (deviceId: string) => ['powerdata', 'images', deviceId] as const;

export const useDeviceImages = (deviceId: string) =>
  useQuery({ queryKey: imagesKey(deviceId), queryFn: () => api.get<DeviceImage[]>(`/api/powerdata/images/device/${id(deviceId)}`) });

/** An image's bytes as an object URL for <img>; the caller revokes it. */
export const fetchImageUrl = async (imageId: string) =>
  URL.createObjectURL(await api.blob(`/api/powerdata/images/${encodeURIComponent(imageId)}`));

export function useUploadImage(deviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, imageType, caption }: { file: File; imageType: ImageType; caption: string }) =>
      api.upload<DeviceImage>(`/api/powerdata/images/device/${id(deviceId)}`, file, file.type, {
        image_type: imageType,
        caption: caption.trim() || undefined,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: imagesKey(deviceId) }),
  });
}

export function useDeleteImage(deviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: string) => api.delete(`/api/powerdata/images/${encodeURIComponent(imageId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: imagesKey(deviceId) }),
  });
}
