import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateLocation, trackingLocationsApi, UpdateLocation } from '@gridlens/contract/tracking-locations';
import { trackingLocationsRoutes } from '@gridlens/contract/routes/tracking-locations';
import { apiClient } from './api-client';
import { tracking } from './tracking';

/**
 * Tracking places (spec §7 /api/location/*, /api/watchlist/location, /api/customer). Its keys share the
 * 'tracking' scope, so the shell's 300 000 ms tracking refresh and every change here refresh them all together.
 */
export const trackingLocations = apiClient<typeof trackingLocationsApi>('tracking', trackingLocationsRoutes);

const customerQuery = (customerId: string | null) => (customerId === null ? {} : { customer_id: customerId });

export const useLocationList = (customerId: string | null) => {
  const input = { query: customerQuery(customerId) };
  return useQuery({ queryKey: tracking.locations.key(input), queryFn: () => tracking.locations(input) });
};

export const useLocationDetail = (locationId: string) => {
  const input = { params: { locationId } };
  return useQuery({ queryKey: trackingLocations.item.key(input), queryFn: () => trackingLocations.item(input), retry: false });
};

export const useDevicesAtLocation = (locationId: string) => {
  const input = { params: { locationId } };
  return useQuery({ queryKey: trackingLocations.devicesAt.key(input), queryFn: () => trackingLocations.devicesAt(input), retry: false });
};

export const usePossiblePois = () =>
  useQuery({ queryKey: trackingLocations.possiblePois.key(), queryFn: () => trackingLocations.possiblePois() });

export const useCustomers = (enabled = true) =>
  useQuery({ queryKey: trackingLocations.customers.key(), queryFn: () => trackingLocations.customers(), enabled, staleTime: 300_000 });

function useTrackingMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: trackingLocations.scope }) });
}

export const useAddLocation = () => useTrackingMutation((body: CreateLocation) => tracking.addLocation({ body }));
export const useUpdateLocation = (locationId: string) =>
  useTrackingMutation((body: UpdateLocation) => trackingLocations.update({ params: { locationId }, body }));
export const useDeleteLocation = () => useTrackingMutation((locationId: string) => trackingLocations.remove({ params: { locationId } }));
export const useWatchLocation = () =>
  useTrackingMutation(({ locationId, watch }: { locationId: string; watch: boolean }) =>
    watch ? trackingLocations.watch({ body: { location_id: locationId } }) : trackingLocations.unwatch({ params: { locationId } }),
  );
