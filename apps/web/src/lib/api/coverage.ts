import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { coverageApi } from '@gridlens/contract/coverage';
import { coverageRoutes } from '@gridlens/contract/routes/coverage';
import type { CoverageWindowDays } from '@gridlens/domain/power/coverage';
import { apiClient, ApiRequestError } from './api-client';
import { POWER_DATA_SCOPE } from './assets';
import { ROLLOUT_SCOPE } from './rollout';

const coverage = apiClient<typeof coverageApi>(POWER_DATA_SCOPE, coverageRoutes);

/** The device coverage check (/coverage_checker) over the last day or week. */
export const useCoverage = (days: CoverageWindowDays) => {
  const input = { query: { days } };
  return useQuery({
    queryKey: coverage.coverage.key(input),
    queryFn: () => coverage.coverage(input),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
};

/** How often the device test asks again while it is open: an installer waiting on site wants to see a new message soon. */
export const DEVICE_TEST_REFRESH_MS = 30_000;

/** The installer's device test (/checkcoverage); asks again every 30 s so a monitor just powered up shows up. */
export const useDeviceTest = (deviceId: string | null) => {
  const input = { params: { DeviceID: deviceId ?? '' } };
  return useQuery({
    queryKey: coverage.deviceTest.key(input),
    queryFn: () => coverage.deviceTest(input),
    enabled: deviceId !== null,
    // Stops asking after a failure (an unknown id stays unknown); "Check now" asks again.
    refetchInterval: (query) => (query.state.status === 'error' ? false : DEVICE_TEST_REFRESH_MS),
    // One retry: a phone on site loses a request now and then; a 4xx (unknown id, refused account) is an answer.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiRequestError && error.status < 500),
  });
};

/**
 * Records the device test as it stands now: the installer says the monitor is fitted (Installers allowed). The
 * test is asked again and the rollout dashboard's figures refreshed, which now count the device Installed.
 */
export function useRecordDeviceTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, note }: { deviceId: string; note: string | null }) =>
      coverage.recordDeviceTest({ params: { DeviceID: deviceId }, body: { note } }),
    onSuccess: (_answer, { deviceId }) => {
      void queryClient.invalidateQueries({ queryKey: coverage.deviceTest.key({ params: { DeviceID: deviceId } }) });
      void queryClient.invalidateQueries({ queryKey: [ROLLOUT_SCOPE] });
    },
  });
}
