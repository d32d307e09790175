import { useQuery } from '@tanstack/react-query';
import type { Location, TrackedDevice } from '@gridlens/contract/tracking';
import { api } from './api-client';

/** Tracking mode's lists (spec §7 /api/device, /api/location): the tenant's trackers and its points of interest. */
export const useTrackedDevices = () =>
  useQuery({ queryKey: ['tracking', 'devices'], queryFn: () => api.get<TrackedDevice[]>('/api/device') });
export const useLocations = () => useQuery({ queryKey: ['tracking', 'locations'], queryFn: () => api.get<Location[]>('/api/location') });
