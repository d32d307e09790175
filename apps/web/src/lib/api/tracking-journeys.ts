import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { trackingJourneysApi } from '@gridlens/contract/tracking-journeys';
import { trackingJourneysRoutes } from '@gridlens/contract/routes/tracking-journeys';
import { apiClient } from './api-client';
import { tracking } from './tracking';

/**
 * Journeys, arrivals, cycles and the POI report (spec §7): their calls and TanStack Query keys, in tracking's scope
 * so that the shell's 300 000 ms refresh keeps an open journeys screen or POI report current with the devices.
 */
export const journeysApi = apiClient<typeof trackingJourneysApi>(tracking.scope[0], trackingJourneysRoutes);

/** The weeks the journeys screen and the POI report look back over (spec §9 "8 weeks"). */
export const JOURNEY_WEEKS = 8;

const optional = (value: string | null) => value ?? undefined;

export function useJourneyPairs(customerId: string | null) {
  const input = { query: { num_weeks: JOURNEY_WEEKS, customer_id: optional(customerId) } };
  return useQuery({
    queryKey: journeysApi.journeys.key(input),
    queryFn: () => journeysApi.journeys(input),
    placeholderData: keepPreviousData,
  });
}

export function useJourneyDevices(originId: string, destinationId: string, week: string) {
  const input = { params: { originId, destinationId, weeks: week } };
  return useQuery({ queryKey: journeysApi.journeyDevices.key(input), queryFn: () => journeysApi.journeyDevices(input) });
}

export function useDeviceJourneyList(deviceId: string) {
  const input = { params: { device_id: deviceId }, query: { num_weeks: JOURNEY_WEEKS } };
  return useQuery({ queryKey: journeysApi.deviceJourneys.key(input), queryFn: () => journeysApi.deviceJourneys(input) });
}

/** A location's arrivals in a week (named by any of its days); none asked while the week is not yet known (null). */
export function useLocationArrivals(locationId: string, week: string | null) {
  const input = { params: { locationId, week: week ?? '' } };
  return useQuery({
    queryKey: journeysApi.arriveStats.key(input),
    queryFn: () => journeysApi.arriveStats(input),
    placeholderData: keepPreviousData,
    enabled: week !== null,
  });
}

export function usePoiReport(customerId: string | null, locationId?: string) {
  const input = { query: { num_weeks: JOURNEY_WEEKS, customer_id: optional(customerId), location_id: locationId } };
  return useQuery({
    queryKey: journeysApi.poiReport.key(input),
    queryFn: () => journeysApi.poiReport(input),
    placeholderData: keepPreviousData,
  });
}

/** The cycle figures the POI report shows, over the report's weeks, with cycles under way counted to now or not. */
export function useCycles(customerId: string | null, includeMidcycle: boolean) {
  const input = {
    query: { num_weeks: JOURNEY_WEEKS, customer_id: optional(customerId), include_midcycle: includeMidcycle ? 'true' : 'false' },
  } as const;
  const stats = useQuery({ queryKey: journeysApi.cycleStats.key(input), queryFn: () => journeysApi.cycleStats(input) });
  const history = useQuery({ queryKey: journeysApi.cycleHistory.key(input), queryFn: () => journeysApi.cycleHistory(input) });
  const donut = useQuery({ queryKey: journeysApi.cycleDonut.key(input), queryFn: () => journeysApi.cycleDonut(input) });
  return { stats, history, donut };
}

/** Watches a journey or stops watching it; the pairs are fetched again with their marks. */
export function useWatchJourney() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ originId, destinationId, watch }: { originId: string; destinationId: string; watch: boolean }) => {
      const body = { origin_id: originId, destination_id: destinationId };
      return watch ? journeysApi.watchJourney({ body }) : journeysApi.unwatchJourney({ body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journeysApi.journeys.keyPrefix }),
  });
}
