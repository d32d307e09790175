import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_OPERATORS, POWER_ALERT_FIELDS } from '@gridlens/domain/alerts/power-alert-rules';
import { DEVICE_TYPES } from '@gridlens/domain/power/enumerations';
import type { PowerAlertRule } from '@gridlens/contract/alerts';
import { useAssetList } from '@/lib/api/assets';
import type { FieldProblem } from '@/lib/field-problem';
import { emptyRule, ruleFormValuesOf, validateRule, type RuleFormValues } from './alert-form';
import { unitOf, useAlertText } from './alert-text';
import { RuleDialogFrame, RuleScopeFields, ThresholdFields, TriggerField, useProblemText, useRuleSave } from './rule-dialog-parts';

interface Props {
  /** The rule to edit, or null for a new one. */
  rule: PowerAlertRule | null;
  onClose: () => void;
}

/** Create or edit a power-data alert rule, checked as the server checks it (spec §5 messages). */
export default function AlertRuleDialog({ rule, onClose }: Props) {
  const { t } = useTranslation();
  const { metric } = useAlertText();
  const [values, setValues] = useState<RuleFormValues>(rule ? ruleFormValuesOf(rule, metric) : emptyRule);
  const [problems, setProblems] = useState<Partial<Record<'device' | 'field' | 'operator' | 'value', FieldProblem>>>({});
  const assets = useAssetList();
  const { save, saving } = useRuleSave('powerdata', onClose, (field, problem) => setProblems({ [field]: problem }));
  const deviceIds = useMemo(
    () => (assets.data?.columns.device_id ?? []).filter((id): id is string => typeof id === 'string'),
    [assets.data],
  );
  const set = <K extends keyof RuleFormValues>(key: K, value: RuleFormValues[K]) => setValues((old) => ({ ...old, [key]: value }));
  const message = useProblemText();

  const submit = () => {
    const { body, problems: found } = validateRule(values, metric);
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
        deviceId={values.deviceId}
        onDeviceId={(id) => set('deviceId', id)}
        deviceError={message(problems.device)}
        deviceTypes={DEVICE_TYPES}
        typeLabel={(type) => t(`assets.values.device_type.${type.replaceAll(' ', '_')}`)}
        deviceType={values.deviceType}
        onDeviceType={(type) => set('deviceType', type)}
      />
      <TriggerField
        fields={POWER_ALERT_FIELDS}
        fieldLabel={(field) => t(`alerts.fields.${field}`)}
        field={values.field}
        onField={(field) => set('field', field)}
        error={Boolean(problems.field)}
        helperText={message(problems.field)}
      />
      <ThresholdFields
        operators={ALERT_OPERATORS}
        operator={values.operator}
        onOperator={(operator) => set('operator', operator)}
        operatorError={message(problems.operator)}
        value={values.value}
        onValue={(value) => set('value', value)}
        valueError={message(problems.value)}
        unit={values.field ? unitOf(values.field, metric) : null}
      />
    </RuleDialogFrame>
  );
}
