import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AssetListItem } from '@gridlens/contract/power-devices';
import type { ChartData, MessagesPage, PowerMessage, TimeRange } from '@gridlens/contract/power-readings';
import { periodOfRange } from '@gridlens/domain/time-range';
import { api } from './api-client';
import { ASSET_LIST_DAYS, assetItemQueryKey } from './power-devices';

/** A period as the chart and messages endpoints take it: a named range, or explicit bounds (a zoomed view). */
export type PeriodChoice = { range: TimeRange } | { fromMs: number; toMs: number };

export const periodQuery = (period: PeriodChoice) =>
  'range' in period ? { range: period.range } : { from: new Date(period.fromMs).toISOString(), to: new Date(period.toMs).toISOString() };

const devicePath = (deviceId: string) => encodeURIComponent(deviceId);

export const useAssetItem = (deviceId: string) =>
  useQuery({
    queryKey: assetItemQueryKey(deviceId),
    queryFn: () => api.get<AssetListItem>(`/api/powerdata/device/${devicePath(deviceId)}`, { num_days: ASSET_LIST_DAYS }),
    staleTime: 60_000,
  });

/** The chart series of a device over a period; the previous answer stays on screen while a zoomed view loads. */
export const useChartData = (deviceId: string, period: PeriodChoice) =>
  useQuery({
    queryKey: ['powerdata', 'chart', deviceId, period],
    queryFn: () => api.get<ChartData>(`/api/powerdata/device/chartdata/${devicePath(deviceId)}`, periodQuery(period)),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

const fetchMessages = (deviceId: string, period: PeriodChoice, page: number, pageSize: number) =>
  api.get<MessagesPage>(`/api/powerdata/messages/device/${devicePath(deviceId)}`, { ...periodQuery(period), page, page_size: pageSize });

/** One page of a device's messages over a range, newest first. */
export const useMessagesPage = (deviceId: string, range: TimeRange, page: number, pageSize: number) =>
  useQuery({
    queryKey: ['powerdata', 'messages', deviceId, range, page, pageSize],
    queryFn: () => fetchMessages(deviceId, { range }, page, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** The largest page the messages endpoint gives. */
const EXPORT_PAGE_SIZE = 500;

/**
 * Every message of a device over a range (for the export), page after page. The range is fixed to bounds
 * once: asked by name, every page would end at its own "now", and a message arriving meanwhile would shift
 * the pages (one row twice, another never).
 */
export async function fetchAllMessages(deviceId: string, range: TimeRange): Promise<PowerMessage[]> {
  const period = periodOfRange(range, Date.now());
  const first = await fetchMessages(deviceId, period, 1, EXPORT_PAGE_SIZE);
  const items = [...first.items];
  for (let page = 2; (page - 1) * EXPORT_PAGE_SIZE < first.total; page += 1)
    items.push(...(await fetchMessages(deviceId, period, page, EXPORT_PAGE_SIZE)).items);
  return items;
}
