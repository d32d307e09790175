import type { AlertOperator, PowerAlertField } from '@gridlens/domain/alerts/power-alert-rules';
import type { TrackingAlertField } from '@gridlens/domain/alerts/tracking-alert-rules';
import type { LocationType } from '@gridlens/domain/tracking/enumerations';

/**
 * The shapes the rules repository, the outbox and the two evaluators share. They live apart from all of them
 * so that the repository (which loads rules for evaluation) need not import the evaluators, which import the
 * occurrences repository, which imported the rules repository: five files in a loop.
 */
export type AlertKind = 'powerdata' | 'tracking';

/** A power-data rule as evaluation reads it. */
export interface EvaluatedRule {
  id: string;
  device_id: string | null;
  device_type: string | null;
  trigger_field: PowerAlertField;
  trigger_operator: AlertOperator;
  trigger_value: number;
  notify_on_clear: boolean;
}

/** A tracking rule as evaluation reads it. */
export interface EvaluatedTrackingRule {
  id: string;
  device_id: string | null;
  device_type: string | null;
  trigger_field: TrackingAlertField;
  trigger_operator: AlertOperator;
  trigger_value: number | null;
  location_id: string | null;
  location_type: LocationType | null;
  notify_on_clear: boolean;
}
