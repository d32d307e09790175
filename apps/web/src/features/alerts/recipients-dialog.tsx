import { useTranslation } from 'react-i18next';
import { useAddRecipient, useRecipients, useRemoveRecipient, type AnyAlertRule } from '@/lib/api/alerts';
import { RecipientsDialog as RecipientsEditor } from '@/lib/ui/recipients-dialog';
import { useAlertKind } from './alert-kind';
import { useAlertText } from './alert-text';

/** The people an alert emails (spec §3: name, email, nickname): list, add, remove. */
export default function RecipientsDialog({ rule, onClose }: { rule: AnyAlertRule; onClose: () => void }) {
  const { t } = useTranslation();
  const text = useAlertText();
  const kind = useAlertKind();
  const recipients = useRecipients(kind, rule.alert_id);
  const add = useAddRecipient(kind);
  const remove = useRemoveRecipient(kind);
  return (
    <RecipientsEditor
      title={t('alerts.recipientsTitle')}
      about={`${text.scope(kind, rule.device_id, rule.device_type)} · ${text.condition(rule)}`}
      none={t('alerts.noRecipients')}
      recipients={recipients.data}
      adding={add.isPending}
      onAdd={(body, callbacks) => add.mutate({ alertId: rule.alert_id, body }, callbacks)}
      onRemove={(recipientId, callbacks) => remove.mutate({ alertId: rule.alert_id, recipientId }, callbacks)}
      onClose={onClose}
    />
  );
}
