import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActiveAlertsPage,
  AlertHistory,
  PowerAlertRule,
  PowerAlertRuleBody,
  Recipient,
  RecipientBody,
} from '@gridlens/contract/alerts';
import { api } from './api-client';

/** Power-data alerts (spec §7 /api/alert/powerdata): rules, recipients, active alerts. */

const BASE = '/api/alert/powerdata';
/** Active alerts refresh this often while shown: an alert raised by a reading appears within half a minute. */
export const ACTIVE_ALERTS_REFRESH_MS = 30_000;

export interface ActiveFilter {
  state: 'active' | 'acknowledged' | null;
  page: number;
  pageSize: number;
}

export const useAlertRules = () => useQuery({ queryKey: ['alerts', 'rules'], queryFn: () => api.get<PowerAlertRule[]>(BASE) });

export const useActiveAlerts = ({ state, page, pageSize }: ActiveFilter) =>
  useQuery({
    queryKey: ['alerts', 'active', state, page, pageSize],
    queryFn: () => api.get<ActiveAlertsPage>(`${BASE}/active`, { state: state ?? undefined, page: page + 1, page_size: pageSize }),
    placeholderData: keepPreviousData,
    refetchInterval: ACTIVE_ALERTS_REFRESH_MS,
  });

/** How many alerts are active and not yet acknowledged (what needs someone), for the navigation badge. */
export const useActiveAlertCount = (enabled: boolean) =>
  useQuery({
    queryKey: ['alerts', 'active', 'count'],
    queryFn: async () => (await api.get<ActiveAlertsPage>(`${BASE}/active`, { page_size: 1, state: 'active' })).total,
    enabled,
    refetchInterval: ACTIVE_ALERTS_REFRESH_MS,
  });

export const useAlertHistory = (occurrenceId: string | null) =>
  useQuery({
    queryKey: ['alerts', 'history', occurrenceId],
    queryFn: () => api.get<AlertHistory>(`${BASE}/history/${occurrenceId ?? ''}`),
    enabled: occurrenceId !== null,
  });

export const useRecipients = (alertId: string) =>
  useQuery({ queryKey: ['alerts', 'recipients', alertId], queryFn: () => api.get<Recipient[]>(`${BASE}/recipients/${alertId}`) });

/** Every change refreshes all alert views: counts, lists and the badge move together. */
function useAlertMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['alerts'] }) });
}

export const useSaveRule = () =>
  useAlertMutation(({ alertId, body }: { alertId: string | null; body: PowerAlertRuleBody }) =>
    alertId === null ? api.post<PowerAlertRule>(BASE, body) : api.put<PowerAlertRule>(`${BASE}/${alertId}`, body),
  );
export const useDeleteRule = () => useAlertMutation((alertId: string) => api.delete(`${BASE}/${alertId}`));
export const useAddRecipient = () =>
  useAlertMutation(({ alertId, body }: { alertId: string; body: RecipientBody }) =>
    api.post<Recipient>(`${BASE}/recipients/${alertId}`, body),
  );
export const useRemoveRecipient = () =>
  useAlertMutation(({ alertId, recipientId }: { alertId: string; recipientId: string }) =>
    api.delete(`${BASE}/recipients/${alertId}/${recipientId}`),
  );
export const useAcknowledge = () => useAlertMutation((occurrenceId: string) => api.post(`${BASE}/active/${occurrenceId}/acknowledge`));
export const useComment = () =>
  useAlertMutation(({ occurrenceId, text }: { occurrenceId: string; text: string }) =>
    api.post(`${BASE}/active/${occurrenceId}/comments`, { text }),
  );
