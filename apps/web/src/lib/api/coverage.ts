import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Coverage, DeviceTest } from '@gridlens/contract/coverage';
import type { CoverageWindowDays } from '@gridlens/domain/power/coverage';
import { api, ApiRequestError } from './api-client';

/** The device coverage check (/coverage_checker) over the last day or week. */
export const useCoverage = (days: CoverageWindowDays) =>
  useQuery({
    queryKey: ['powerdata', 'coverage', days],
    queryFn: () => api.get<Coverage>('/api/powerdata/coverage', { days }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** How often the device test asks again while it is open: an installer waiting on site wants to see a new message soon. */
export const DEVICE_TEST_REFRESH_MS = 30_000;

/** The installer's device test (/checkcoverage); asks again every 30 s so a monitor just powered up shows up. */
export const useDeviceTest = (deviceId: string | null) =>
  useQuery({
    queryKey: ['powerdata', 'device-test', deviceId],
    queryFn: () => api.get<DeviceTest>(`/api/powerdata/device-test/${encodeURIComponent(deviceId ?? '')}`),
    enabled: deviceId !== null,
    // Stops asking after a failure (an unknown id stays unknown); "Check now" asks again.
    refetchInterval: (query) => (query.state.status === 'error' ? false : DEVICE_TEST_REFRESH_MS),
    // One retry: a phone on site loses a request now and then; a 404 is an answer, not a failure to retry.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiRequestError && error.status === 404),
  });
