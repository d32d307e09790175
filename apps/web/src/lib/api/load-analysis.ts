import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { loadAnalysisApi } from '@gridlens/contract/load-analysis';
import type { TimeRange } from '@gridlens/contract/power-readings';
import { loadAnalysisRoutes } from '@gridlens/contract/routes/load-analysis';
import { apiClient } from './api-client';
import { POWER_DATA_SCOPE } from './assets';

const loadAnalysis = apiClient<typeof loadAnalysisApi>(POWER_DATA_SCOPE, loadAnalysisRoutes);

/** The ADMD extraction over a named range, or over the server's default period (the latest whole winter, else 90 days). */
export const useAdmd = (range: TimeRange | null) => {
  const input = { query: range === null ? {} : { range } };
  return useQuery({
    queryKey: loadAnalysis.admd.key(input),
    queryFn: () => loadAnalysis.admd(input),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
};

/** One transformer's thermal ageing, series and health indicators over a named range (XFRMR Health). */
export const useLossOfLife = (deviceId: string, range: TimeRange, paper: 'normal' | 'thermally-upgraded') => {
  const input = { query: { device_id: deviceId, range, paper } };
  return useQuery({
    queryKey: loadAnalysis.lossOfLife.key(input),
    queryFn: () => loadAnalysis.lossOfLife(input),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
};
