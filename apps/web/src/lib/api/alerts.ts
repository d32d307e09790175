import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActiveAlertsPage, PowerAlertRule, PowerAlertRuleBody, powerAlertsApi, RecipientBody } from '@gridlens/contract/alerts';
import { powerAlertRoutes, trackingAlertRoutes } from '@gridlens/contract/routes/alerts';
import type { TrackingActiveAlertsPage, TrackingAlertRule, TrackingAlertRuleBody } from '@gridlens/contract/tracking-alerts';
import { apiClient, type ApiClient } from './api-client';

/**
 * Alerts of both kinds (spec §7): power data under /api/alert/powerdata, tracking under /api/alert. The calls are
 * the same for both; the rule and active-alert shapes differ.
 */
export type AlertKind = 'powerdata' | 'tracking';
export type AnyAlertRule = PowerAlertRule | TrackingAlertRule;
export type AnyAlertRuleBody = PowerAlertRuleBody | TrackingAlertRuleBody;
export type AnyActiveAlertsPage = ActiveAlertsPage | TrackingActiveAlertsPage;
export type AnyActiveAlert = AnyActiveAlertsPage['items'][number];

/** Tracking rules carry a POI target (null or not); power-data rules have no such field. */
export const isTrackingRule = (rule: AnyAlertRule): rule is TrackingAlertRule => 'location_type' in rule;

/** Both kinds' calls, typed by the power-data endpoints; the tracking kind's shapes differ only in their items. */
const CLIENTS: Record<AlertKind, ApiClient<typeof powerAlertsApi>> = {
  powerdata: apiClient<typeof powerAlertsApi>('alerts', powerAlertRoutes),
  tracking: apiClient<typeof powerAlertsApi>('alerts', trackingAlertRoutes),
};
/** Active alerts refresh this often while shown: an alert raised by a reading appears within half a minute. */
export const ACTIVE_ALERTS_REFRESH_MS = 30_000;

export interface ActiveFilter {
  kind: AlertKind;
  state: 'active' | 'acknowledged' | null;
  page: number;
  pageSize: number;
}

export const useAlertRules = (kind: AlertKind) =>
  useQuery({ queryKey: CLIENTS[kind].list.key(), queryFn: async (): Promise<AnyAlertRule[]> => CLIENTS[kind].list() });

export const useActiveAlerts = ({ kind, state, page, pageSize }: ActiveFilter) => {
  const input = { query: { state: state ?? undefined, page: page + 1, page_size: pageSize } };
  return useQuery({
    queryKey: CLIENTS[kind].active.key(input),
    queryFn: async (): Promise<AnyActiveAlertsPage> => CLIENTS[kind].active(input),
    placeholderData: keepPreviousData,
    refetchInterval: ACTIVE_ALERTS_REFRESH_MS,
  });
};

/** How many alerts are active and not yet acknowledged (what needs someone), for the navigation badge. */
export const useActiveAlertCount = (kind: AlertKind, enabled: boolean) => {
  const input = { query: { page_size: 1, state: 'active' as const } };
  return useQuery({
    queryKey: [...CLIENTS[kind].active.key(input), 'count'],
    queryFn: async () => (await CLIENTS[kind].active(input)).total,
    enabled,
    refetchInterval: ACTIVE_ALERTS_REFRESH_MS,
  });
};

export const useAlertHistory = (kind: AlertKind, occurrenceId: string | null) => {
  const input = { params: { occurrence_id: occurrenceId ?? '' } };
  return useQuery({
    queryKey: CLIENTS[kind].history.key(input),
    queryFn: () => CLIENTS[kind].history(input),
    enabled: occurrenceId !== null,
  });
};

export const useRecipients = (kind: AlertKind, alertId: string) => {
  const input = { params: { id: alertId } };
  return useQuery({ queryKey: CLIENTS[kind].recipients.key(input), queryFn: () => CLIENTS[kind].recipients(input) });
};

/** Every change refreshes all alert views: counts, lists and the badge move together. */
function useAlertMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: CLIENTS.powerdata.scope }) });
}

// The tracking kind's rule bodies are checked by its own schema on the server; the client passes them through.
const asBody = (body: AnyAlertRuleBody) => body as PowerAlertRuleBody;

export const useSaveRule = (kind: AlertKind) =>
  useAlertMutation(async ({ alertId, body }: { alertId: string | null; body: AnyAlertRuleBody }): Promise<AnyAlertRule> =>
    alertId === null ? CLIENTS[kind].create({ body: asBody(body) }) : CLIENTS[kind].update({ params: { id: alertId }, body: asBody(body) }),
  );
export const useDeleteRule = (kind: AlertKind) => useAlertMutation((alertId: string) => CLIENTS[kind].remove({ params: { id: alertId } }));
export const useAddRecipient = (kind: AlertKind) =>
  useAlertMutation(({ alertId, body }: { alertId: string; body: RecipientBody }) =>
    CLIENTS[kind].addRecipient({ params: { id: alertId }, body }),
  );
export const useRemoveRecipient = (kind: AlertKind) =>
  useAlertMutation(({ alertId, recipientId }: { alertId: string; recipientId: string }) =>
    CLIENTS[kind].removeRecipient({ params: { alert_id: alertId, recipient_id: recipientId } }),
  );
export const useAcknowledge = (kind: AlertKind) =>
  useAlertMutation((occurrenceId: string) => CLIENTS[kind].acknowledge({ params: { occurrence_id: occurrenceId } }));
export const useComment = (kind: AlertKind) =>
  useAlertMutation(({ occurrenceId, text }: { occurrenceId: string; text: string }) =>
    CLIENTS[kind].comment({ params: { occurrence_id: occurrenceId }, body: { text } }),
  );
