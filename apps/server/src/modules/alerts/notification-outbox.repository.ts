import type { AlertOperator, PowerAlertField } from '@gridlens/domain/alerts/power-alert-rules';
import type { TrackingAlertField } from '@gridlens/domain/alerts/tracking-alert-rules';
import type { LocationType } from '@gridlens/domain/tracking/enumerations';
import type { AlertKind } from './alert-rule-types';
import type { Queryable } from '../../db/database';

/** A claimed email with everything its text needs. */
export interface OutboxEmail {
  id: number;
  kind: 'triggered' | 'cleared';
  recipient_name: string;
  recipient_email: string;
  attempts: number;
  language: string;
  device_id: string;
  device_name: string | null;
  alert_kind: AlertKind;
  trigger_field: PowerAlertField | TrackingAlertField;
  trigger_operator: AlertOperator;
  trigger_value: number | null;
  location_name: string | null;
  location_type: LocationType | null;
  actual_location_name: string | null;
  actual_value: number | null;
  triggered_at: Date | string;
  clear_value: number | null;
  cleared_at: Date | string | null;
}

/** How long a claim lasts: a process that dies while sending leaves its emails to others after this. */
export const CLAIM_SECONDS = 120;

/** The alert email outbox (alert_notifications): claimed in batches, marked sent or scheduled again. */
export function createNotificationOutbox(db: Queryable) {
  return {
    /**
     * Claims up to `limit` due emails. SKIP LOCKED and the claim deadline let several API processes share the
     * outbox without two of them sending the same email; the attempt is counted when claimed.
     */
    claimDue(limit: number): Promise<OutboxEmail[]> {
      return db.query<OutboxEmail>(
        `WITH claimed AS (
           UPDATE alert_notifications n SET claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS}), attempts = n.attempts + 1
            WHERE n.id IN (SELECT id FROM alert_notifications
                            WHERE sent_at IS NULL AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
                            ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
            RETURNING n.*)
         SELECT c.id, c.kind, c.recipient_name, c.recipient_email, c.attempts, t.language, o.device_id,
                COALESCE(d.transformer_name, td.name) AS device_name, r.kind AS alert_kind, r.trigger_field, r.trigger_operator,
                r.trigger_value, rp.full_name AS location_name, r.location_type, op.full_name AS actual_location_name,
                o.actual_value, o.triggered_at, o.clear_value, o.cleared_at
           FROM claimed c
           JOIN alert_occurrences o ON o.id = c.occurrence_id
           JOIN alert_rules r ON r.id = o.alert_id
           JOIN tenants t ON t.id = c.tenant_id
           LEFT JOIN power_devices d ON r.kind = 'powerdata' AND d.tenant_id = o.tenant_id AND d.device_id = o.device_id
           LEFT JOIN tracking_devices td ON r.kind = 'tracking' AND td.tenant_id = o.tenant_id AND td.device_id = o.device_id
           LEFT JOIN locations rp ON rp.tenant_id = r.tenant_id AND rp.location_id = r.location_id
           LEFT JOIN locations op ON op.tenant_id = o.tenant_id AND op.location_id = o.location_id
          ORDER BY c.id`,
        [limit],
      );
    },

    async markSent(id: number): Promise<void> {
      await db.query('UPDATE alert_notifications SET sent_at = now(), claimed_until = NULL, last_error = NULL WHERE id = $1', [id]);
    },

    async scheduleRetry(id: number, delaySeconds: number, error: string): Promise<void> {
      await db.query(
        `UPDATE alert_notifications SET next_attempt_at = now() + make_interval(secs => $2), claimed_until = NULL, last_error = $3 WHERE id = $1`,
        [id, delaySeconds, error.slice(0, 1000)],
      );
    },
  };
}

export type NotificationOutbox = ReturnType<typeof createNotificationOutbox>;
