import type { AlertOperator, PowerAlertField } from '@gridlens/domain/alerts/power-alert-rules';
import type { TrackingAlertField } from '@gridlens/domain/alerts/tracking-alert-rules';
import type { LocationType } from '@gridlens/domain/tracking/enumerations';
import { arrayLiteral, columnLiteral } from '../../db/array-literal';
import type { Queryable } from '../../db/database';
import type { AlertKind } from './alert-rule-types';

export interface ActiveAlertRow {
  occurrence_id: string;
  alert_id: string;
  device_id: string;
  full_name: string | null;
  trigger_field: PowerAlertField | TrackingAlertField;
  trigger_operator: AlertOperator;
  trigger_value: number | null;
  location_id: string | null;
  location_type: LocationType | null;
  location_name: string | null;
  actual_value: number | null;
  actual_location_id: string | null;
  actual_location_name: string | null;
  triggered_at: Date | string;
  acknowledged_by_name: string | null;
  acknowledged_at: Date | string | null;
  total: number;
}

export interface ActiveFilter {
  deviceId?: string | undefined;
  triggerField?: string | undefined;
  state?: 'active' | 'acknowledged' | undefined;
}

export interface AlertEventRow {
  kind: 'triggered' | 'acknowledged' | 'comment' | 'cleared';
  at: Date | string;
  value: number | null;
  user_name: string | null;
  text: string | null;
}

/** A new occurrence found by evaluation; `clearedAt` is set when it also cleared within the same batch. */
export interface NewOccurrence {
  id: string;
  alertId: string;
  deviceId: string;
  /** The value that triggered it; null for an arrival or departure, which records `locationId` instead. */
  value: number | null;
  locationId: string | null;
  triggeredAt: string;
  clearedAt: string | null;
  clearValue: number | null;
}

export interface ClearedOccurrence {
  id: string;
  value: number | null;
  clearedAt: string;
}

export interface Notification {
  occurrenceId: string;
  kind: 'triggered' | 'cleared';
  name: string;
  email: string;
}

export interface AlertEvent {
  occurrenceId: string;
  kind: 'triggered' | 'cleared';
  at: string;
  value: number | null;
}

/** Where a kind's devices and their names live: the transformer's name, or the tracker's. */
const DEVICE_NAME: Record<AlertKind, { table: string; name: string }> = {
  powerdata: { table: 'power_devices', name: 'transformer_name' },
  tracking: { table: 'tracking_devices', name: 'name' },
};

