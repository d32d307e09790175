import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { fleetReportsApi } from '@gridlens/contract/fleet-reports';
import { fleetReportsRoutes } from '@gridlens/contract/routes/fleet-reports';
import { apiClient } from './api-client';

/** The weekly fleet report and the KPI report (GET /api/report/fleet, /api/report/kpi). */
export const fleetReports = apiClient<typeof fleetReportsApi>('fleet-reports', fleetReportsRoutes);

/** One week's fleet report (null: the last complete week), for one customer or all (null). */
export function useFleetReport(week: string | null, customerId: string | null) {
  const input = { query: { week: week ?? undefined, customer: customerId ?? undefined } };
  return useQuery({ queryKey: fleetReports.fleet.key(input), queryFn: () => fleetReports.fleet(input), placeholderData: keepPreviousData });
}

export function useKpiReport(weeks: number) {
  const input = { query: { weeks } };
  return useQuery({ queryKey: fleetReports.kpi.key(input), queryFn: () => fleetReports.kpi(input) });
}
