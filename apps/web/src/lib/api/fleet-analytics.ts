import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FleetTotals, IssueTimeline, TimeRange } from '@gridlens/contract/power-readings';
import { api } from './api-client';

/** The analytics overview's data: the fleet's total power and its issues over a range. */

export const useFleetTotals = (range: TimeRange) =>
  useQuery({
    queryKey: ['powerdata', 'totalstats', range],
    queryFn: () => api.get<FleetTotals>(`/api/powerdata/device/totalstats/${range}`),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useIssueTimeline = (range: TimeRange) =>
  useQuery({
    queryKey: ['powerdata', 'issuestats', range],
    queryFn: () => api.get<IssueTimeline>(`/api/powerdata/device/issuestats/${range}`),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
