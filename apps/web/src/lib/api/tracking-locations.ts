import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { GeoPoint } from '@gridlens/domain/geo';
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
/** Whether a query asks about this location: its key is [scope, operationId, params, query] (api-client.ts). */
const asksAbout = (queryKey: readonly unknown[], locationId: string): boolean => {
  const [, , params, query] = queryKey as [unknown, unknown, { locationId?: unknown } | null, { location_id?: unknown } | null];
  return params?.locationId === locationId || query?.location_id === locationId;
};

/**
 * Deletes a POI and refreshes the tracking screens, except the deleted POI's own queries (its page, the devices
 * there, its arrivals): refetched while its page was still open, they asked the server three times more for a
 * location that no longer is. The page forgets them once it has left (forgetLocation).
 */
export const useDeleteLocation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locationId: string) => trackingLocations.remove({ params: { locationId } }),
    onSuccess: (_done, locationId) =>
      queryClient.invalidateQueries({ queryKey: trackingLocations.scope, predicate: (query) => !asksAbout(query.queryKey, locationId) }),
  });
};

/** Drops a deleted POI's queries from the cache, once no screen shows them (removed under a mounted one, they refetch). */
export const forgetLocation = (queryClient: QueryClient, locationId: string) =>
  queryClient.removeQueries({ predicate: (query) => asksAbout(query.queryKey, locationId) });
export const useWatchLocation = () =>
  useTrackingMutation(({ locationId, watch }: { locationId: string; watch: boolean }) =>
    watch ? trackingLocations.watch({ body: { location_id: locationId } }) : trackingLocations.unwatch({ params: { locationId } }),
  );

/** Towns named like the text typed (at least 2 characters), the nearest to where the map looks first. */
export const usePlaceSearch = (typed: string, near: GeoPoint) => {
  const q = typed.trim();
  // Rounded, so that a small pan does not ask again: the order only changes with a move of tens of kilometres.
  const input = { query: { q, near_lat: Math.round(near.latitude * 10) / 10, near_lng: Math.round(near.longitude * 10) / 10 } };
  return useQuery({
    queryKey: trackingLocations.placeSearch.key(input),
    queryFn: () => trackingLocations.placeSearch(input),
    enabled: q.length >= 2,
    staleTime: Infinity, // the towns change with a new release, not while the page is open
    placeholderData: keepPreviousData,
  });
};
