import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ALERT_OPERATORS, POWER_ALERT_FIELDS } from '@gridlens/domain/alerts/power-alert-rules';
import { DEVICE_TYPES } from '@gridlens/domain/power/enumerations';
import type { PowerAlertRule } from '@gridlens/contract/alerts';
import { useSaveRule } from '@/lib/api/alerts';
import { ApiRequestError } from '@/lib/api/api-client';
import { useAssetList } from '@/lib/api/power-devices';
import { useAppStore } from '@/lib/app-store';
import type { FieldProblem } from '@/lib/field-problem';
import { emptyRule, ruleFormValuesOf, validateRule, type RuleFormValues } from './alert-form';
import { unitOf, useAlertText } from './alert-text';
import { RuleScopeFields } from './rule-scope-fields';

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
  const [problems, setProblems] = useState<Partial<Record<'device' | 'field' | 'operator' | 'value', FieldProblem | string>>>({});
  const assets = useAssetList();
  const save = useSaveRule('powerdata');
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const deviceIds = useMemo(
    () => (assets.data?.columns.device_id ?? []).filter((id): id is string => typeof id === 'string'),
    [assets.data],
  );
  const set = <K extends keyof RuleFormValues>(key: K, value: RuleFormValues[K]) => setValues((old) => ({ ...old, [key]: value }));
  const message = (problem: FieldProblem | string | undefined) =>
    problem === undefined ? undefined : typeof problem === 'string' ? problem : t(problem.key, problem.values);

  const submit = () => {
    const { body, problems: found } = validateRule(values, metric);
    setProblems(found);
    if (!body) return;
    save.mutate(
      { alertId: rule?.alert_id ?? null, body },
      {
        onSuccess: () => {
          showSnackbar(t('alerts.saved'));
          onClose();
        },
        onError: (error) => {
          // The server knows what the form cannot: whether the device exists in the tenant.
          if (error instanceof ApiRequestError && error.details.some((d) => d.field === 'device_id'))
            setProblems({ device: t('alerts.unknownDevice') });
          else showSnackbar(t('errors.error'));
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="alert-rule-title" fullWidth maxWidth="sm">
      <DialogTitle id="alert-rule-title">{rule ? t('alerts.editRule') : t('alerts.newRule')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }} component="form" noValidate onSubmit={(event) => (event.preventDefault(), submit())}>
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
          <TextField
            select
            required
            label={t('alerts.field')}
            value={values.field}
            onChange={(event) => set('field', event.target.value as RuleFormValues['field'])}
            error={Boolean(problems.field)}
            helperText={message(problems.field)}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'rule-field' } as object } }}
          >
            {POWER_ALERT_FIELDS.map((field) => (
              <MenuItem key={field} value={field}>
                {t(`alerts.fields.${field}`)}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={2}>
            <TextField
              select
              required
              label={t('alerts.operator')}
              value={values.operator}
              onChange={(event) => set('operator', event.target.value as RuleFormValues['operator'])}
              error={Boolean(problems.operator)}
              helperText={message(problems.operator)}
              sx={{ minWidth: 140 }}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'rule-operator' } as object } }}
            >
              {ALERT_OPERATORS.map((operator) => (
                <MenuItem key={operator} value={operator}>
                  {operator}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              required
              fullWidth
              label={t('alerts.value')}
              value={values.value}
              onChange={(event) => set('value', event.target.value)}
              error={Boolean(problems.value)}
              helperText={message(problems.value)}
              slotProps={{
                htmlInput: { inputMode: 'decimal', 'data-testid': 'rule-value' },
                input: values.field ? { endAdornment: <InputAdornment position="end">{unitOf(values.field, metric)}</InputAdornment> } : {},
              }}
            />
          </Stack>
          <FormControlLabel
            control={<Checkbox checked={values.notifyOnClear} onChange={(event) => set('notifyOnClear', event.target.checked)} />}
            label={t('alerts.notifyOnClear')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('alerts.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="save-rule">
          {t('alerts.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
