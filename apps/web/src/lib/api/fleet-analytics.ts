import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FleetTotals, IssueTimeline, PowerReport, TimeRange } from '@gridlens/contract/power-readings';
import { api } from './api-client';

/** The fleet-wide screens' data: the analytics overview (total power, issues over time) and the power report. */

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

/** The power report of a UTC day (YYYY-MM-DD). */
export const usePowerReport = (day: string) =>
  useQuery({
    queryKey: ['powerdata', 'report', day],
    queryFn: () => api.get<PowerReport>('/api/powerdata/report', { day }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
