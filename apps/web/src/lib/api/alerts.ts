import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActiveAlertsPage,
  AlertHistory,
  PowerAlertRule,
  PowerAlertRuleBody,
  Recipient,
  RecipientBody,
} from '@gridlens/contract/alerts';
import type { TrackingActiveAlertsPage, TrackingAlertRule, TrackingAlertRuleBody } from '@gridlens/contract/tracking-alerts';
import { api } from './api-client';

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

const BASES: Record<AlertKind, string> = { powerdata: '/api/alert/powerdata', tracking: '/api/alert' };
/** Active alerts refresh this often while shown: an alert raised by a reading appears within half a minute. */
export const ACTIVE_ALERTS_REFRESH_MS = 30_000;

export interface ActiveFilter {
  kind: AlertKind;
  state: 'active' | 'acknowledged' | null;
  page: number;
  pageSize: number;
}

export const useAlertRules = (kind: AlertKind) =>
  useQuery({ queryKey: ['alerts', kind, 'rules'], queryFn: () => api.get<AnyAlertRule[]>(BASES[kind]) });

export const useActiveAlerts = ({ kind, state, page, pageSize }: ActiveFilter) =>
  useQuery({
    queryKey: ['alerts', kind, 'active', state, page, pageSize],
    queryFn: () =>
      api.get<AnyActiveAlertsPage>(`${BASES[kind]}/active`, { state: state ?? undefined, page: page + 1, page_size: pageSize }),
    placeholderData: keepPreviousData,
    refetchInterval: ACTIVE_ALERTS_REFRESH_MS,
  });

/** How many alerts are active and not yet acknowledged (what needs someone), for the navigation badge. */
export const useActiveAlertCount = (kind: AlertKind, enabled: boolean) =>
  useQuery({
    queryKey: ['alerts', kind, 'active', 'count'],
    queryFn: async () => (await api.get<AnyActiveAlertsPage>(`${BASES[kind]}/active`, { page_size: 1, state: 'active' })).total,
    enabled,
    refetchInterval: ACTIVE_ALERTS_REFRESH_MS,
  });

export const useAlertHistory = (kind: AlertKind, occurrenceId: string | null) =>
  useQuery({
    queryKey: ['alerts', kind, 'history', occurrenceId],
    queryFn: () => api.get<AlertHistory>(`${BASES[kind]}/history/${occurrenceId ?? ''}`),
    enabled: occurrenceId !== null,
  });

export const useRecipients = (kind: AlertKind, alertId: string) =>
  useQuery({
    queryKey: ['alerts', kind, 'recipients', alertId],
    queryFn: () => api.get<Recipient[]>(`${BASES[kind]}/recipients/${alertId}`),
  });

/** Every change refreshes all alert views: counts, lists and the badge move together. */
function useAlertMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['alerts'] }) });
}

export const useSaveRule = (kind: AlertKind) =>
  useAlertMutation(({ alertId, body }: { alertId: string | null; body: AnyAlertRuleBody }) =>
    alertId === null ? api.post<AnyAlertRule>(BASES[kind], body) : api.put<AnyAlertRule>(`${BASES[kind]}/${alertId}`, body),
  );
export const useDeleteRule = (kind: AlertKind) => useAlertMutation((alertId: string) => api.delete(`${BASES[kind]}/${alertId}`));
export const useAddRecipient = (kind: AlertKind) =>
  useAlertMutation(({ alertId, body }: { alertId: string; body: RecipientBody }) =>
    api.post<Recipient>(`${BASES[kind]}/recipients/${alertId}`, body),
  );
export const useRemoveRecipient = (kind: AlertKind) =>
  useAlertMutation(({ alertId, recipientId }: { alertId: string; recipientId: string }) =>
    api.delete(`${BASES[kind]}/recipients/${alertId}/${recipientId}`),
  );
export const useAcknowledge = (kind: AlertKind) =>
  useAlertMutation((occurrenceId: string) => api.post(`${BASES[kind]}/active/${occurrenceId}/acknowledge`));
export const useComment = (kind: AlertKind) =>
  useAlertMutation(({ occurrenceId, text }: { occurrenceId: string; text: string }) =>
    api.post(`${BASES[kind]}/active/${occurrenceId}/comments`, { text }),
  );
