import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PowerMessage, powerReadingsApi, TimeRange } from '@gridlens/contract/power-readings';
import { powerReadingsRoutes } from '@gridlens/contract/routes/power-readings';
import { periodOfRange } from '@gridlens/domain/time-range';
import { apiClient } from './api-client';
import { POWER_DATA_SCOPE } from './assets';

export const powerReadings = apiClient<typeof powerReadingsApi>(POWER_DATA_SCOPE, powerReadingsRoutes);

/** A period as the chart and messages endpoints take it: a named range, or explicit bounds (a zoomed view). */
export type PeriodChoice = { range: TimeRange } | { fromMs: number; toMs: number };

export const periodQuery = (period: PeriodChoice) =>
  'range' in period ? { range: period.range } : { from: new Date(period.fromMs).toISOString(), to: new Date(period.toMs).toISOString() };

/** The chart series of a device over a period; the previous answer stays on screen while a zoomed view loads. */
export const useChartData = (deviceId: string, period: PeriodChoice) => {
  const input = { params: { id: deviceId }, query: periodQuery(period) };
  return useQuery({
    queryKey: powerReadings.chart.key(input),
    queryFn: () => powerReadings.chart(input),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
};

const messagesInput = (deviceId: string, period: PeriodChoice, page: number, pageSize: number) => ({
  params: { device_id: deviceId },
  query: { ...periodQuery(period), page, page_size: pageSize },
});

/** One page of a device's messages over a range, newest first. */
export const useMessagesPage = (deviceId: string, range: TimeRange, page: number, pageSize: number) => {
  const input = messagesInput(deviceId, { range }, page, pageSize);
  return useQuery({
    queryKey: powerReadings.messages.key(input),
    queryFn: () => powerReadings.messages(input),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
};

const EXPORT_PAGE_SIZE = 500;

/**
 * Every message of a device over a range (for the export), page after page. The range is fixed to bounds
 * once: asked by name, every page would end at its own "now", and a message arriving meanwhile would shift
 * the pages (one row twice, another never).
 */
export async function fetchAllMessages(deviceId: string, range: TimeRange): Promise<PowerMessage[]> {
  const period = periodOfRange(range, Date.now());
  const first = await powerReadings.messages(messagesInput(deviceId, period, 1, EXPORT_PAGE_SIZE));
  const items = [...first.items];
  for (let page = 2; (page - 1) * EXPORT_PAGE_SIZE < first.total; page += 1)
    items.push(...(await powerReadings.messages(messagesInput(deviceId, period, page, EXPORT_PAGE_SIZE))).items);
  return items;
}

// The fleet-wide screens' data: the analytics overview (total power, issues over time) and the power report.

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

/** A device's daily rollups over a range (the asset detail's trends tab). */
export const useDailyTrends = (deviceId: string, range: TimeRange) => {
  const input = { params: { id: deviceId }, query: { range } };
  return useQuery({ queryKey: powerReadings.dailyTrends.key(input), queryFn: () => powerReadings.dailyTrends(input), ...cached });
};
