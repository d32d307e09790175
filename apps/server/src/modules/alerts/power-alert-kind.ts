import type { ActiveAlert, PowerAlertRule, PowerAlertRuleBodySchema } from '@gridlens/contract/alerts';
import type { PowerAlertField } from '@gridlens/domain/alerts/power-alert-rules';
import type { DeviceType } from '@gridlens/domain/power/enumerations';
import type { z } from 'zod';
import type { ActiveAlertRow } from './alert-occurrences.repository';
import type { AlertRuleRow } from './alert-rules.repository';
import { isoOf } from '../../http/iso-timestamp';
import type { AlertKindAdapter } from './alerts.service';

type Body = z.output<typeof PowerAlertRuleBodySchema>;

/** Power-data alerts' shapes (/api/alert/powerdata). The SQL selects rules of this kind only, so the casts hold. */
export function powerAlertKind(
  deviceExists: (tenantId: string, deviceId: string) => Promise<boolean>,
): AlertKindAdapter<PowerAlertRule, ActiveAlert, Body> {
  return {
    kind: 'powerdata',
    ruleOf: (row: AlertRuleRow): PowerAlertRule => ({
      alert_id: row.id,
      device_id: row.device_id,
      device_type: row.device_type as DeviceType | null,
      trigger_field: row.trigger_field as PowerAlertField,
      trigger_operator: row.trigger_operator,
      trigger_value: row.trigger_value ?? 0,
      notify_on_clear: row.notify_on_clear,
      recipient_count: row.recipient_count,
      active_count: row.active_count,
      created_at: isoOf(row.created_at),
      updated_at: isoOf(row.updated_at),
    }),
    activeOf: (row: ActiveAlertRow): ActiveAlert => ({
      occurrence_id: row.occurrence_id,
      alert_id: row.alert_id,
      device_id: row.device_id,
      full_name: row.full_name ?? row.device_id,
      trigger_field: row.trigger_field as PowerAlertField,
      trigger_operator: row.trigger_operator,
      trigger_value: row.trigger_value ?? 0,
      actual_value: row.actual_value ?? 0,
      trigger_date: isoOf(row.triggered_at),
      state: row.acknowledged_at === null ? 'active' : 'acknowledged',
      acknowledged_by: row.acknowledged_by_name,
      acknowledged_at: row.acknowledged_at === null ? null : isoOf(row.acknowledged_at),
    }),
    targetProblems: async (tenantId, body) =>
      body.device_id !== null && !(await deviceExists(tenantId, body.device_id))
        ? [{ field: 'device_id', message: 'No device with this id' }]
        : [],
  };
}
