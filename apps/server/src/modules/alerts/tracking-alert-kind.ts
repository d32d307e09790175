import type { TrackingActiveAlert, TrackingAlertRule, TrackingAlertRuleBodySchema } from '@gridlens/contract/tracking-alerts';
import type { TrackingAlertField } from '@gridlens/domain/alerts/tracking-alert-rules';
import type { TrackerType } from '@gridlens/domain/tracking/enumerations';
import type { z } from 'zod';
import type { ActiveAlertRow } from './alert-occurrences.repository';
import type { AlertRuleRow } from './alert-rules.repository';
import { isoOf } from '../../http/iso-timestamp';
import type { AlertKindAdapter } from './alerts.service';

type Body = z.output<typeof TrackingAlertRuleBodySchema>;

/** Tracking alerts' shapes (/api/alert). The SQL selects rules of this kind only, so the casts hold. */
/** What a tracking rule's targets are checked against (the tracking module). */
interface TrackingTargets {
  deviceExists: (tenantId: string, deviceId: string) => Promise<boolean>;
  locationExists: (tenantId: string, locationId: string) => Promise<boolean>;
}

export function trackingAlertKind(tracking: TrackingTargets): AlertKindAdapter<TrackingAlertRule, TrackingActiveAlert, Body> {
  return {
    kind: 'tracking',
    ruleOf: (row: AlertRuleRow): TrackingAlertRule => ({
      alert_id: row.id,
      device_id: row.device_id,
      device_type: row.device_type as TrackerType | null,
      trigger_field: row.trigger_field as TrackingAlertField,
      trigger_operator: row.trigger_operator,
      trigger_value: row.trigger_value,
      location_id: row.location_id,
      location_type: row.location_type,
      location_name: row.location_name,
      notify_on_clear: row.notify_on_clear,
      recipient_count: row.recipient_count,
      active_count: row.active_count,
      created_at: isoOf(row.created_at),
      updated_at: isoOf(row.updated_at),
    }),
    activeOf: (row: ActiveAlertRow): TrackingActiveAlert => ({
      occurrence_id: row.occurrence_id,
      alert_id: row.alert_id,
      device_id: row.device_id,
      full_name: row.full_name ?? row.device_id,
      trigger_field: row.trigger_field as TrackingAlertField,
      trigger_operator: row.trigger_operator,
      trigger_value: row.trigger_value,
      location_id: row.location_id,
      location_type: row.location_type,
      location_name: row.location_name,
      actual_value: row.actual_value,
      actual_location_id: row.actual_location_id,
      actual_location_name: row.actual_location_name,
      trigger_date: isoOf(row.triggered_at),
      state: row.acknowledged_at === null ? 'active' : 'acknowledged',
      acknowledged_by: row.acknowledged_by_name,
      acknowledged_at: row.acknowledged_at === null ? null : isoOf(row.acknowledged_at),
    }),
    targetProblems: async (tenantId, body) => {
      const problems: { field: string; message: string }[] = [];
      if (body.device_id !== null && !(await tracking.deviceExists(tenantId, body.device_id)))
        problems.push({ field: 'device_id', message: 'No device with this id' });
      if (body.location_id !== null && !(await tracking.locationExists(tenantId, body.location_id)))
        problems.push({ field: 'location_id', message: 'No location with this id' });
      return problems;
    },
  };
}
