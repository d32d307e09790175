import { useQuery } from '@tanstack/react-query';
import type { trackingApi } from '@gridlens/contract/tracking';
import { trackingRoutes } from '@gridlens/contract/routes/tracking';
import { columnRows } from '@gridlens/contract/columnar';
import { apiClient } from './api-client';

/** Tracking mode's lists (spec §7 /api/device, /api/location): the tenant's trackers and its points of interest. */
export const tracking = apiClient<typeof trackingApi>('tracking', trackingRoutes);

/** The tenant's trackers, as rows: the list arrives columnar (10,000 trackers, each key named once). */
export const useTrackedDevices = () =>
  useQuery({ queryKey: tracking.devices.key(), queryFn: () => tracking.devices(), select: columnRows });
export const useLocations = () => useQuery({ queryKey: tracking.locations.key(), queryFn: () => tracking.locations() });
