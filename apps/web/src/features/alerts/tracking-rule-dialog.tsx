import { useMemo, useState } from 'react';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { TrackingAlertRule } from '@gridlens/contract/tracking-alerts';
import {
  isLocationField,
  TRACKING_ALERT_FIELDS,
  TRACKING_FIELD_OPERATORS,
  type TrackingAlertField,
} from '@gridlens/domain/alerts/tracking-alert-rules';
import { LOCATION_TYPES, TRACKER_TYPES } from '@gridlens/domain/tracking/enumerations';
import { useLocations, useTrackedDevices } from '@/lib/api/tracking';
import type { FieldProblem } from '@/lib/field-problem';
import { unitOf, useAlertText } from './alert-text';
import { RuleDialogFrame, RuleScopeFields, ThresholdFields, TriggerField, useProblemText, useRuleSave } from './rule-dialog-parts';
import {
  emptyTrackingRule,
  placeOfType,
  trackingFormValuesOf,
  validateTrackingRule,
  withField,
  type TrackingRuleFormValues,
} from './tracking-rule-form';

interface Props {
  /** The rule to edit, or null for a new one. */
  rule: TrackingAlertRule | null;
  onClose: () => void;
}

type Problems = Partial<Record<'device' | 'field' | 'operator' | 'value' | 'place', FieldProblem>>;

/** Create or edit a tracking alert rule: arrival, departure, low battery, no message, static (docs/decisions.md). */
export default function TrackingRuleDialog({ rule, onClose }: Props) {
  const { t } = useTranslation();
  const { metric } = useAlertText();
  const [values, setValues] = useState<TrackingRuleFormValues>(rule ? trackingFormValuesOf(rule) : emptyTrackingRule);
  const [problems, setProblems] = useState<Problems>({});
  const devices = useTrackedDevices();
  const locations = useLocations();
  const { save, saving } = useRuleSave('tracking', onClose, (field, problem) => setProblems({ [field]: problem }));
  const deviceIds = useMemo(() => (devices.data ?? []).map((d) => d.device_id), [devices.data]);
  const deviceName = useMemo(() => new Map((devices.data ?? []).map((d) => [d.device_id, d.name])), [devices.data]);
  const set = <K extends keyof TrackingRuleFormValues>(key: K, value: TrackingRuleFormValues[K]) =>
    setValues((old) => ({ ...old, [key]: value }));
  const message = useProblemText();
  const byPlace = values.field !== '' && isLocationField(values.field);

  const submit = () => {
    const { body, problems: found } = validateTrackingRule(values);
    setProblems(found);
    if (!body) return;
    save(rule?.alert_id ?? null, body);
  };

  return (
    <RuleDialogFrame
      editing={rule !== null}
      onClose={onClose}
      onSubmit={submit}
      saving={saving}
      notifyOnClear={values.notifyOnClear}
      onNotifyOnClear={(notify) => set('notifyOnClear', notify)}
    >
      <RuleScopeFields
        deviceIds={deviceIds}
        deviceLabel={(id) => (deviceName.has(id) ? `${id} · ${deviceName.get(id) ?? ''}` : id)}
        deviceId={values.deviceId}
        onDeviceId={(id) => set('deviceId', id)}
        deviceError={message(problems.device)}
        deviceTypes={TRACKER_TYPES}
        typeLabel={(type) => t(`alerts.tracking.deviceTypes.${type}`)}
        deviceType={values.deviceType}
        onDeviceType={(type) => set('deviceType', type)}
      />
      <TriggerField
        fields={TRACKING_ALERT_FIELDS}
        fieldLabel={(field) => t(`alerts.tracking.fieldNames.${field}`)}
        field={values.field}
        onField={(field: TrackingAlertField) => setValues((old) => withField(old, field))}
        error={Boolean(problems.field)}
        helperText={message(problems.field) ?? (values.field === '' ? undefined : t(`alerts.tracking.help.${values.field}`))}
      />
      {byPlace ? (
        <TextField
          select
          required
          label={t('alerts.tracking.place')}
          value={values.place}
          onChange={(event) => set('place', event.target.value)}
          error={Boolean(problems.place)}
          helperText={message(problems.place)}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'rule-place' } as object } }}
        >
          <ListSubheader>{t('alerts.tracking.locationTypesTitle')}</ListSubheader>
          {LOCATION_TYPES.map((type) => (
            <MenuItem key={type} value={placeOfType(type)}>
              {t('alerts.tracking.anyOfType', { type: t(`alerts.tracking.locationTypes.${type}`) })}
            </MenuItem>
          ))}
          <ListSubheader>{t('alerts.tracking.locationsTitle')}</ListSubheader>
          {(locations.data ?? []).map((location) => (
            <MenuItem key={location.LocationID} value={location.LocationID}>
              {location.FullName}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <ThresholdFields
          operators={values.field === '' ? [] : TRACKING_FIELD_OPERATORS[values.field]}
          operator={values.operator}
          onOperator={(operator) => set('operator', operator)}
          operatorError={message(problems.operator)}
          value={values.value}
          onValue={(value) => set('value', value)}
          valueError={message(problems.value)}
          unit={values.field ? unitOf(values.field, metric) : null}
        />
      )}
    </RuleDialogFrame>
  );
}
