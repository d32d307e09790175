import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TimeRange } from '@gridlens/contract/power-readings';
import { powerReadings } from './power-readings';

/** The fleet-wide screens' data: the analytics overview (total power, issues over time) and the power report. */

const cached = { placeholderData: keepPreviousData, staleTime: 60_000 } as const;

export const useFleetTotals = (range: TimeRange) => {
  const input = { params: { duration: range } };
  return useQuery({ queryKey: powerReadings.fleetTotals.key(input), queryFn: () => powerReadings.fleetTotals(input), ...cached });
};

export const useIssueTimeline = (range: TimeRange) => {
  const input = { params: { duration: range } };
  return useQuery({ queryKey: powerReadings.issueTimeline.key(input), queryFn: () => powerReadings.issueTimeline(input), ...cached });
};

/** The power report of a UTC day (YYYY-MM-DD). */
export const usePowerReport = (day: string) => {
  const input = { query: { day } };
  return useQuery({ queryKey: powerReadings.dayReport.key(input), queryFn: () => powerReadings.dayReport(input), ...cached });
};