/** Occurrences of alerts (active alerts, their history) and the notification outbox; scoped by tenant. */
export function createAlertOccurrencesRepository(db: Queryable) {
  return {
    /** A page of the open occurrences of the tenant's rules of `kind`, newest first, with the page's total. */
    activePage(tenantId: string, kind: AlertKind, filter: ActiveFilter, limit: number, offset: number): Promise<ActiveAlertRow[]> {
      const devices = DEVICE_NAME[kind];
      return db.query<ActiveAlertRow>(
        `SELECT o.id AS occurrence_id, o.alert_id, o.device_id, d.${devices.name} AS full_name, r.trigger_field, r.trigger_operator,
                r.trigger_value, r.location_id, r.location_type, rp.full_name AS location_name, o.actual_value,
                o.location_id AS actual_location_id, op.full_name AS actual_location_name,
                o.triggered_at, o.acknowledged_by_name, o.acknowledged_at, count(*) OVER ()::int AS total
           FROM alert_occurrences o
           JOIN alert_rules r ON r.id = o.alert_id AND r.tenant_id = o.tenant_id
           LEFT JOIN ${devices.table} d ON d.tenant_id = o.tenant_id AND d.device_id = o.device_id
           LEFT JOIN locations rp ON rp.tenant_id = r.tenant_id AND rp.location_id = r.location_id
           LEFT JOIN locations op ON op.tenant_id = o.tenant_id AND op.location_id = o.location_id
          WHERE o.tenant_id = $1 AND r.kind = $2 AND o.cleared_at IS NULL
            AND ($3::text IS NULL OR o.device_id = $3)
            AND ($4::text IS NULL OR r.trigger_field = $4)
            AND ($5::text IS NULL OR ($5 = 'acknowledged') = (o.acknowledged_at IS NOT NULL))
          ORDER BY o.triggered_at DESC, o.id
          LIMIT $6 OFFSET $7`,
        [tenantId, kind, filter.deviceId ?? null, filter.triggerField ?? null, filter.state ?? null, limit, offset],
      );
    },

    async countActive(tenantId: string, kind: AlertKind, filter: ActiveFilter): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM alert_occurrences o JOIN alert_rules r ON r.id = o.alert_id AND r.tenant_id = o.tenant_id
          WHERE o.tenant_id = $1 AND r.kind = $2 AND o.cleared_at IS NULL
            AND ($3::text IS NULL OR o.device_id = $3)
            AND ($4::text IS NULL OR r.trigger_field = $4)
            AND ($5::text IS NULL OR ($5 = 'acknowledged') = (o.acknowledged_at IS NOT NULL))`,
        [tenantId, kind, filter.deviceId ?? null, filter.triggerField ?? null, filter.state ?? null],
      );
      return row?.n ?? 0;
    },

    /** Whether the tenant has this occurrence among its rules of `kind` (any state). */
    async exists(tenantId: string, kind: AlertKind, occurrenceId: string): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM alert_occurrences o JOIN alert_rules r ON r.id = o.alert_id
          WHERE o.tenant_id = $1 AND r.kind = $2 AND o.id = $3`,
        [tenantId, kind, occurrenceId],
      );
      return rows.length > 0;
    },

    /** Acknowledges an open, unacknowledged occurrence and records it; false when there is none to acknowledge. */
    async acknowledge(tenantId: string, occurrenceId: string, userId: string, userName: string | null): Promise<boolean> {
      const rows = await db.query(
        `WITH acked AS (
           UPDATE alert_occurrences SET acknowledged_at = now(), acknowledged_by = $3, acknowledged_by_name = $4
            WHERE tenant_id = $1 AND id = $2 AND cleared_at IS NULL AND acknowledged_at IS NULL
            RETURNING id, acknowledged_at)
         INSERT INTO alert_events (tenant_id, occurrence_id, kind, at, user_id, user_name)
         SELECT $1, id, 'acknowledged', acknowledged_at, $3, $4 FROM acked RETURNING id`,
        [tenantId, occurrenceId, userId, userName],
      );
      return rows.length > 0;
    },

    async addComment(tenantId: string, occurrenceId: string, userId: string, userName: string | null, text: string): Promise<void> {
      await db.query(
        `INSERT INTO alert_events (tenant_id, occurrence_id, kind, at, user_id, user_name, text) VALUES ($1, $2, 'comment', now(), $3, $4, $5)`,
        [tenantId, occurrenceId, userId, userName, text],
      );
    },

    history(tenantId: string, occurrenceId: string): Promise<AlertEventRow[]> {
      return db.query<AlertEventRow>(
        `SELECT kind, at, value, user_name, text FROM alert_events WHERE tenant_id = $1 AND occurrence_id = $2 ORDER BY at, id`,
        [tenantId, occurrenceId],
      );
    },

    // ---- Evaluation (inside the ingest transaction) ----

    /** The open occurrences on these devices, of every rule of the tenant. */
    open(tx: Queryable, tenantId: string, deviceIds: readonly string[]): Promise<{ id: string; alert_id: string; device_id: string }[]> {
      return tx.query(
        `SELECT id, alert_id, device_id FROM alert_occurrences
          WHERE tenant_id = $1 AND cleared_at IS NULL AND device_id = ANY($2::text[])`,
        [tenantId, arrayLiteral(deviceIds)],
      );
    },

    /**
     * Inserts new occurrences; an open one that another process opened first for the same rule and device is
     * skipped by the partial unique index. Returns the ids actually inserted.
     */
    async insertOccurrences(tx: Queryable, tenantId: string, occurrences: readonly NewOccurrence[]): Promise<Set<string>> {
      if (occurrences.length === 0) return new Set();
      const rows = await tx.query<{ id: string }>(
        `INSERT INTO alert_occurrences (id, tenant_id, alert_id, device_id, actual_value, triggered_at, cleared_at, clear_value, location_id)
         SELECT u.id, $1, u.alert_id, u.device_id, u.value, u.triggered_at, u.cleared_at, u.clear_value, u.location_id
           FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::float8[], $6::timestamptz[], $7::timestamptz[], $8::float8[], $9::text[])
             AS u(id, alert_id, device_id, value, triggered_at, cleared_at, clear_value, location_id)
         ON CONFLICT (alert_id, device_id) WHERE cleared_at IS NULL DO NOTHING
         RETURNING id`,
        [
          tenantId,
          columnLiteral(occurrences, (o) => o.id),
          columnLiteral(occurrences, (o) => o.alertId),
          columnLiteral(occurrences, (o) => o.deviceId),
          columnLiteral(occurrences, (o) => o.value),
          columnLiteral(occurrences, (o) => o.triggeredAt),
          columnLiteral(occurrences, (o) => o.clearedAt),
          columnLiteral(occurrences, (o) => o.clearValue),
          columnLiteral(occurrences, (o) => o.locationId),
        ],
      );
      return new Set(rows.map((r) => r.id));
    },

    async clearOccurrences(tx: Queryable, tenantId: string, cleared: readonly ClearedOccurrence[]): Promise<void> {
      if (cleared.length === 0) return;
      await tx.query(
        `UPDATE alert_occurrences o SET cleared_at = u.cleared_at, clear_value = u.value
           FROM unnest($2::uuid[], $3::float8[], $4::timestamptz[]) AS u(id, value, cleared_at)
          WHERE o.tenant_id = $1 AND o.id = u.id AND o.cleared_at IS NULL`,
        [tenantId, columnLiteral(cleared, (c) => c.id), columnLiteral(cleared, (c) => c.value), columnLiteral(cleared, (c) => c.clearedAt)],
      );
    },

    async insertEvents(tx: Queryable, tenantId: string, events: readonly AlertEvent[]): Promise<void> {
      if (events.length === 0) return;
      await tx.query(
        `INSERT INTO alert_events (tenant_id, occurrence_id, kind, at, value)
         SELECT $1, u.occurrence_id, u.kind, u.at, u.value FROM unnest($2::uuid[], $3::text[], $4::timestamptz[], $5::float8[]) AS u(occurrence_id, kind, at, value)`,
        [
          tenantId,
          columnLiteral(events, (e) => e.occurrenceId),
          columnLiteral(events, (e) => e.kind),
          columnLiteral(events, (e) => e.at),
          columnLiteral(events, (e) => e.value),
        ],
      );
    },

    /** The recipients of these rules, for the outbox. */
    recipientsOf(
      tx: Queryable,
      tenantId: string,
      alertIds: readonly string[],
    ): Promise<{ alert_id: string; name: string; email: string }[]> {
      return tx.query(`SELECT alert_id, name, email FROM alert_recipients WHERE tenant_id = $1 AND alert_id = ANY($2::uuid[])`, [
        tenantId,
        arrayLiteral(alertIds),
      ]);
    },

    async enqueueNotifications(tx: Queryable, tenantId: string, notifications: readonly Notification[]): Promise<void> {
      if (notifications.length === 0) return;
      await tx.query(
        `INSERT INTO alert_notifications (tenant_id, occurrence_id, kind, recipient_name, recipient_email)
         SELECT $1, u.occurrence_id, u.kind, u.name, u.email FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[]) AS u(occurrence_id, kind, name, email)`,
        [
          tenantId,
          columnLiteral(notifications, (n) => n.occurrenceId),
          columnLiteral(notifications, (n) => n.kind),
          columnLiteral(notifications, (n) => n.name),
          columnLiteral(notifications, (n) => n.email),
        ],
      );
    },
  };
}

export type AlertOccurrencesRepository = ReturnType<typeof createAlertOccurrencesRepository>;
