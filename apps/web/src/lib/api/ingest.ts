import { useQuery } from '@tanstack/react-query';
import type { ingestApi } from '@gridlens/contract/ingest';
import { ingestRoutes } from '@gridlens/contract/routes/ingest';
import { apiClient } from './api-client';

const ingest = apiClient<typeof ingestApi>('ingest', ingestRoutes);

/** How many of a device's latest refused messages its messages tab shows. */
export const REFUSALS_SHOWN = 20;

/** A device's latest refused messages (bad JSON, bad fields, unregistered, wrong topic), newest first. */
export const useDeviceRefusals = (deviceId: string) => {
  const input = { params: { device_id: deviceId }, query: { limit: REFUSALS_SHOWN } };
  return useQuery({ queryKey: ingest.refusals.key(input), queryFn: () => ingest.refusals(input), staleTime: 60_000 });
};
