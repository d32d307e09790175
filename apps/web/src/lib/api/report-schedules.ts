import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecipientBody } from '@gridlens/contract/alerts';
import type { ReportScheduleBody, ReportScheduleDetail, reportSchedulesApi } from '@gridlens/contract/report-schedules';
import type { Language } from '@gridlens/domain/language';
import type { ReportFormat } from '@gridlens/domain/reports/schedules';
import { reportSchedulesRoutes } from '@gridlens/contract/routes/report-schedules';
import { apiClient } from './api-client';

/** Report management (spec §7 /api/report…): stored reports, schedules, their recipients and deliveries. */
const client = apiClient<typeof reportSchedulesApi>('report-schedules', reportSchedulesRoutes);

/** The report screen lists the first page of stored reports, as the specification's /api/report/1/24 does. */
export const REPORTS_PER_PAGE = 24;

export const useStoredReports = (page = 1) => {
  const input = { params: { page, per_page: REPORTS_PER_PAGE } };
  return useQuery({ queryKey: client.reports.key(input), queryFn: () => client.reports(input) });
};

/**
 * A stored report's file in a language (a File named by the server: the report, its period, and for CSV its sheet or
 * a ZIP of its sheets). A mutation, not a query: a file is fetched when asked for and saved, never kept in the cache.
 */
export const useStoredReportFile = () =>
  useMutation({
    mutationFn: ({ id, format, language }: { id: string; format: ReportFormat; language: Language }) =>
      client.reportFile({ params: { id, format }, query: { language } }),
  });

export const useReportSchedules = () => useQuery({ queryKey: client.schedules.key(), queryFn: () => client.schedules() });

/** While a delivery is pending the runner is at it (it looks for due runs every 10 s): its history is asked for again. */
const PENDING_REFRESH_MS = 5_000;
const hasPendingRun = (schedule: ReportScheduleDetail | undefined) => schedule?.runs.some((run) => run.status === 'pending') === true;

export const useReportSchedule = (id: string | null) => {
  const queryClient = useQueryClient();
  const input = { params: { id: id ?? '' } };
  const schedule = useQuery({
    queryKey: client.schedule.key(input),
    queryFn: () => client.schedule(input),
    enabled: id !== null,
    refetchInterval: (query) => (hasPendingRun(query.state.data) ? PENDING_REFRESH_MS : false),
  });
  // A delivery that ended changes the schedule's failures in a row, which the schedules list shows.
  const pending = hasPendingRun(schedule.data);
  const wasPending = useRef(pending);
  useEffect(() => {
    if (wasPending.current && !pending) void queryClient.invalidateQueries({ queryKey: client.schedules.keyPrefix });
    wasPending.current = pending;
  }, [pending, queryClient]);
  return schedule;
};

export const useReportRecipients = (scheduleId: string) => {
  const input = { params: { id: scheduleId } };
  return useQuery({ queryKey: client.recipients.key(input), queryFn: () => client.recipients(input) });
};

/** Every change refreshes the whole report screen: counts, lists and details move together. */
function useReportMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: client.scope }) });
}

export const useSaveSchedule = () =>
  useReportMutation(({ id, body }: { id: string | null; body: ReportScheduleBody }) =>
    id === null ? client.createSchedule({ body }) : client.updateSchedule({ params: { id }, body }),
  );
export const useDeleteSchedule = () => useReportMutation((id: string) => client.removeSchedule({ params: { id } }));
export const useAddReportRecipient = () =>
  useReportMutation(({ scheduleId, body }: { scheduleId: string; body: RecipientBody }) =>
    client.addRecipient({ params: { id: scheduleId }, body }),
  );
export const useRemoveReportRecipient = () =>
  useReportMutation(({ scheduleId, recipientId }: { scheduleId: string; recipientId: string }) =>
    client.removeRecipient({ params: { report_id: scheduleId, recipient_id: recipientId } }),
  );
/** A delivery of the schedule now, beside its scheduled ones: a pending run the runner sends at its next look. */
export const useSendNow = () => useReportMutation((scheduleId: string) => client.sendNow({ params: { id: scheduleId } }));
/** A failed or skipped delivery sent again (409 for one sent or still pending). */
export const useSendRunAgain = () =>
  useReportMutation(({ scheduleId, runId }: { scheduleId: string; runId: string }) =>
    client.sendRunAgain({ params: { id: scheduleId, run_id: runId } }),
  );
